package dev.jig.controller.simulate;

import dev.jig.api.karpenter.Requirement;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.karpenter.Taint;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.cloud.ResolvedInstanceType;
import dev.jig.controller.loop.TimelineEvent;
import dev.jig.controller.model.LabelSelector;
import dev.jig.controller.model.Node;
import dev.jig.controller.model.NodeSelectorTerm;
import dev.jig.controller.model.Pod;
import dev.jig.controller.model.PodAffinityTerm;
import dev.jig.controller.model.TopologySpread;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static dev.jig.controller.testing.Fixtures.AL2023;
import static dev.jig.controller.testing.Fixtures.RESOLVER;
import static org.assertj.core.api.Assertions.assertThat;

class SimulatedKubeSchedulerTest {

    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

    private final InMemoryCluster cluster = new InMemoryCluster();
    private final List<TimelineEvent> log = new ArrayList<>();
    private final SimulatedClock clock = new SimulatedClock(T0);

    private SimulatedKubeScheduler scheduler(KubeSchedulerScoring scoring) {
        return new SimulatedKubeScheduler(cluster, clock, log::add, scoring);
    }

    private void node(String name, String type, String zone, boolean ready, Taint... taints) {
        ResolvedInstanceType t = RESOLVER.resolve(AL2023, List.of(type)).get(0);
        Map<String, String> labels = new HashMap<>(t.labels());
        labels.put(WellKnownLabels.ZONE, zone);
        labels.put(WellKnownLabels.HOSTNAME, name);
        cluster.register(new Node(name, "sim:///" + zone + "/" + name, labels, List.of(taints), t.capacity(), t.allocatable(), ready, T0));
    }

    private void pod(String name, long cpu, long mib, int priority, Instant created) {
        cluster.put(Pod.of("default", name, ResourceList.of(cpu, mib), Map.of()).with().priority(priority).created(created).build());
    }

    private Map<String, Integer> podsPerNode() {
        Map<String, Integer> out = new HashMap<>();
        for (Pod p : cluster.snapshot().pods()) if (p.isBound()) out.merge(p.nodeName(), 1, Integer::sum);
        return out;
    }

    private String nodeOf(String pod) {
        return cluster.snapshot().pods().stream().filter(p -> p.name().equals(pod)).findFirst().orElseThrow().nodeName();
    }

    @Test
    void leastAllocatedSpreadsPodsOverTheNodes() {
        node("a", "m5.xlarge", "us-east-1a", true);
        node("b", "m5.xlarge", "us-east-1a", true);
        for (int i = 0; i < 4; i++) pod("p" + i, 500, 2048, 0, T0);
        assertThat(scheduler(KubeSchedulerScoring.LEAST_ALLOCATED).bind()).isEqualTo(4);
        assertThat(podsPerNode()).containsEntry("a", 2).containsEntry("b", 2);
    }

    @Test
    void mostAllocatedPacksPodsOntoOneNode() {
        node("a", "m5.xlarge", "us-east-1a", true);
        node("b", "m5.xlarge", "us-east-1a", true);
        for (int i = 0; i < 4; i++) pod("p" + i, 500, 2048, 0, T0);
        assertThat(scheduler(KubeSchedulerScoring.MOST_ALLOCATED).bind()).isEqualTo(4);
        assertThat(podsPerNode()).hasSize(1).containsValue(4);
    }

    @Test
    void theQueueTakesHigherPriorityFirstThenOlderPods() {
        node("small", "c5.large", "us-east-1a", true);
        pod("old-low", 1500, 512, 0, T0);
        pod("new-high", 1500, 512, 100, T0.plusSeconds(5));
        pod("newer-high", 1500, 512, 100, T0.plusSeconds(9));
        SimulatedKubeScheduler s = scheduler(KubeSchedulerScoring.LEAST_ALLOCATED);
        s.bind();
        assertThat(nodeOf("new-high")).isEqualTo("small");
        assertThat(nodeOf("old-low")).isNull();
        assertThat(nodeOf("newer-high")).isNull();
        assertThat(s.failure("default/old-low")).hasValue("0/1 nodes are available: 1 Insufficient cpu.");
    }

    @Test
    void amongEqualPrioritiesTheOlderPodIsBoundFirstWhateverTheInsertionOrder() {
        node("small", "c5.large", "us-east-1a", true);
        pod("young", 1500, 512, 0, T0.plusSeconds(30));
        pod("old", 1500, 512, 0, T0);
        scheduler(KubeSchedulerScoring.LEAST_ALLOCATED).bind();
        assertThat(nodeOf("old")).isEqualTo("small");
        assertThat(nodeOf("young")).isNull();
    }

    @Test
    void notReadyAndTaintedNodesAreFilteredWithUpstreamsReasons() {
        node("booting", "m5.large", "us-east-1a", false);
        node("tainted", "m5.large", "us-east-1a", true, new Taint("dedicated", "gpu", "NoSchedule"));
        pod("p", 100, 128, 0, T0);
        SimulatedKubeScheduler s = scheduler(KubeSchedulerScoring.LEAST_ALLOCATED);
        assertThat(s.bind()).isZero();
        assertThat(s.failure("default/p")).hasValue(
                "0/2 nodes are available: 1 node(s) had untolerated taint {dedicated: gpu}, 1 node(s) were not ready.");
    }

    @Test
    void aHardZoneSpreadCountsEveryNodeIncludingOnesNotReadyYet() {
        node("a", "m5.2xlarge", "us-east-1a", true);
        node("c", "m5.2xlarge", "us-east-1c", false);
        LabelSelector web = LabelSelector.of(Map.of("app", "web"));
        for (int i = 0; i < 3; i++) {
            cluster.put(Pod.of("default", "web-" + i, ResourceList.of(100, 128), Map.of("app", "web")).with()
                    .spread(TopologySpread.of(1, WellKnownLabels.ZONE, web)).created(T0).build());
        }
        SimulatedKubeScheduler s = scheduler(KubeSchedulerScoring.LEAST_ALLOCATED);
        assertThat(s.bind()).as("zone c holds no web pod, so zone a may take only one").isEqualTo(1);
        assertThat(s.failure("default/web-1")).hasValueSatisfying(f -> assertThat(f).contains("didn't match pod topology spread constraints"));
    }

    @Test
    void aPassRunsAgainOnlyWhenSomethingChanged() {
        node("small", "c5.large", "us-east-1a", true);
        pod("a", 1500, 512, 0, T0);
        pod("b", 1500, 512, 0, T0.plusSeconds(1));
        SimulatedKubeScheduler s = scheduler(KubeSchedulerScoring.LEAST_ALLOCATED);
        assertThat(s.bind()).isEqualTo(1);
        assertThat(s.bind()).isZero();
        node("second", "c5.large", "us-east-1b", true);
        assertThat(s.bind()).isEqualTo(1);
        assertThat(nodeOf("b")).isEqualTo("second");
        assertThat(log).extracting(TimelineEvent::kind).containsOnly(TimelineEvent.Kind.POD_BOUND);
    }

    @Test
    void fromAHundredNodesOnlyAShareOfTheFeasibleNodesIsScored() {
        assertThat(SimulatedKubeScheduler.feasibleNodesToFind(50)).isEqualTo(50);
        assertThat(SimulatedKubeScheduler.feasibleNodesToFind(150)).as("50% of 150 is below the floor of 100").isEqualTo(100);
        assertThat(SimulatedKubeScheduler.feasibleNodesToFind(1000)).as("42%").isEqualTo(420);
        assertThat(SimulatedKubeScheduler.feasibleNodesToFind(5000)).as("10%").isEqualTo(500);
        assertThat(SimulatedKubeScheduler.feasibleNodesToFind(10000)).as("at least 5%").isEqualTo(500);
    }

    @Test
    void anUntoleratedPreferNoScheduleTaintAndAPreferredNodeAffinityWeighOnTheChoice() {
        node("tainted", "m5.large", "us-east-1a", true, new Taint("spot", "true", "PreferNoSchedule"));
        node("plain", "m5.large", "us-east-1a", true);
        node("preferred", "m5.large", "us-east-1b", true);
        cluster.put(Pod.of("default", "avoids-taint", ResourceList.of(100, 128), Map.of()).with().created(T0).build());
        scheduler(KubeSchedulerScoring.LEAST_ALLOCATED).bind();
        assertThat(nodeOf("avoids-taint")).isNotEqualTo("tainted");
        cluster.put(Pod.of("default", "likes-b", ResourceList.of(100, 128), Map.of()).with().created(T0)
                .preferredTerm(new NodeSelectorTerm(List.of(new Requirement(WellKnownLabels.ZONE, Requirement.Operator.In, List.of("us-east-1b"))), 50))
                .build());
        scheduler(KubeSchedulerScoring.LEAST_ALLOCATED).bind();
        assertThat(nodeOf("likes-b")).isEqualTo("preferred");
    }

    @Test
    void aBoundPodsPreferredAffinityDrawsThePodsItSelectsToItsZone() {
        node("a", "m5.large", "us-east-1a", true);
        node("b", "m5.large", "us-east-1b", true);
        PodAffinityTerm towardsCache = new PodAffinityTerm(LabelSelector.of(Map.of("app", "cache")), WellKnownLabels.ZONE, java.util.Set.of(), 100);
        cluster.put(Pod.of("default", "web", ResourceList.of(100, 128), Map.of("app", "web")).with().preferredAffinity(towardsCache)
                .nodeName("b").build());
        cluster.put(Pod.of("default", "cache", ResourceList.of(100, 128), Map.of("app", "cache")).with().created(T0).build());
        scheduler(KubeSchedulerScoring.LEAST_ALLOCATED).bind();
        assertThat(nodeOf("cache")).as("node a is emptier, but web on b prefers cache pods in its zone").isEqualTo("b");
    }
}
