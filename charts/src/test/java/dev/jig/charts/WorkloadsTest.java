package dev.jig.charts;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.SecurityContext;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.TopologySpreadConstraint;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The Deployments survive drains and node and zone loss, run locked down, and are configured as their programs read it. */
class WorkloadsTest {

    static List<String> combinations() {
        return Rendered.combinations().toList();
    }

    private static Map<String, EnvVar> env(Container c) {
        return c.getEnv().stream().collect(Collectors.toMap(EnvVar::getName, e -> e));
    }

    private static Optional<String> value(Container c, String name) {
        return Optional.ofNullable(env(c).get(name)).map(EnvVar::getValue);
    }

    @ParameterizedTest
    @MethodSource("combinations")
    void everyDeploymentHasAPdbAndSpreadsOverHostnamesAndZones(String combination) {
        List<Object> objects = Rendered.objects(combination);
        List<Deployment> deployments = StrictObjects.all(objects, Deployment.class);
        assertThat(deployments).isNotEmpty();
        for (Deployment d : deployments) {
            Map<String, String> podLabels = d.getSpec().getTemplate().getMetadata().getLabels();
            assertThat(podLabels).containsAllEntriesOf(d.getSpec().getSelector().getMatchLabels());
            PodDisruptionBudget pdb = StrictObjects.one(objects, PodDisruptionBudget.class, d.getMetadata().getName());
            assertThat(podLabels).containsAllEntriesOf(pdb.getSpec().getSelector().getMatchLabels());
            assertThat(pdb.getSpec().getMaxUnavailable().getIntVal()).isEqualTo(1);
            assertThat(pdb.getSpec().getMaxUnavailable().getIntVal()).isLessThan(d.getSpec().getReplicas());
            PodSpec pod = d.getSpec().getTemplate().getSpec();
            Map<String, TopologySpreadConstraint> spread = pod.getTopologySpreadConstraints().stream()
                    .collect(Collectors.toMap(TopologySpreadConstraint::getTopologyKey, c -> c));
            assertThat(spread.keySet()).containsExactlyInAnyOrder("kubernetes.io/hostname", "topology.kubernetes.io/zone");
            assertThat(spread.get("kubernetes.io/hostname").getWhenUnsatisfiable()).isEqualTo("DoNotSchedule");
            for (TopologySpreadConstraint c : spread.values()) {
                assertThat(c.getMaxSkew()).isEqualTo(1);
                assertThat(podLabels).containsAllEntriesOf(c.getLabelSelector().getMatchLabels());
            }
            assertThat(pod.getPriorityClassName()).isEqualTo("system-cluster-critical");
        }
    }

    @ParameterizedTest
    @MethodSource("combinations")
    void everyContainerRunsLockedDownWithLimitsAndProbes(String combination) {
        for (Deployment d : StrictObjects.all(Rendered.objects(combination), Deployment.class)) {
            PodSpec pod = d.getSpec().getTemplate().getSpec();
            assertThat(pod.getSecurityContext().getRunAsNonRoot()).isTrue();
            for (Container c : pod.getContainers()) {
                SecurityContext s = c.getSecurityContext();
                assertThat(s.getRunAsNonRoot()).isTrue();
                assertThat(s.getReadOnlyRootFilesystem()).isTrue();
                assertThat(s.getAllowPrivilegeEscalation()).isFalse();
                assertThat(s.getCapabilities().getDrop()).containsExactly("ALL");
                assertThat(s.getSeccompProfile().getType()).isEqualTo("RuntimeDefault");
                assertThat(c.getResources().getRequests()).containsKeys("cpu", "memory");
                assertThat(c.getResources().getLimits()).containsKey("memory");
                assertThat(c.getReadinessProbe().getHttpGet().getPath()).isEqualTo("/readyz");
                assertThat(c.getLivenessProbe().getHttpGet().getPath()).isEqualTo("/healthz");
                assertThat(c.getVolumeMounts()).anySatisfy(m -> assertThat(m.getMountPath()).isEqualTo("/tmp"));
                assertThat(value(c, "JAVA_TOOL_OPTIONS")).isPresent();
            }
        }
    }

    @Test
    void theWebhookRunsThreeReplicasNeverFewerReadyDuringARollout() {
        Deployment d = StrictObjects.one(Rendered.objects("defaults"), Deployment.class, "jig-webhook");
        assertThat(d.getSpec().getReplicas()).isEqualTo(3);
        assertThat(d.getSpec().getStrategy().getRollingUpdate().getMaxUnavailable().getIntVal()).isZero();
    }

    @Test
    void theControllerRunsTwoReplicasThatElectALeaderByTheirPodNames() {
        List<Object> objects = Rendered.objects("defaults");
        Deployment d = StrictObjects.one(objects, Deployment.class, "jig-controller");
        assertThat(d.getSpec().getReplicas()).isEqualTo(2);
        Container c = d.getSpec().getTemplate().getSpec().getContainers().get(0);
        assertThat(c.getArgs()).containsExactly("run", "--cloud=sim");
        assertThat(env(c).get("POD_NAME").getValueFrom().getFieldRef().getFieldPath()).isEqualTo("metadata.name");
        assertThat(env(c).get("JIG_NAMESPACE").getValueFrom().getFieldRef().getFieldPath()).isEqualTo("metadata.namespace");
        assertThat(value(c, "JIG_METRICS_PORT")).contains("8080");
        assertThat(value(c, "JIG_NOMINATE_PODS")).contains("true");
        assertThat(value(c, "JIG_BATCH_IDLE")).contains("1s");
        assertThat(value(c, "JIG_BATCH_MAX")).contains("10s");
        assertThat(value(c, "JIG_LAUNCH_CONCURRENCY")).contains("10");
        assertThat(env(c).keySet()).noneMatch(k -> k.startsWith("AWS_") || k.startsWith("JIG_CLUSTER") || k.equals("JIG_INTERRUPTION_QUEUE"));
        Service metrics = StrictObjects.one(objects, Service.class, "jig-controller-metrics");
        assertThat(metrics.getSpec().getPorts()).singleElement().satisfies(p -> assertThat(p.getPort()).isEqualTo(8080));
        assertThat(metrics.getSpec().getSelector()).isEqualTo(d.getSpec().getSelector().getMatchLabels());
    }

    @Test
    void theAwsCloudGetsItsSettingsAsEnvironmentAndItsRoleThroughIrsa() {
        List<Object> objects = Rendered.objects("aws");
        Container c = StrictObjects.one(objects, Deployment.class, "jig-controller").getSpec().getTemplate().getSpec().getContainers().get(0);
        assertThat(c.getArgs()).containsExactly("run", "--cloud=aws");
        assertThat(value(c, "JIG_CLUSTER_NAME")).contains("prod-eu");
        assertThat(value(c, "JIG_INSTANCE_REFRESH_SECONDS")).contains("15");
        assertThat(value(c, "AWS_REGION")).contains("eu-west-1");
        assertThat(value(c, "JIG_CLUSTER_ENDPOINT")).contains("https://ABCDEF0123456789.gr7.eu-west-1.eks.amazonaws.com");
        assertThat(value(c, "JIG_SERVICE_CIDR")).contains("172.20.0.0/16");
        assertThat(value(c, "JIG_INTERRUPTION_QUEUE")).contains("prod-eu-karpenter");
        assertThat(value(c, "JIG_CLUSTER_CA_BUNDLE")).as("the CA the nodes bootstrap with, base64 PEM").hasValueSatisfying(ca ->
                assertThat(new String(java.util.Base64.getDecoder().decode(ca), java.nio.charset.StandardCharsets.US_ASCII)).startsWith("-----BEGIN CERTIFICATE-----"));
        assertThat(StrictObjects.one(objects, ServiceAccount.class, "jig-controller").getMetadata().getAnnotations())
                .containsEntry("eks.amazonaws.com/role-arn", "arn:aws:iam::123456789012:role/jig-controller");
    }

    @Test
    void tolerationsAndNodeSelectorsReachThePods() {
        PodSpec pod = StrictObjects.one(Rendered.objects("aws"), Deployment.class, "jig-webhook").getSpec().getTemplate().getSpec();
        assertThat(pod.getNodeSelector()).containsEntry("node-role/system", "true");
        assertThat(pod.getTolerations()).singleElement().satisfies(t -> {
            assertThat(t.getKey()).isEqualTo("dedicated");
            assertThat(t.getEffect()).isEqualTo("NoSchedule");
        });
        assertThat(StrictObjects.one(Rendered.objects("defaults"), Deployment.class, "jig-webhook").getSpec().getTemplate().getSpec().getTolerations())
                .isNullOrEmpty();
    }

    @Test
    void theServiceMonitorScrapesTheMetricsServicesPort() {
        List<Object> objects = Rendered.objects("servicemonitor");
        ExtensionKinds.ServiceMonitor monitor = StrictObjects.all(objects, ExtensionKinds.ServiceMonitor.class).get(0);
        Service metrics = StrictObjects.one(objects, Service.class, "jig-controller-metrics");
        assertThat(metrics.getMetadata().getLabels()).containsAllEntriesOf(monitor.spec().selector().getMatchLabels());
        assertThat(monitor.spec().namespaceSelector().matchNames()).containsExactly(JigChart.NAMESPACE);
        assertThat(monitor.spec().endpoints()).singleElement().satisfies(e -> {
            assertThat(e.port()).isEqualTo(metrics.getSpec().getPorts().get(0).getName());
            assertThat(e.path()).isEqualTo("/metrics");
        });
        assertThat(monitor.metadata().getLabels()).containsEntry("release", "kube-prometheus-stack");
    }
}
