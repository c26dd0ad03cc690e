package dev.jig.controller.app;

import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Karpenter's own controller beside Jig's, found against the CRUD mock API server and reported by metric and Event. */
@EnableKubernetesMockClient(crud = true)
class KarpenterDetectorIT {

    static KubernetesClient client;

    @Test
    void aRunningKarpenterDeploymentIsReportedOnceAndAScaledDownOneIsNot() {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        KarpenterDetector detector = new KarpenterDetector(client, registry);
        detector.reconcile();
        assertThat(detector.detected()).isZero();
        assertThat(registry.scrape()).contains("jig_karpenter_controller_detected 0.0");

        client.apps().deployments().inNamespace("karpenter").resource(new DeploymentBuilder().withNewMetadata().withName("karpenter")
                .withNamespace("karpenter").addToLabels(KarpenterDetector.NAME_LABEL, "karpenter").endMetadata()
                .withNewSpec().withReplicas(0).endSpec().build()).create();
        detector.reconcile();
        assertThat(detector.detected()).as("scaled to 0: not running").isZero();

        client.apps().deployments().inNamespace("kube-system").resource(new DeploymentBuilder().withNewMetadata().withName("karpenter")
                .withNamespace("kube-system").addToLabels(KarpenterDetector.NAME_LABEL, "karpenter").endMetadata()
                .withNewSpec().withReplicas(2).endSpec().build()).create();
        detector.reconcile();
        assertThat(detector.detected()).isEqualTo(1);
        assertThat(registry.scrape()).contains("jig_karpenter_controller_detected 1.0");
        assertThat(detector.reported()).hasValueSatisfying(r -> assertThat(r).contains("Deployment kube-system/karpenter"));
        assertThat(client.v1().events().inNamespace("kube-system").list().getItems()).singleElement().satisfies(e -> {
            assertThat(e.getReason()).isEqualTo("KarpenterControllerDetected");
            assertThat(e.getType()).isEqualTo("Warning");
            assertThat(e.getInvolvedObject().getName()).isEqualTo("karpenter");
            assertThat(e.getInvolvedObject().getKind()).isEqualTo("Deployment");
        });
        detector.reconcile();
        assertThat(client.v1().events().inNamespace("kube-system").list().getItems()).as("reported once while nothing changes").hasSize(1);
    }
}
