package dev.jig.controller.scheduling;

import dev.jig.api.diag.Rule;
import dev.jig.api.karpenter.Requirement.Operator;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.karpenter.Taint;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.model.LabelSelector;
import dev.jig.controller.model.Limits;
import dev.jig.controller.model.NodePool;
import dev.jig.controller.model.Pod;
import dev.jig.controller.model.PodAffinityTerm;
import dev.jig.controller.model.Toleration;
import dev.jig.controller.model.TopologySpread;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.UnaryOperator;

import static dev.jig.controller.testing.Fixtures.node;
import static dev.jig.controller.testing.Fixtures.pool;
import static dev.jig.controller.testing.Fixtures.req;
import static dev.jig.controller.testing.Fixtures.solve;
import static org.assertj.core.api.Assertions.assertThat;

/** Topology spread and pod (anti-)affinity on keys other than zone and hostname, and the node inclusion policies. */
class SchedulerTopologyKeysTest {

    private static final Map<String, String> WEB = Map.of("app", "web");
    private static final String RACK = "example.com/rack";

    private static List<Pod> web(int n, UnaryOperator<Pod> f) {
        List<Pod> out = new ArrayList<>();
        for (int i = 0; i < n; i++) out.add(f.apply(Pod.of("default", "web-" + i, ResourceList.of(250, 256), WEB)));
        return out;
    }

    private static UnaryOperator<Pod> spread(String key) {
        return p -> p.with().spread(TopologySpread.of(1, key, LabelSelector.of(WEB))).build();
    }

    /** Pods per domain, where each NodeClaim must have settled on one domain. */
    private static Map<String, Integer> podsPer(SchedulingResult r, Function<PlannedNodeClaim, Set<String>> domainsOf) {
        Map<String, Integer> out = new TreeMap<>();
        for (PlannedNodeClaim c : r.newClaims()) {
            assertThat(domainsOf.apply(c)).as("the domains of " + c).hasSize(1);
            out.merge(domainsOf.apply(c).iterator().next(), c.pods().size(), Integer::sum);
        }
        return out;
    }

    private static Set<String> arches(PlannedNodeClaim c) {
        Set<String> out = new java.util.TreeSet<>();
        for (PlannedNodeClaim.Option o : c.options()) out.add(o.type().type().architecture());
        return out;
    }

    @Test
    void capacityTypeSpreadPutsEqualNumbersOnOnDemandAndSpot() {
        NodePool both = pool("both", req(WellKnownLabels.CAPACITY_TYPE, Operator.In, "on-demand", "spot"));
        var r = solve(web(6, spread(WellKnownLabels.CAPACITY_TYPE)), both);
        assertThat(r.unschedulable()).isEmpty();
        assertThat(podsPer(r, c -> Set.copyOf(c.capacityTypes()))).containsExactly(Map.entry("on-demand", 3), Map.entry("spot", 3));
    }

    @Test
    void archSpreadTakesItsDomainsFromTheInstanceTypesAndNarrowsEachNodeClaimToOneArch() {
        NodePool both = pool("both", req(WellKnownLabels.ARCH, Operator.In, "amd64", "arm64"));
        var r = solve(web(4, spread(WellKnownLabels.ARCH)), both);
        assertThat(r.unschedulable()).isEmpty();
        assertThat(podsPer(r, SchedulerTopologyKeysTest::arches)).containsExactly(Map.entry("amd64", 2), Map.entry("arm64", 2));
    }

    @Test
    void spreadOverAPoolLabelGivesEachNodeClaimOneValueAsItsLabel() {
        NodePool racks = pool("racks", req(RACK, Operator.In, "r1", "r2", "r3"));
        var r = solve(web(6, spread(RACK)), racks);
        assertThat(r.unschedulable()).isEmpty();
        assertThat(podsPer(r, c -> Set.of(c.labels().get(RACK)))).containsExactly(Map.entry("r1", 2), Map.entry("r2", 2), Map.entry("r3", 2));
    }

    @Test
    void spreadOverPoolsThatEachLabelTheirNodesUsesEveryPool() {
        NodePool a = pool("a", 10, Map.of(RACK, "r1"), List.of(), Limits.NONE);
        NodePool b = pool("b", 10, Map.of(RACK, "r2"), List.of(), Limits.NONE);
        var r = solve(web(4, spread(RACK)), a, b);
        assertThat(r.unschedulable()).isEmpty();
        assertThat(podsPer(r, c -> Set.of(c.pool()))).containsExactly(Map.entry("a", 2), Map.entry("b", 2));
    }

    @Test
    void spreadOverAPoolLabelCountsPodsOnExistingNodes() {
        NodePool racks = pool("racks", req(RACK, Operator.In, "r1", "r2"));
        var n = node("node-1", "m5.2xlarge", "us-east-1a", "racks", web(2, p -> p));
        Map<String, String> labels = new java.util.HashMap<>(n.labels());
        labels.put(RACK, "r1");
        var onR1 = new ExistingNode(n.name(), n.pool(), labels, n.taints(), n.allocatable(), n.capacity(), n.pods(), true, false);
        var r = solve(web(2, spread(RACK)), List.of(onR1), racks);
        assertThat(r.unschedulable()).isEmpty();
        assertThat(podsPer(r, c -> Set.of(c.labels().get(RACK)))).containsExactly(Map.entry("r2", 2));
    }

    @Test
    void requiredSpreadOverAKeyNoPoolOrNodeHasCannotBeMet() {
        var r = solve(web(1, spread(RACK)), pool("default"));
        assertThat(r.unschedulable()).singleElement().satisfies(u -> assertThat(u.refusals().get(0).rule()).isEqualTo(Rule.POD_TOPOLOGY));
    }

    @Test
    void scheduleAnywaySpreadOnAnyKeyRelaxesInsteadOfBlocking() {
        var soft = web(3, p -> p.with().spread(new TopologySpread(1, RACK, false, LabelSelector.of(WEB), 0, true, false)).build());
        var r = solve(soft, pool("default"));
        assertThat(r.unschedulable()).isEmpty();
        assertThat(r.newClaims()).hasSize(1);
    }

    @Test
    void preferredTermTheSchedulerDoesNotModelRelaxesInsteadOfBlocking() {
        var p = web(1, x -> x.with().preferredAffinity(new PodAffinityTerm(LabelSelector.of(WEB), WellKnownLabels.ZONE,
                Set.of(PodAffinityTerm.BY_NAMESPACE_LABELS), 10)).build());
        assertThat(solve(p, pool("default")).unschedulable()).isEmpty();
        var required = web(1, x -> x.with().affinity(new PodAffinityTerm(LabelSelector.of(WEB), WellKnownLabels.ZONE,
                Set.of(PodAffinityTerm.BY_NAMESPACE_LABELS), 0)).build());
        assertThat(solve(required, pool("default")).unschedulable()).singleElement()
                .satisfies(u -> assertThat(u.refusals().get(0).rule()).isEqualTo(Rule.UNSUPPORTED_REQUEST));
    }

    @Test
    void antiAffinityOnAPoolLabelAllowsOnePodPerValue() {
        NodePool racks = pool("racks", req(RACK, Operator.In, "r1", "r2"));
        var r = solve(web(3, p -> p.with().antiAffinity(PodAffinityTerm.required(LabelSelector.of(WEB), RACK)).build()), racks);
        assertThat(podsPer(r, c -> Set.of(c.labels().get(RACK)))).containsExactly(Map.entry("r1", 1), Map.entry("r2", 1));
        assertThat(r.unschedulable()).singleElement().satisfies(u -> assertThat(u.refusals().get(0).rule()).isEqualTo(Rule.POD_TOPOLOGY));
    }

    @Test
    void antiAffinityOnCapacityTypeKeepsOtherPodsOffTheDomain() {
        NodePool both = pool("both", req(WellKnownLabels.CAPACITY_TYPE, Operator.In, "on-demand", "spot"));
        Map<String, String> db = Map.of("app", "db");
        // Larger, so placed first: pods placed before it would count in every capacity type their NodeClaim might get.
        Pod guard = Pod.of("default", "db-0", ResourceList.of(500, 256), db).with()
                .nodeSelector(WellKnownLabels.CAPACITY_TYPE, "spot")
                .antiAffinity(PodAffinityTerm.required(LabelSelector.of(WEB), WellKnownLabels.CAPACITY_TYPE)).build();
        var pods = new ArrayList<>(web(3, p -> p));
        pods.add(guard);
        var r = solve(pods, both);
        assertThat(r.unschedulable()).isEmpty();
        for (PlannedNodeClaim c : r.newClaims()) {
            boolean hasWeb = c.pods().stream().anyMatch(p -> "web".equals(p.labels().get("app")));
            if (hasWeb) assertThat(c.capacityTypes()).containsExactly("on-demand");
            else assertThat(c.capacityTypes()).containsExactly("spot");
        }
        assertThat(r.newClaims()).anySatisfy(c -> assertThat(c.capacityTypes()).containsExactly("spot"));
    }

    @Test
    void affinityOnArchJoinsTheArchOfTheSelectedPods() {
        NodePool both = pool("both", req(WellKnownLabels.ARCH, Operator.In, "amd64", "arm64"));
        Map<String, String> db = Map.of("app", "db");
        Pod arm = Pod.of("default", "db-0", ResourceList.of(250, 256), db).with().nodeSelector(WellKnownLabels.ARCH, "arm64").build();
        var followers = web(3, p -> p.with().affinity(PodAffinityTerm.required(LabelSelector.of(db), WellKnownLabels.ARCH)).build());
        var pods = new ArrayList<>(followers);
        pods.add(0, arm);
        var r = solve(pods, both);
        assertThat(r.unschedulable()).isEmpty();
        assertThat(r.newClaims()).allSatisfy(c -> assertThat(arches(c)).containsExactly("arm64"));
    }

    /** A pool in zones a and b, and a tainted pool in zone c only: c is empty until some pod tolerates the taint. */
    private static final NodePool AB = pool("ab", req(WellKnownLabels.ZONE, Operator.In, "us-east-1a", "us-east-1b"));
    private static final NodePool TAINTED_C = pool("tainted-c", 10, Map.of(), List.of(new Taint("dedicated", "gpu", "NoSchedule")),
            Limits.NONE, req(WellKnownLabels.ZONE, Operator.In, "us-east-1c"));

    private static UnaryOperator<Pod> zoneSpread(boolean honorAffinity, boolean honorTaints) {
        return p -> p.with().spread(new TopologySpread(1, WellKnownLabels.ZONE, true, LabelSelector.of(WEB), 0, honorAffinity, honorTaints)).build();
    }

    @Test
    void nodeTaintsPolicyHonorLeavesOutTheDomainsOfPoolsThePodDoesNotTolerate() {
        var honor = solve(web(4, zoneSpread(true, true)), AB, TAINTED_C);
        assertThat(honor.unschedulable()).isEmpty();
        assertThat(podsPer(honor, c -> Set.copyOf(c.zones()))).containsExactly(Map.entry("us-east-1a", 2), Map.entry("us-east-1b", 2));
        // Ignore (the Kubernetes default): the tainted pool's empty zone holds the minimum at 0.
        var ignore = solve(web(4, zoneSpread(true, false)), AB, TAINTED_C);
        assertThat(ignore.unschedulable()).hasSize(2);
        assertThat(ignore.unschedulable()).allSatisfy(u -> assertThat(u.refusals()).anySatisfy(x -> assertThat(x.rule()).isEqualTo(Rule.POD_TOPOLOGY)));
    }

    @Test
    void nodeTaintsPolicyHonorCountsThePoolsThePodTolerates() {
        var tolerant = web(3, p -> zoneSpread(true, true).apply(p).with().toleration(Toleration.exists("dedicated", "NoSchedule")).build());
        var r = solve(tolerant, AB, TAINTED_C);
        assertThat(r.unschedulable()).isEmpty();
        assertThat(podsPer(r, c -> Set.copyOf(c.zones()))).containsOnlyKeys("us-east-1a", "us-east-1b", "us-east-1c");
    }

    @Test
    void nodeAffinityPolicyHonorLeavesOutPoolsThePodsSelectorRules() {
        NodePool web = pool("web", 10, Map.of("team", "web"), List.of(), Limits.NONE, req(WellKnownLabels.ZONE, Operator.In, "us-east-1a", "us-east-1b"));
        NodePool ml = pool("ml", 10, Map.of("team", "ml"), List.of(), Limits.NONE, req(WellKnownLabels.ZONE, Operator.In, "us-east-1c"));
        UnaryOperator<Pod> team = p -> p.with().nodeSelector("team", "web").build();
        var honor = solve(web(4, p -> zoneSpread(true, false).apply(team.apply(p))), web, ml);
        assertThat(honor.unschedulable()).isEmpty();
        var ignore = solve(web(4, p -> zoneSpread(false, false).apply(team.apply(p))), web, ml);
        assertThat(ignore.unschedulable()).hasSize(2);
    }
}
