package dev.jig.controller.termination;

import dev.jig.api.karpenter.Annotations;
import dev.jig.api.karpenter.TaintKeys;
import dev.jig.controller.model.LabelSelector;
import dev.jig.controller.model.Pod;
import dev.jig.controller.model.PodDisruptionBudget;
import dev.jig.controller.model.Toleration;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static dev.jig.controller.testing.Fixtures.pod;
import static org.assertj.core.api.Assertions.assertThat;

class DrainPlanTest {

    private static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");

    private static Pod on(Pod p) {
        return p.with().nodeName("n1").build();
    }

    private static Pod app(String name) {
        return on(pod(name, 100, 128).with().label("app", "web").build());
    }

    private static Pod critical(String name) {
        return on(pod(name, 100, 128).with().priority(2_000_001_000).build());
    }

    private static List<String> names(List<Pod> pods) {
        return pods.stream().map(Pod::name).toList();
    }

    @Test
    void nonCriticalPodsLeaveBeforeCriticalOnes() {
        DrainPlan first = DrainPlan.of(List.of(critical("dns"), app("a"), app("b")), List.of(), NOW, null);
        assertThat(names(first.evict())).containsExactly("a", "b");
        assertThat(names(first.waiting())).containsExactly("dns");
        assertThat(first.drained()).isFalse();

        DrainPlan second = DrainPlan.of(List.of(critical("dns")), List.of(), NOW, null);
        assertThat(names(second.evict())).containsExactly("dns");
    }

    @Test
    void aPriorityAtTheSystemClusterCriticalValueCountsAsCritical() {
        Pod atThreshold = on(pod("c", 100, 128).with().priority(DrainPlan.CRITICAL_PRIORITY).build());
        Pod below = on(pod("b", 100, 128).with().priority(DrainPlan.CRITICAL_PRIORITY - 1).build());
        assertThat(names(DrainPlan.of(List.of(atThreshold, below), List.of(), NOW, null).evict())).containsExactly("b");
    }

    @Test
    void daemonSetMirrorAndDisruptedTaintToleratingPodsStayAndDoNotHoldTheNode() {
        Pod ds = on(pod("ds", 10, 10).with().daemonSet(true).build());
        Pod mirror = on(pod("static", 10, 10).with().annotation(Annotations.MIRROR_POD, "x").build());
        Pod tolerant = on(pod("tolerant", 10, 10).with().toleration(Toleration.exists(TaintKeys.DISRUPTED, Toleration.NO_SCHEDULE)).build());
        Pod tolerateAll = on(pod("all", 10, 10).with().toleration(new Toleration(null, "Exists", null, null)).build());
        DrainPlan plan = DrainPlan.of(List.of(ds, mirror, tolerant, tolerateAll), List.of(), NOW, null);
        assertThat(plan.evict()).isEmpty();
        assertThat(plan.drained()).isTrue();
    }

    @Test
    void aBudgetAllowingOneDisruptionLetsOnePodGoPerRound() {
        PodDisruptionBudget pdb = new PodDisruptionBudget("default", "web", LabelSelector.of(Map.of("app", "web")), 1);
        DrainPlan plan = DrainPlan.of(List.of(app("a"), app("b"), app("c")), List.of(pdb), NOW, null);
        assertThat(names(plan.evict())).containsExactly("a");
        assertThat(names(plan.waiting())).containsExactly("b", "c");
    }

    @Test
    void aBudgetAllowingNoDisruptionBlocksOnlyThePodsItCovers() {
        PodDisruptionBudget pdb = new PodDisruptionBudget("default", "web", LabelSelector.of(Map.of("app", "web")), 0);
        Pod other = on(pod("other", 10, 10));
        DrainPlan plan = DrainPlan.of(List.of(app("a"), other), List.of(pdb), NOW, null);
        assertThat(names(plan.evict())).containsExactly("other");
        assertThat(names(plan.waiting())).containsExactly("a");
        assertThat(plan.drained()).isFalse();
    }

    @Test
    void onceTheGracePeriodRanOutEveryDrainablePodIsDeletedWhateverTheBudgets() {
        PodDisruptionBudget pdb = new PodDisruptionBudget("default", "web", LabelSelector.of(Map.of("app", "web")), 0);
        Pod ds = on(pod("ds", 10, 10).with().daemonSet(true).build());
        DrainPlan before = DrainPlan.of(List.of(app("a"), critical("dns"), ds), List.of(pdb), NOW, NOW.plusSeconds(31));
        assertThat(before.delete()).isEmpty();
        assertThat(before.drained()).isFalse();

        DrainPlan forced = DrainPlan.of(List.of(app("a"), critical("dns"), ds), List.of(pdb), NOW, NOW);
        assertThat(names(forced.delete())).containsExactly("a", "dns");
        assertThat(forced.evict()).isEmpty();
        assertThat(forced.drained()).isTrue();
    }

    @Test
    void aDoNotDisruptPodIsNeverEvictedButHoldsTheNodeUntilTheGracePeriodRunsOut() {
        Pod pinned = app("pinned").with().annotation(Annotations.DO_NOT_DISRUPT, "true").build();
        DrainPlan plan = DrainPlan.of(List.of(pinned, app("a")), List.of(), NOW, NOW.plusSeconds(60));
        assertThat(names(plan.evict())).containsExactly("a");
        assertThat(names(plan.waiting())).containsExactly("pinned");
        assertThat(plan.drained()).isFalse();
        assertThat(names(DrainPlan.of(List.of(pinned), List.of(), NOW.plusSeconds(60), NOW.plusSeconds(60)).delete())).containsExactly("pinned");
    }

    @Test
    void aPodIsDeletedWhenTheNodesGracePeriodHasNoMoreLeftThanItsOwn() {
        PodDisruptionBudget pdb = new PodDisruptionBudget("default", "web", LabelSelector.of(Map.of("app", "web")), 0);
        Pod quick = app("quick").with().terminationGracePeriodSeconds(10).build();
        DrainPlan plan = DrainPlan.of(List.of(app("a"), critical("dns"), quick), List.of(pdb), NOW, NOW.plusSeconds(30));
        assertThat(names(plan.delete())).as("30 s left: the default 30 s pods go, whatever the budget or the wave").containsExactly("a", "dns");
        assertThat(names(plan.waiting())).containsExactly("quick");
        assertThat(plan.drained()).as("the deleted pods still have their grace period to terminate").isFalse();
    }

    @Test
    void theAllowanceLeftByEarlierEvictionsInTheReconcileIsWhatTheRoundSpends() {
        PodDisruptionBudget pdb = new PodDisruptionBudget("default", "web", LabelSelector.of(Map.of("app", "web")), 1);
        assertThat(names(DrainPlan.of(List.of(app("a")), List.of(pdb), NOW, null).evict())).containsExactly("a");
        DrainPlan spent = DrainPlan.of(List.of(app("a")), List.of(pdb), Map.of(pdb.key(), 0), NOW, null);
        assertThat(spent.evict()).isEmpty();
        assertThat(names(spent.waiting())).containsExactly("a");
    }

    @Test
    void anEmptyNodeIsDrained() {
        assertThat(DrainPlan.of(List.of(), List.of(), NOW, null).drained()).isTrue();
    }
}
