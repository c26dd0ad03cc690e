package dev.jig.controller.scheduling;

import dev.jig.api.diag.Rule;
import dev.jig.api.karpenter.Requirement.Operator;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.model.LabelSelector;
import dev.jig.controller.model.Limits;
import dev.jig.controller.model.NodePool;
import dev.jig.controller.model.Pod;
import dev.jig.controller.model.PodAffinityTerm;
import dev.jig.controller.model.TopologySpread;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static dev.jig.controller.testing.Fixtures.node;
import static dev.jig.controller.testing.Fixtures.pod;
import static dev.jig.controller.testing.Fixtures.pool;
import static dev.jig.controller.testing.Fixtures.req;
import static dev.jig.controller.testing.Fixtures.solve;
import static org.assertj.core.api.Assertions.assertThat;

class SchedulerTopologyTest {

    private static final String HOST = "kubernetes.io/hostname";
    private static final String ZONE = WellKnownLabels.ZONE;
    private static final Map<String, String> WEB = Map.of("app", "web");
    private static final NodePool POOL = pool("default");

    private static List<Pod> web(int n, java.util.function.UnaryOperator<Pod> f) {
        List<Pod> out = new ArrayList<>();
        for (int i = 0; i < n; i++) out.add(f.apply(Pod.of("default", "web-" + i, dev.jig.api.karpenter.ResourceList.of(250, 256), WEB)));
        return out;
    }

    private static Map<String, Integer> podsPerZone(SchedulingResult r) {
        Map<String, Integer> out = new HashMap<>();
        for (PlannedNodeClaim c : r.newClaims()) {
            assertThat(c.zones()).as("a NodeClaim with spread pods has one zone").hasSize(1);
            out.merge(c.zones().get(0), c.pods().size(), Integer::sum);
        }
        return out;
    }

    @Test
    void zoneSpreadPutsEqualNumbersInEachZone() {
        var r = solve(web(6, p -> p.with().spread(TopologySpread.of(1, ZONE, LabelSelector.of(WEB))).build()), POOL);
        assertThat(podsPerZone(r)).containsOnly(Map.entry("us-east-1a", 2), Map.entry("us-east-1b", 2), Map.entry("us-east-1c", 2));
    }

    /** The claims' app=web pods beside each pod named {@code name} (how its hostname spread counts its node). */
    private static List<Long> webBeside(SchedulingResult r, String name) {
        List<Long> out = new ArrayList<>();
        for (PlannedNodeClaim c : r.newClaims()) {
            if (c.pods().stream().anyMatch(p -> p.name().equals(name))) out.add(c.pods().stream().filter(p -> WEB.equals(p.labels())).count());
        }
        return out;
    }

    @Test
    void aHardSpreadIsPlannedAfterThePodsWithoutOneSoItsCheckCountsThem() {
        // one m5.large holds all three pods; the spread pod is the largest, so size order alone would place it first and the
        // web pods beside it after, where the kube-scheduler, binding the web pods first (its queue), finds it over the skew
        NodePool large = pool("large", req(WellKnownLabels.INSTANCE_TYPE, Operator.In, "m5.large"));
        Pod spread = Pod.of("default", "spread", dev.jig.api.karpenter.ResourceList.of(1000, 256), Map.of("app", "other")).with()
                .spread(TopologySpread.of(1, HOST, LabelSelector.of(WEB))).build();
        List<Pod> pods = new ArrayList<>(web(2, p -> p));
        pods.add(spread);
        assertThat(webBeside(solve(pods, large), "spread")).singleElement().satisfies(n -> assertThat(n).isLessThanOrEqualTo(1L));
        // a spread that does not select the web pods lets the same pod share their NodeClaim
        List<Pod> other = new ArrayList<>(web(2, p -> p));
        other.add(spread.with().spreads(List.of(TopologySpread.of(1, HOST, LabelSelector.of(Map.of("app", "other"))))).build());
        assertThat(webBeside(solve(other, large), "spread")).containsExactly(2L);
    }

    @Test
    void zoneSpreadCountsPodsAlreadyRunning() {
        var n = node("node-a", "m5.large", "us-east-1a", "default", web(2, p -> p).stream()
                .map(p -> p.with().nodeName("node-a").build()).toList());
        var full = new ExistingNode(n.name(), n.pool(), n.labels(), n.taints(), n.allocatable(), n.capacity(), n.pods(), true, false);
        var pods = web(4, p -> p.with().spread(TopologySpread.of(1, ZONE, LabelSelector.of(WEB))).build());
        var r = solve(pods, List.of(full), POOL);
        assertThat(podsPerZone(r)).containsOnly(Map.entry("us-east-1b", 2), Map.entry("us-east-1c", 2));
    }

    @Test
    void zoneSpreadThatCannotBeMetIsReported() {
        NodePool onlyA = pool("only-a", req(ZONE, Operator.In, "us-east-1a"));
        var busyA = node("node-a", "m5.large", "us-east-1a", null, web(2, p -> p));
        var emptyB = new ExistingNode("node-b", null, Map.of(ZONE, "us-east-1b", HOST, "node-b"), List.of(), busyA.allocatable(),
                busyA.capacity(), List.of(), true, false);
        Pod p = web(1, x -> x.with().spread(TopologySpread.of(1, ZONE, LabelSelector.of(WEB))).build()).get(0);
        var r = solve(List.of(p), List.of(busyA, emptyB), onlyA);
        assertThat(r.unschedulable()).hasSize(1);
        assertThat(r.unschedulable().get(0).refusals().get(0).rule()).isEqualTo(Rule.POD_TOPOLOGY);
    }

    @Test
    void scheduleAnywaySpreadIsRelaxedInsteadOfFailing() {
        NodePool onlyA = pool("only-a", req(ZONE, Operator.In, "us-east-1a"));
        var busyA = node("node-a", "m5.large", "us-east-1a", null, web(2, p -> p));
        var emptyB = new ExistingNode("node-b", null, Map.of(ZONE, "us-east-1b", HOST, "node-b"), List.of(), busyA.allocatable(),
                busyA.capacity(), List.of(), true, false);
        Pod p = web(1, x -> x.with().spread(new TopologySpread(1, ZONE, false, LabelSelector.of(WEB), 0, true, false)).build()).get(0);
        assertThat(solve(List.of(p), List.of(busyA, emptyB), onlyA).unschedulable()).isEmpty();
    }

    @Test
    void hostnameSpreadPutsOneSelectedPodPerNode() {
        var r = solve(web(4, p -> p.with().spread(TopologySpread.of(1, HOST, LabelSelector.of(WEB))).build()), POOL);
        assertThat(r.newClaims()).hasSize(4);
        var packed = solve(web(4, p -> p), POOL);
        assertThat(packed.newClaims()).hasSize(1);
    }

    @Test
    void otherPodsFillTheNodesThatHostnameAntiAffinityPodsNeedAnyway() {
        List<Pod> pods = new ArrayList<>();
        // Larger than the anti-affinity pods: sorted by size alone they would be planned first, on NodeClaims of their own.
        for (int i = 0; i < 12; i++) pods.add(pod("other-" + i, 1000, 1024));
        pods.addAll(web(4, p -> p.with().antiAffinity(PodAffinityTerm.required(LabelSelector.of(WEB), HOST)).build()));
        var r = solve(pods, POOL);
        assertThat(r.unschedulable()).isEmpty();
        assertThat(r.newClaims()).allSatisfy(c -> assertThat(c.pods()).filteredOn(p -> p.name().startsWith("web-")).hasSizeLessThanOrEqualTo(1));
        // Each NodeClaim is sized for a share of all the demand when it opens; the last may be left with its own pod alone.
        assertThat(r.newClaims()).as("anti-affinity pods whose node other pods share")
                .filteredOn(c -> c.pods().size() > 1 && c.pods().stream().anyMatch(p -> p.name().startsWith("web-"))).hasSizeGreaterThanOrEqualTo(3);
        assertThat(r.newClaims()).hasSizeLessThanOrEqualTo(5);
    }

    @Test
    void hostnameAntiAffinityGivesEachPodItsOwnNode() {
        var r = solve(web(5, p -> p.with().antiAffinity(PodAffinityTerm.required(LabelSelector.of(WEB), HOST)).build()), POOL);
        assertThat(r.newClaims()).hasSize(5);
        assertThat(r.newClaims()).allSatisfy(c -> assertThat(c.pods()).hasSize(1));
    }

    @Test
    void zoneAntiAffinityAllowsOnePodPerZone() {
        var r = solve(web(4, p -> p.with().antiAffinity(PodAffinityTerm.required(LabelSelector.of(WEB), ZONE)).build()), POOL);
        assertThat(r.newClaims()).hasSize(3);
        assertThat(r.newClaims().stream().map(c -> c.zones().get(0)).distinct().count()).isEqualTo(3);
        assertThat(r.unschedulable()).hasSize(1);
        assertThat(r.unschedulable().get(0).refusals().get(0).rule()).isEqualTo(Rule.POD_TOPOLOGY);
    }

    @Test
    void podsRepelledByARunningPodsAntiAffinityStayOffItsNode() {
        Pod guard = pod("guard", 100, 100).with().antiAffinity(PodAffinityTerm.required(LabelSelector.of(WEB), HOST)).build();
        var n = node("node-1", "m5.2xlarge", "us-east-1a", "default", List.of(guard));
        var r = solve(web(1, p -> p), List.of(n), POOL);
        assertThat(r.existing()).isEmpty();
        assertThat(r.newClaims()).hasSize(1);
        var free = solve(List.of(pod("other", 100, 100)), List.of(n), POOL);
        assertThat(free.existing()).containsKey("node-1");
    }

    @Test
    void zoneAffinityFollowsTheSelectedPods() {
        Map<String, String> db = Map.of("app", "db");
        var n = new ExistingNode("node-b", null, Map.of(ZONE, "us-east-1b", HOST, "node-b"), List.of(),
                node("x", "m5.large", "us-east-1b", null, List.of()).allocatable(), node("x", "m5.large", "us-east-1b", null, List.of()).capacity(),
                List.of(Pod.of("default", "db-0", dev.jig.api.karpenter.ResourceList.of(100, 100), db).with().nodeName("node-b").build()), true, false);
        var r = solve(web(3, p -> p.with().affinity(PodAffinityTerm.required(LabelSelector.of(db), ZONE)).build()), List.of(n), POOL);
        assertThat(r.newClaims()).isNotEmpty().allSatisfy(c -> assertThat(c.zones()).containsExactly("us-east-1b"));
    }

    @Test
    void selfAffinityOnZoneKeepsAGroupInOneZone() {
        var r = solve(web(40, p -> p.with().requests(dev.jig.api.karpenter.ResourceList.of(1500, 2048))
                .affinity(PodAffinityTerm.required(LabelSelector.of(WEB), ZONE)).build()), POOL);
        assertThat(r.unschedulable()).isEmpty();
        assertThat(r.newClaims().stream().flatMap(c -> c.zones().stream()).distinct().toList()).hasSize(1);
    }

    @Test
    void affinityToPodsThatDoNotExistCannotBeMet() {
        Pod p = web(1, x -> x.with().affinity(PodAffinityTerm.required(LabelSelector.of(Map.of("app", "nowhere")), HOST)).build()).get(0);
        var r = solve(List.of(p), POOL);
        assertThat(r.unschedulable().get(0).refusals().get(0).rule()).isEqualTo(Rule.POD_TOPOLOGY);
    }

    @Test
    void hostnameAffinityJoinsTheNodeOfTheSelectedPod() {
        Map<String, String> cache = Map.of("app", "cache");
        var n = node("node-1", "m5.2xlarge", "us-east-1a", "default", List.of(Pod.of("default", "cache-0",
                dev.jig.api.karpenter.ResourceList.of(100, 100), cache)));
        var r = solve(web(2, p -> p.with().affinity(PodAffinityTerm.required(LabelSelector.of(cache), HOST)).build()), List.of(n), POOL);
        assertThat(r.existing().get("node-1")).hasSize(2);
        assertThat(r.newClaims()).isEmpty();
    }

    @Test
    void preferredAntiAffinityIsDroppedWhenItCannotBeMet() {
        NodePool single = pool("single", 10, Map.of(), List.of(), new Limits(Limits.UNLIMITED, Limits.UNLIMITED, Limits.UNLIMITED, 1));
        var pods = web(3, p -> p.with().preferredAntiAffinity(new PodAffinityTerm(LabelSelector.of(WEB), HOST, Set.of(), 10)).build());
        var r = solve(pods, single);
        assertThat(r.unschedulable()).isEmpty();
        assertThat(r.newClaims()).hasSize(1);
        assertThat(solve(pods, POOL).newClaims()).hasSize(3);
    }

    @Test
    void antiAffinityAcrossAllNamespacesRepelsPodsOfOtherNamespaces() {
        Pod guard = pod("guard", 100, 100).with().antiAffinity(new PodAffinityTerm(LabelSelector.of(WEB), HOST,
                Set.of(PodAffinityTerm.ALL_NAMESPACES), 0)).build();
        var n = node("node-1", "m5.2xlarge", "us-east-1a", "default", List.of(guard));
        Pod other = Pod.of("shop", "web-x", dev.jig.api.karpenter.ResourceList.of(100, 100), WEB);
        var r = solve(List.of(other), List.of(n), POOL);
        assertThat(r.existing()).isEmpty();
        assertThat(r.newClaims()).hasSize(1);
    }

    @Test
    void affinityByNamespaceLabelsIsReportedAsUnsupported() {
        Pod p = web(1, x -> x.with().affinity(new PodAffinityTerm(LabelSelector.of(WEB), HOST,
                Set.of(PodAffinityTerm.BY_NAMESPACE_LABELS), 0)).build()).get(0);
        var r = solve(List.of(p), POOL);
        assertThat(r.unschedulable().get(0).refusals().get(0).rule()).isEqualTo(Rule.UNSUPPORTED_REQUEST);
        assertThat(r.unschedulable().get(0).describe()).contains("namespaceSelector");
    }

    @Test
    void zoneSpreadPicksAmongTheZonesTheCheapestTypeIsOfferedIn() {
        NodePool pool = pool("m5", req(WellKnownLabels.INSTANCE_TYPE, Operator.In, "m5.large", "m5.xlarge"));
        var types = dev.jig.controller.testing.Fixtures.RESOLVER.resolve(dev.jig.controller.testing.Fixtures.AL2023, List.of("m5.large", "m5.xlarge"));
        List<dev.jig.controller.cloud.ResolvedInstanceType> offered = new ArrayList<>();
        for (var t : types) {
            offered.add(!t.name().equals("m5.large") ? t : new dev.jig.controller.cloud.ResolvedInstanceType(t.type(), t.labels(), t.sizing(),
                    t.offerings().stream().filter(o -> o.zone().equals("us-east-1c")).toList()));
        }
        // a heavier pool the pods cannot use registers every zone first, so zone order is not the offering order of m5.large
        NodePool tainted = pool("tainted", 50, Map.of(), List.of(new dev.jig.api.karpenter.Taint("dedicated", "x", "NoSchedule")), Limits.NONE);
        var in = SchedulingInput.of(web(1, p -> p.with().spread(TopologySpread.of(1, ZONE, LabelSelector.of(WEB))).build()), List.of(),
                List.of(dev.jig.controller.testing.Fixtures.input(tainted), new SchedulingInput.Pool(pool, offered)));
        var r = Scheduler.solve(in);
        assertThat(r.unschedulable()).isEmpty();
        assertThat(r.newClaims()).singleElement().satisfies(c -> {
            assertThat(c.zones()).containsExactly("us-east-1c");
            assertThat(c.cheapest().type().name()).isEqualTo("m5.large");
        });
    }
}
