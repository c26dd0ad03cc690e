package dev.jig.controller.kube;

import dev.jig.api.karpenter.Finalizers;
import dev.jig.api.karpenter.Requirement;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.karpenter.TaintKeys;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.cloud.Instance;
import dev.jig.controller.cloud.UnavailableOfferings;
import dev.jig.controller.cloud.sim.SimulatedCloud;
import dev.jig.controller.loop.TimelineEvent;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.simulate.SimulatedClock;
import dev.jig.controller.termination.Terminator;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.jig.controller.kube.KubeClusterIT.await;
import static dev.jig.controller.testing.Fixtures.RESOLVER;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Termination through the Kubernetes adapter against fabric8's mock API server in CRUD mode: taint, pod deletion once
 * the grace period ran out, instance deletion and finalizer removal. The CRUD mode stores an eviction POST as a pod
 * (it answers 409), so the Eviction API's answers are tested against recorded responses in {@link EvictionIT}.
 */
@EnableKubernetesMockClient(crud = true)
class TerminationIT {

    KubernetesClient client;

    private final SimulatedClock clock = new SimulatedClock(Instant.parse("2026-01-01T00:00:00Z"));
    private final List<TimelineEvent> timeline = new ArrayList<>();
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

    @Test
    void theTerminatorTaintsDeletesPodsPastTheGracePeriodThenTheInstanceAndRemovesTheFinalizers() {
        client.genericKubernetesResources(KubeCluster.NODE_POOLS).resource(client.getKubernetesSerialization().unmarshal("""
                {"apiVersion": "karpenter.sh/v1", "kind": "NodePool", "metadata": {"name": "default"},
                 "spec": {"template": {"spec": {"nodeClassRef": {"group": "karpenter.k8s.aws", "kind": "EC2NodeClass", "name": "default"},
                   "terminationGracePeriod": "0s", "requirements": []}}}}""", GenericKubernetesResource.class)).create();
        SimulatedCloud cloud = new SimulatedCloud(RESOLVER, clock, Duration.ofSeconds(30), new UnavailableOfferings(clock, UnavailableOfferings.DEFAULT_TTL));
        NodeClaim claim = new NodeClaim("c1", "default", "default", Map.of(WellKnownLabels.NODEPOOL, "default"),
                List.of(new Requirement(WellKnownLabels.INSTANCE_TYPE, Requirement.Operator.In, List.of("m5.large"))), ResourceList.of(0, 1024),
                List.of(), List.of(), clock.instant(), false, null);
        Instance i = cloud.create(claim, dev.jig.controller.testing.Fixtures.AL2023);
        NodeClaim.Status status = NodeClaim.condition(new NodeClaim.Status(i.providerId(), i.type().name(), i.zone(), i.capacityType(),
                i.pricePerHour(), i.type().capacity(), i.type().allocatable(), "n1", List.of()), NodeClaim.LAUNCHED, true, "Launched", "", clock.instant());
        cluster.create(claim.withFinalizer(Finalizers.TERMINATION).withStatus(status));
        client.nodes().resource(new NodeBuilder().withNewMetadata().withName("n1").addToFinalizers(Finalizers.TERMINATION).endMetadata()
                .withNewSpec().withProviderID(i.providerId()).endSpec().build()).create();
        pod("web", "n1");
        GenericKubernetesResource live = client.genericKubernetesResources(KubeCluster.NODE_CLAIMS).withName("c1").get();
        assertThat(live.getMetadata().getFinalizers()).containsExactly(Finalizers.TERMINATION);

        client.genericKubernetesResources(KubeCluster.NODE_CLAIMS).withName("c1").delete();
        await(() -> cluster.snapshot().nodeClaims().stream().anyMatch(NodeClaim::deleting));
        await(() -> cluster.snapshot().pods().size() == 1 && cluster.snapshot().nodes().size() == 1 && cluster.snapshot().nodePools().size() == 1);
        Terminator terminator = new Terminator(cluster, cloud, clock, timeline::add);

        terminator.reconcile();
        assertThat(client.nodes().withName("n1").get().getSpec().getTaints())
                .anyMatch(t -> t.getKey().equals(TaintKeys.DISRUPTED) && t.getEffect().equals("NoSchedule"));
        assertThat(timeline).as(timeline.toString()).extracting(TimelineEvent::kind).contains(TimelineEvent.Kind.POD_DELETED);
        await(() -> client.pods().inNamespace("default").withName("web").get() == null);
        assertThat(client.v1().events().inNamespace("default").list().getItems())
                .filteredOn(e -> e.getInvolvedObject().getKind().equals("Pod")).singleElement().satisfies(e -> {
                    assertThat(e.getInvolvedObject().getName()).isEqualTo("web");
                    assertThat(e.getInvolvedObject().getNamespace()).isEqualTo("default");
                    assertThat(e.getReason()).isEqualTo("TerminationGracePeriodExpired");
                    assertThat(e.getMessage()).contains("NodeClaim c1", "node n1");
                });
        await(() -> cluster.snapshot().pods().isEmpty());

        clock.advance(Terminator.MIN_DRAIN_TIME); // the instance goes no sooner than MinDrainTime after the drain began
        terminator.reconcile();
        assertThat(cloud.list()).isEmpty();
        terminator.reconcile();
        assertThat(client.genericKubernetesResources(KubeCluster.NODE_CLAIMS).withName("c1").get()).as(timeline.toString()).isNull();
        assertThat(client.nodes().withName("n1").get()).isNull();
        assertThat(timeline).extracting(TimelineEvent::kind).contains(TimelineEvent.Kind.NODECLAIM_DELETED);
    }
}
