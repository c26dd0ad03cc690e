package dev.jig.controller.kube;

import dev.jig.api.karpenter.Requirement;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.lifecycle.PodEvents;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.simulate.SimulatedClock;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static dev.jig.controller.kube.KubeClusterIT.await;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Karpenter's pod-events controller on the mock API server: binding, deleting and finishing a pod stamp
 * {@code status.lastPodEventTime} of its node's NodeClaim (and nothing else of the status), at most once per
 * {@link PodEvents#DEDUPE}, and the disruption core reads the stamp back from the snapshot.
 */
@EnableKubernetesMockClient(crud = true)
class PodEventsIT {

    KubernetesClient client;

    private final SimulatedClock clock = new SimulatedClock(Instant.parse("2026-01-01T00:00:00Z"));
    private KubeCluster cluster;

    @BeforeEach
    void setUp() {
        cluster = MockCluster.start(client);
    }

    @AfterEach
    void tearDown() {
        cluster.close();
    }

    private void pod(String name, String node) {
        MockCluster.pod(client, name, node);
    }

    private Instant stamped() {
        return cluster.snapshot().nodeClaims().get(0).status().lastPodEventTime();
    }

    private void awaitPods(int n) {
        await(() -> cluster.snapshot().pods().size() == n);
    }

    @Test
    void bindingDeletingAndFinishingAPodStampTheNodeClaimAtMostOncePerDedupeWindow() {
        NodeClaim claim = new NodeClaim("c1", "default", "default", Map.of(WellKnownLabels.NODEPOOL, "default"),
                List.of(new Requirement(WellKnownLabels.INSTANCE_TYPE, Requirement.Operator.In, List.of("m5.large"))), ResourceList.of(0, 1024),
                List.of(), List.of(), clock.instant(), false, null);
        NodeClaim.Status status = NodeClaim.condition(new NodeClaim.Status("sim:///us-east-1a/i-1", "m5.large", "us-east-1a", "on-demand",
                0.096, ResourceList.of(2000, 8L << 30), ResourceList.of(1930, 7L << 30), "n1", List.of()), NodeClaim.INITIALIZED, true, "Initialized", "", clock.instant());
        cluster.create(claim.withStatus(status));
        pod("web-0", "n1");
        awaitPods(1);
        await(() -> !cluster.snapshot().nodeClaims().isEmpty());
        PodEvents events = new PodEvents(cluster, clock);
        assertThat(events.sync()).as("the first sync is the baseline").isZero();
        assertThat(stamped()).isNull();

        clock.advance(Duration.ofSeconds(60));
        pod("web-1", "n1");
        awaitPods(2);
        assertThat(events.sync()).isEqualTo(1);
        Instant bound = clock.instant();
        await(() -> bound.equals(stamped()));
        assertThat(cluster.snapshot().nodeClaims().get(0).initialized()).as("the rest of the status stays").isTrue();
        assertThat(events.sync()).as("nothing changed").isZero();

        clock.advance(Duration.ofSeconds(2));
        client.pods().inNamespace("default").withName("web-1").delete();
        awaitPods(1);
        assertThat(events.sync()).as("within the dedupe window").isZero();
        clock.advance(Duration.ofSeconds(3));
        assertThat(events.sync()).as("written once the window passed").isEqualTo(1);
        Instant left = clock.instant();
        await(() -> left.equals(stamped()));

        clock.advance(Duration.ofSeconds(30));
        client.pods().inNamespace("default").withName("web-0").editStatus(p -> new PodBuilder(p).withNewStatus().withPhase("Succeeded").endStatus().build());
        awaitPods(0);
        assertThat(events.sync()).as("a finished pod left the node").isEqualTo(1);
        Instant finished = clock.instant();
        await(() -> finished.equals(stamped()));
        GenericKubernetesResource live = client.genericKubernetesResources(KubeCluster.NODE_CLAIMS).withName("c1").get();
        assertThat(live.get("status", "lastPodEventTime").toString()).isEqualTo("2026-01-01T00:01:35Z");
    }
}
