package dev.jig.controller.provisioning;

import dev.jig.api.ec2.NodeClass;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.controller.cloud.UnavailableOfferings;
import dev.jig.controller.cloud.sim.SimulatedCloud;
import dev.jig.controller.lifecycle.NodeClaimLifecycle;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.Pod;
import dev.jig.controller.simulate.InMemoryCluster;
import dev.jig.controller.simulate.SimulatedClock;
import dev.jig.controller.simulate.SimulatedWorld;
import dev.jig.controller.state.ClusterSnapshot;
import dev.jig.controller.state.ForwardingCluster;
import dev.jig.controller.state.ObjectEvent;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import static dev.jig.controller.testing.Fixtures.RESOLVER;
import static dev.jig.controller.testing.Fixtures.inflatePool;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * How a batch opens, closes and tells its pods. A new pod's batch closes one idle second after it came, however many planned pods must be planned again meanwhile
 * (their target gone, or turned Ready without them): those trickle in as nodes join, and when each extended the
 * window a probe waited 3.2 s behind a flood's re-plans in {@code bench/run.sh}. Each pod a batch places gets
 * Karpenter's {@code Nominated} Event, once per place.
 */
class BatchWindowTest {

    private final SimulatedClock clock = new SimulatedClock(SimulatedWorld.START);
    private final InMemoryCluster cluster = new InMemoryCluster();
    private final SimulatedCloud cloud = new SimulatedCloud(RESOLVER, clock, Duration.ofSeconds(30), new UnavailableOfferings(clock, UnavailableOfferings.DEFAULT_TTL));
    private final Provisioner provisioner = new Provisioner(cluster, cloud, new NodeClaimLifecycle(cluster, cloud, clock, e -> { }), clock, e -> { },
            new NameGenerator(new Random(1)));

    @Test
    void podsPlannedAgainDoNotHoldANewPodsBatchOpen() {
        cluster.put(inflatePool());
        cluster.put(NodeClass.al2023("default"));
        for (int i = 0; i < 3; i++) cluster.put(pod("planned-" + i));
        assertThat(provisioner.reconcile()).as("the first pods open a batch").isEmpty();
        clock.advance(Duration.ofSeconds(1));
        assertThat(provisioner.reconcile()).as("which closes an idle second later").isPresent();
        assertThat(cluster.snapshot().nodeClaims()).hasSize(3);

        cluster.put(pod("new"));
        assertThat(provisioner.reconcile()).as("a new pod opens a batch").isEmpty();
        // every 300 ms, one of the planned pods loses its NodeClaim and must be planned again
        for (NodeClaim c : cluster.snapshot().nodeClaims()) {
            clock.advance(Duration.ofMillis(300));
            cluster.delete(c);
            assertThat(provisioner.reconcile()).as("at %s", clock.instant()).isEmpty();
        }
        clock.advance(Duration.ofMillis(100));
        assertThat(provisioner.reconcile()).as("the batch closes one idle second after the new pod, not after the last re-plan").isPresent();
        assertThat(provisioner.describePlan("default/new")).hasValueSatisfying(d -> assertThat(d).startsWith("planned onto "));
        assertThat(provisioner.describePlan("default/planned-2")).as("the re-plans ride in the same batch")
                .hasValueSatisfying(d -> assertThat(d).startsWith("planned onto "));
    }

    @Test
    void aNewPodExtendsABatchThatRePlansOpened() {
        firstBatch(provisioner, "planned");
        clock.advance(Duration.ofMillis(100));
        assertThat(provisioner.reconcile()).as("the provisioner has seen its NodeClaim").isEmpty();
        cluster.delete(cluster.snapshot().nodeClaims().get(0));
        assertThat(provisioner.reconcile()).as("a re-plan opens a batch").isEmpty();
        clock.advance(Duration.ofMillis(900));
        cluster.put(pod("new"));
        assertThat(provisioner.reconcile()).as("a pod arriving extends it as it would any batch").isEmpty();
        clock.advance(Duration.ofMillis(999));
        assertThat(provisioner.reconcile()).isEmpty();
        clock.advance(Duration.ofMillis(1));
        assertThat(provisioner.reconcile()).isPresent();
    }

    @Test
    void aPodsWindowOpensWhenItArrivesEvenWhileTheCacheLagsBehindTheProvisionersCreates() {
        Set<String> hidden = new HashSet<>();
        ForwardingCluster lagging = new ForwardingCluster(cluster) {
            @Override
            public ClusterSnapshot snapshot() {
                ClusterSnapshot s = super.snapshot();
                return new ClusterSnapshot(s.pods(), s.nodes(), s.nodeClaims().stream().filter(c -> !hidden.contains(c.name())).toList(),
                        s.nodePools(), s.nodeClasses(), s.daemonSets(), s.tenancy(), s.pdbs());
            }

            @Override
            public void create(NodeClaim claim) {
                super.create(claim);
                hidden.add(claim.name()); // the watch has not delivered it yet
            }
        };
        Provisioner p = new Provisioner(lagging, cloud, new NodeClaimLifecycle(lagging, cloud, clock, e -> { }), clock, e -> { },
                new NameGenerator(new Random(1)));
        firstBatch(p, "first");

        clock.advance(Duration.ofMillis(100));
        cluster.put(pod("second"));
        assertThat(p.reconcile()).as("the cache does not show the first NodeClaim yet: no batch runs").isEmpty();
        assertThat(p.nextDeadline()).as("but the second pod's window opened when it came").contains(clock.instant().plusSeconds(1));
        clock.advance(Duration.ofMillis(700));
        hidden.clear();
        assertThat(p.reconcile()).as("synced, the window still open").isEmpty();
        clock.advance(Duration.ofMillis(300));
        assertThat(p.reconcile()).as("one idle second after the pod came").isPresent();
        assertThat(p.describePlan("default/first")).as("the first pod, planned onto a NodeClaim the cache did not show, was not planned again")
                .hasValueSatisfying(d -> assertThat(d).isEqualTo("planned onto " + cluster.snapshot().nodeClaims().get(0).name()));
    }

    @Test
    void eachPlacedPodIsToldWhereItShouldScheduleOncePerPlace() {
        firstBatch(provisioner, "first");
        String claim = cluster.snapshot().nodeClaims().get(0).name();
        assertThat(nominated()).containsExactly("first: Pod should schedule on: nodeclaim/" + claim);

        // a small pod fits on the NodeClaim in flight: told so, and the first pod, kept there, is not told again
        cluster.put(Pod.of("default", "small", ResourceList.of(100, 128), Map.of()).with().nodeSelector(Map.of("type", "karpenter")).build());
        provisioner.reconcile();
        clock.advance(Duration.ofSeconds(1));
        assertThat(provisioner.reconcile()).hasValueSatisfying(r -> assertThat(r.newClaims()).isEmpty());
        assertThat(nominated()).containsExactly("first: Pod should schedule on: nodeclaim/" + claim, "small: Pod should schedule on: nodeclaim/" + claim);
        assertThat(cluster.events()).filteredOn(e -> e.reason().equals(Provisioner.NOMINATED_REASON))
                .allSatisfy(e -> assertThat(e.type()).isEqualTo(ObjectEvent.NORMAL));
    }

    private List<String> nominated() {
        return cluster.events().stream().filter(e -> e.reason().equals(Provisioner.NOMINATED_REASON)).map(e -> e.name() + ": " + e.message()).toList();
    }

    /** The default pool and node class, one pod, and the batch that plans it an idle second later. */
    private void firstBatch(Provisioner p, String podName) {
        cluster.put(inflatePool());
        cluster.put(NodeClass.al2023("default"));
        cluster.put(pod(podName));
        p.reconcile();
        clock.advance(Duration.ofSeconds(1));
        assertThat(p.reconcile()).isPresent();
    }

    private static Pod pod(String name) {
        return Pod.of("default", name, ResourceList.of(1_500, 1024), Map.of()).with().nodeSelector(Map.of("type", "karpenter")).build();
    }
}
