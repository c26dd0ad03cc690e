package dev.jig.controller.kube;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.api.karpenter.Finalizers;
import dev.jig.api.karpenter.TaintKeys;
import dev.jig.controller.cloud.Instance;
import dev.jig.controller.cloud.UnavailableOfferings;
import dev.jig.controller.cloud.sim.SimulatedCloud;
import dev.jig.controller.cloud.sim.SimulatedCloudEvents;
import dev.jig.controller.loop.Reconciler;
import dev.jig.controller.loop.TimelineEvent;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.provisioning.NameGenerator;
import dev.jig.controller.run.RunReconcilers;
import dev.jig.controller.simulate.SimulatedClock;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;

import static dev.jig.controller.kube.KubeClusterIT.await;
import static dev.jig.controller.testing.Fixtures.RESOLVER;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code jig-controller run}'s reconcilers ({@link RunReconcilers}) end to end on the CRUD mock API server, with the
 * simulated cloud and clock and the test playing kubelet and kube-scheduler: pods are provisioned for, their nodes
 * register and initialize; a scale-down leaves a node empty and run removes it (emptiness, the 15 s validation, the
 * NodeClaim deleted, the node drained and deleted, the finalizers removed, the instance terminated), with its Events;
 * a spot interruption deletes the NodeClaim of the instance it names, launches its replacement at once and is acknowledged.
 */
@EnableKubernetesMockClient(crud = true)
class RunLoopIT {

    KubernetesClient client;

    private final SimulatedClock clock = new SimulatedClock(Instant.parse("2026-01-01T00:00:00Z"));
    private final List<TimelineEvent> timeline = new ArrayList<>();
    private final SimulatedCloudEvents events = new SimulatedCloudEvents();
    private KubeCluster cluster;
    private SimulatedCloud cloud;
    private List<Reconciler> reconcilers;

    @BeforeEach
    void setUp() {
        cluster = MockCluster.start(client);
        client.genericKubernetesResources(KubeCluster.NODE_POOLS).resource(generic("""
                {"apiVersion": "karpenter.sh/v1", "kind": "NodePool", "metadata": {"name": "default"},
                 "spec": {"template": {"metadata": {"labels": {"type": "karpenter"}},
                   "spec": {"nodeClassRef": {"group": "karpenter.k8s.aws", "kind": "EC2NodeClass", "name": "default"},
                     "requirements": [{"key": "node.kubernetes.io/instance-type", "operator": "In", "values": ["m5.large"]},
                                      {"key": "karpenter.sh/capacity-type", "operator": "In", "values": ["on-demand"]}]}},
                  "disruption": {"consolidationPolicy": "WhenEmptyOrUnderutilized", "consolidateAfter": "0s", "budgets": [{"nodes": "10%"}]}}}"""))
                .create();
        client.genericKubernetesResources(KubeCluster.NODE_CLASSES).resource(generic("""
                {"apiVersion": "karpenter.k8s.aws/v1", "kind": "EC2NodeClass", "metadata": {"name": "default"},
                 "spec": {"role": "KarpenterNodeRole", "amiSelectorTerms": [{"alias": "al2023@latest"}],
                   "subnetSelectorTerms": [{"tags": {"karpenter.sh/discovery": "c"}}],
                   "securityGroupSelectorTerms": [{"tags": {"karpenter.sh/discovery": "c"}}]}}""")).create();
        await(() -> cluster.snapshot().nodePools().size() == 1 && cluster.snapshot().nodeClasses().size() == 1);
        cloud = new SimulatedCloud(RESOLVER, clock, Duration.ofSeconds(30), new UnavailableOfferings(clock, UnavailableOfferings.DEFAULT_TTL));
        reconcilers = RunReconcilers.of(cluster, cloud, events, clock, timeline::add, new NameGenerator(new Random(1)), RunReconcilers.Metrics.NONE);
    }

    @AfterEach
    void tearDown() {
        cluster.close();
    }

    @Test
    void aScaleDownLeavesAnEmptyNodeAndRunRemovesIt() {
        String a = provision(0, 5);
        String b = provision(5, 10);
        assertThat(cloud.list()).hasSize(2);

        for (int i = 5; i < 10; i++) client.pods().inNamespace("default").withName("inflate-" + i).delete();
        await(() -> cluster.snapshot().pods().size() == 5);
        tickUntil(() -> client.nodes().withName(b).get() == null, 60);

        assertThat(names()).as(timeline.toString()).containsExactly(claimOf(a));
        assertThat(client.nodes().withName(a).get()).isNotNull();
        assertThat(cloud.list()).hasSize(1);
        assertThat(timeline).extracting(TimelineEvent::message).anyMatch(m -> m.startsWith("decided Empty/emptiness"))
                .anyMatch(m -> m.startsWith("executed emptiness"));
        assertThat(reasons(b)).contains("DisruptionTerminating");
    }

    @Test
    void aSpotInterruptionDeletesTheNodeClaimOfItsInstanceAndIsAcknowledged() {
        String a = provision(0, 5);
        String claim = claimOf(a);
        String providerId = client.nodes().withName(a).get().getSpec().getProviderID();
        events.publish(dev.jig.controller.cloud.CloudEvent.Kind.SPOT_INTERRUPTION, "sim:///us-east-1a/i-unknown", clock.instant(), "");
        events.publish(dev.jig.controller.cloud.CloudEvent.Kind.SPOT_INTERRUPTION, providerId, clock.instant(), "two-minute warning");

        tick();
        assertThat(events.pending()).as("both acknowledged, the unknown instance too").isEmpty();
        assertThat(names()).as("the replacement is created in the interruption's tick, while the node is still there").hasSize(2).contains(claim);
        assertThat(client.nodes().withName(a).get()).isNotNull();
        assertThat(cloud.list()).as("and launched").hasSize(2);
        await(() -> cluster.snapshot().nodeClaims().stream().anyMatch(c -> c.name().equals(claim) && c.deleting()));
        assertThat(reasons(a)).contains("SpotInterrupted");
        tickUntil(() -> client.nodes().withName(a).get().getSpec().getTaints().stream().anyMatch(t -> t.getKey().equals(TaintKeys.DISRUPTED)), 5);
        // the CRUD mock cannot evict (it stores the eviction as a pod): the test removes the pods as the Eviction API would
        for (int i = 0; i < 5; i++) client.pods().inNamespace("default").withName("inflate-" + i).delete();
        tickUntil(() -> client.nodes().withName(a).get() == null && !names().contains(claim), 30);
        assertThat(cloud.list()).as("only the replacement is left").singleElement()
                .satisfies(i -> assertThat(i.providerId()).isNotEqualTo(providerId));
        assertThat(names()).hasSize(1);
    }

    /** Creates pods {@code from..to-1}, lets run launch a NodeClaim for them, registers its node and binds them; returns the node. */
    private String provision(int from, int to) {
        Set<String> before = Set.copyOf(names());
        for (int i = from; i < to; i++) {
            client.pods().inNamespace("default").resource(new PodBuilder().withNewMetadata().withName("inflate-" + i).withNamespace("default")
                    .addToLabels("app", "inflate").endMetadata().withNewSpec().addToNodeSelector("type", "karpenter")
                    .addToContainers(new ContainerBuilder().withName("pause").withImage("registry.k8s.io/pause:3.10").withNewResources()
                            .addToRequests("memory", new Quantity("1Gi")).endResources().build()).endSpec().build()).create();
        }
        await(() -> cluster.snapshot().pendingPods().size() == to - from);
        tickUntil(() -> names().size() == before.size() + 1 && cluster.snapshot().nodeClaims().stream().allMatch(NodeClaim::launched), 10);
        String claim = names().stream().filter(n -> !before.contains(n)).findFirst().orElseThrow();
        GenericKubernetesResource live = client.genericKubernetesResources(KubeCluster.NODE_CLAIMS).withName(claim).get();
        assertThat(live.getMetadata().getFinalizers()).contains(Finalizers.TERMINATION);
        JsonNode json = client.getKubernetesSerialization().convertValue(live, JsonNode.class);
        String providerId = json.path("status").path("providerID").asText();
        Instance instance = cloud.list().stream().filter(i -> i.providerId().equals(providerId)).findFirst().orElseThrow();
        String node = MockCluster.registerNode(client, instance, json);
        tickUntil(() -> cluster.snapshot().nodeClaims().stream().filter(c -> c.name().equals(claim)).allMatch(NodeClaim::initialized), 10);
        for (int i = from; i < to; i++) {
            client.pods().inNamespace("default").withName("inflate-" + i).edit(p -> new PodBuilder(p).editSpec().withNodeName(node).endSpec().build());
        }
        await(() -> cluster.snapshot().pods().stream().filter(p -> node.equals(p.nodeName())).count() == to - from);
        tick();
        return node;
    }

    private void tick() {
        clock.advance(Duration.ofSeconds(1));
        for (Reconciler r : reconcilers) r.reconcile();
    }

    /** Ticks (a simulated second each, with a pause for the informers) until {@code done} holds, at most {@code seconds} times. */
    private void tickUntil(BooleanSupplier done, int seconds) {
        for (int i = 0; i < seconds && !done.getAsBoolean(); i++) {
            tick();
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
        assertThat(done.getAsBoolean()).as("not done after %d ticks: %s", seconds, timeline).isTrue();
    }

    private List<String> names() {
        return client.genericKubernetesResources(KubeCluster.NODE_CLAIMS).list().getItems().stream().map(r -> r.getMetadata().getName()).toList();
    }

    private String claimOf(String node) {
        return cluster.snapshot().nodeClaims().stream().filter(c -> c.status() != null && node.equals(c.status().nodeName()))
                .map(NodeClaim::name).findFirst().orElseThrow();
    }

    /** The reasons of the Events recorded on the Node {@code node}. */
    private Set<String> reasons(String node) {
        return client.v1().events().inNamespace("default").list().getItems().stream()
                .filter(e -> e.getInvolvedObject().getName().equals(node) && e.getInvolvedObject().getKind().equals("Node"))
                .map(io.fabric8.kubernetes.api.model.Event::getReason).collect(Collectors.toSet());
    }

    private GenericKubernetesResource generic(String json) {
        return client.getKubernetesSerialization().unmarshal(json, GenericKubernetesResource.class);
    }
}
