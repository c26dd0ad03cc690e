package dev.jig.controller.provisioning;

import dev.jig.api.karpenter.ResourceList;
import dev.jig.controller.model.Node;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.Pod;
import dev.jig.controller.state.Cluster;
import dev.jig.controller.state.ClusterSnapshot;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link Nominator}: Jig knows its nominations by the record of what it wrote (no annotation), so a pod nominated by
 * anyone else, or by Jig before a restart, is ignored until the kube-scheduler binds it or clears the nomination; a
 * nomination the kube-scheduler cleared is written again while the plan stands; a failing write is counted and the
 * other pods go on.
 */
class NominatorTest {

    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    private static final ResourceList ALLOCATABLE = new ResourceList(2000, 8L << 30, 0, 0, 29);

    private final List<String> writes = java.util.Collections.synchronizedList(new ArrayList<>());
    private final Map<String, RuntimeException> failing = new HashMap<>();
    private final java.util.Set<String> skipped = new java.util.HashSet<>();
    private final Cluster cluster = (Cluster) Proxy.newProxyInstance(Cluster.class.getClassLoader(), new Class<?>[]{Cluster.class}, (proxy, m, args) -> {
        if (!m.getName().equals("nominate")) throw new UnsupportedOperationException(m.getName());
        Pod p = (Pod) args[0];
        if (failing.containsKey(p.name())) throw failing.get(p.name());
        if (skipped.contains(p.name())) return Cluster.Nomination.SKIPPED;
        writes.add(p.name() + "->" + args[1]);
        return Cluster.Nomination.WRITTEN;
    });
    private final List<dev.jig.controller.loop.TimelineEvent> log = new ArrayList<>();
    private final Nominator nominator = new Nominator(cluster, log::add, true);
    private final Map<String, String> plan = new HashMap<>();

    private static ClusterSnapshot snapshot(Pod... pods) {
        NodeClaim.Status status = new NodeClaim.Status("sim:///us-east-1a/c1", "m5.large", "us-east-1a", "on-demand", 0.096,
                ALLOCATABLE, ALLOCATABLE, null, List.of());
        NodeClaim claim = new NodeClaim("c1", "default", "default", Map.of(), List.of(), ResourceList.ZERO, List.of(), List.of(), T0, false, status, Map.of());
        Node node = new Node("n1", "sim:///us-east-1a/c1", Map.of(), List.of(), ALLOCATABLE, ALLOCATABLE, false, T0);
        return new ClusterSnapshot(List.of(pods), List.of(node), List.of(claim), List.of(), Map.of(), List.of(), Optional.empty());
    }

    private static Pod pod(String name, String nominated) {
        return Pod.of("default", name, ResourceList.of(500, 256), Map.of()).with().nominatedNodeName(nominated).build();
    }

    private void sync(ClusterSnapshot s) {
        nominator.sync(nominator.withForeignIgnored(s), plan, T0);
    }

    @Test
    void aNominationJigDidNotWriteIsIgnoredAndNeverTouched() {
        plan.put("default/a", "c1");
        ClusterSnapshot s = nominator.withForeignIgnored(snapshot(pod("a", "elsewhere")));
        assertThat(s.pendingPods()).isEmpty();
        sync(snapshot(pod("a", "elsewhere")));
        assertThat(writes).isEmpty();
    }

    @Test
    void aPodTheProvisionerFoundUnschedulableHasItsNominationClearedNotKept() {
        plan.put("default/a", "c1");
        sync(snapshot(pod("a", null)));
        assertThat(nominator.standing()).containsExactly("n1");
        plan.put("default/a", "");
        sync(snapshot(pod("a", "n1")));
        assertThat(writes).containsExactly("a->n1", "a->null");
        assertThat(nominator.own(pod("a", null))).isNull();
        sync(snapshot(pod("a", null)));
        assertThat(writes).as("not written again after the kube-scheduler clears it").hasSize(2);
    }

    @Test
    void aPodTheClusterSkippedIsNeitherRecordedNorLogged() {
        skipped.add("a");
        plan.put("default/a", "c1");
        plan.put("default/b", "c1");
        sync(snapshot(pod("a", null), pod("b", null)));
        assertThat(writes).containsExactly("b->n1");
        assertThat(nominator.own(pod("a", null))).isNull();
        assertThat(log).singleElement().satisfies(e -> assertThat(e.message()).isEqualTo("nominated 1 pod: b"));
        assertThat(nominator.failures()).isZero();
    }

    @Test
    void jigsOwnNominationKeepsThePodPendingAndStandsInForAPlanForgotten() {
        plan.put("default/a", "c1");
        sync(snapshot(pod("a", null)));
        assertThat(writes).containsExactly("a->n1");
        plan.clear();
        assertThat(nominator.withForeignIgnored(snapshot(pod("a", "n1"))).pendingPods()).hasSize(1);
        sync(snapshot(pod("a", "n1")));
        assertThat(writes).as("no PATCH for a nomination that stands").hasSize(1);
    }

    @Test
    void aNominationTheKubeSchedulerClearedIsWrittenAgainWhileThePlanStands() {
        plan.put("default/a", "c1");
        sync(snapshot(pod("a", null)));
        sync(snapshot(pod("a", null))); // cleared by a failed attempt
        assertThat(writes).containsExactly("a->n1", "a->n1");
    }

    @Test
    void afterARestartJigsEarlierNominationIsForeignUntilClearedThenPlannedAgain() {
        Nominator restarted = new Nominator(cluster, e -> { }, true);
        assertThat(restarted.withForeignIgnored(snapshot(pod("a", "n1"))).pendingPods()).isEmpty();
        assertThat(restarted.withForeignIgnored(snapshot(pod("a", null))).pendingPods()).hasSize(1);
    }

    @Test
    void aFailingWriteIsCountedAndTheOtherPodsAreStillNominated() {
        plan.put("default/a", "c1");
        plan.put("default/b", "c1");
        failing.put("a", new RuntimeException("403 Forbidden"));
        sync(snapshot(pod("a", null), pod("b", null)));
        assertThat(writes).containsExactly("b->n1");
        assertThat(nominator.failures()).isEqualTo(1);
        assertThat(log).filteredOn(e -> e.kind() == dev.jig.controller.loop.TimelineEvent.Kind.NOMINATION_FAILED)
                .singleElement().satisfies(e -> assertThat(e.message()).contains("default/a", "403"));
        assertThat(nominator.own(pod("a", null))).as("not recorded as written").isNull();
    }

    @Test
    void withWritesOffNothingIsWrittenAndEveryNominationIsForeign() {
        Nominator off = new Nominator(cluster, e -> { }, false);
        plan.put("default/a", "c1");
        off.sync(snapshot(pod("a", null)), plan, T0);
        assertThat(writes).isEmpty();
        assertThat(off.withForeignIgnored(snapshot(pod("a", "n1"))).pendingPods()).isEmpty();
    }

    @Test
    void onWritersOfTheirOwnThePatchesRunAtOnceAndTheBookkeepingIsTheSame() {
        plan.put("default/a", "c1");
        plan.put("default/b", "c1");
        plan.put("default/c", "c1");
        failing.put("b", new IllegalStateException("HTTP 500"));
        List<dev.jig.controller.loop.TimelineEvent> events = new ArrayList<>();
        Nominator parallel = new Nominator(cluster, events::add, true, dev.jig.controller.lifecycle.ApiWriters.of(4));
        parallel.sync(parallel.withForeignIgnored(snapshot(pod("a", null), pod("b", null), pod("c", null))), plan, T0);
        assertThat(writes).containsExactlyInAnyOrder("a->n1", "c->n1");
        assertThat(parallel.failures()).isEqualTo(1);
        assertThat(parallel.own(pod("a", null))).isEqualTo("n1");
        assertThat(parallel.own(pod("b", null))).as("its write failed: tried again next time").isNull();
        assertThat(events).extracting(dev.jig.controller.loop.TimelineEvent::message)
                .containsExactly("nominating default/b to n1 failed: HTTP 500", "nominated 2 pods: a, c");
    }
}
