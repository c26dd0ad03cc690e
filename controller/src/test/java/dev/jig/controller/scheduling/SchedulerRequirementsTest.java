package dev.jig.controller.scheduling;

import dev.jig.api.diag.Rule;
import dev.jig.api.karpenter.Requirement.Operator;
import dev.jig.api.karpenter.Taint;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.model.Limits;
import dev.jig.controller.model.NodePool;
import dev.jig.controller.model.NodeSelectorTerm;
import dev.jig.controller.model.Pod;
import dev.jig.controller.model.PoolRequirement;
import dev.jig.controller.model.Toleration;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.jig.controller.testing.Fixtures.pod;
import static dev.jig.controller.testing.Fixtures.pool;
import static dev.jig.controller.testing.Fixtures.req;
import static dev.jig.controller.testing.Fixtures.solve;
import static org.assertj.core.api.Assertions.assertThat;

class SchedulerRequirementsTest {

    private static final NodePool LABELLED = pool("labelled", 10, Map.of("type", "karpenter"), List.of(), Limits.NONE);
    private static final NodePool PLAIN = pool("plain", 10, Map.of(), List.of(), Limits.NONE);

    @Test
    void nodeSelectorPicksThePoolWithTheLabel() {
        Pod p = pod("p", 100, 100).with().nodeSelector("type", "karpenter").build();
        var r = solve(List.of(p), PLAIN, LABELLED);
        assertThat(r.newClaims()).extracting(PlannedNodeClaim::pool).containsExactly("labelled");
    }

    @Test
    void nodeSelectorOnALabelNoPoolHasIsRefusedByEveryPool() {
        Pod p = pod("p", 100, 100).with().nodeSelector("type", "other").build();
        var r = solve(List.of(p), PLAIN, LABELLED);
        assertThat(r.unschedulable()).hasSize(1);
        assertThat(r.unschedulable().get(0).refusals()).extracting(Refusal::rule).containsOnly(Rule.POD_REQUIREMENTS);
        assertThat(r.unschedulable().get(0).refusals()).extracting(Refusal::pool).containsExactlyInAnyOrder("plain", "labelled");
    }

    @Test
    void aPodOfNoTenantRequiringTheTenancyLabelsNotToExistGoesToAPoolOfNoTenantOnly() {
        NodePool tenant = pool("payments-api", 90, Map.of(WellKnownLabels.NODE_TENANT, "payments", WellKnownLabels.JIG_TENANT, "payments"),
                List.of(), Limits.NONE);
        NodeSelectorTerm steered = NodeSelectorTerm.of(req(WellKnownLabels.NODE_TENANT, Operator.DoesNotExist),
                req(WellKnownLabels.JIG_TENANT, Operator.DoesNotExist));
        Pod p = pod("p", 100, 100).with().requiredTerm(steered).build();
        var r = solve(List.of(p), tenant, PLAIN);
        assertThat(r.newClaims()).extracting(PlannedNodeClaim::pool).containsExactly("plain");
        var refused = solve(List.of(p), tenant);
        assertThat(refused.unschedulable().get(0).refusals()).extracting(Refusal::rule).containsOnly(Rule.POD_REQUIREMENTS);
    }

    @Test
    void requiredNodeAffinityNarrowsTheInstanceTypes() {
        Pod p = pod("p", 100, 100).with().requiredTerm(NodeSelectorTerm.of(req(WellKnownLabels.ARCH, Operator.In, "arm64"),
                req(WellKnownLabels.INSTANCE_CPU, Operator.Gt, "3"))).build();
        var r = solve(List.of(p), PLAIN);
        assertThat(r.newClaims().get(0).options()).allSatisfy(o -> {
            assertThat(o.type().type().architecture()).isEqualTo("arm64");
            assertThat(o.type().type().vcpu()).isGreaterThan(3);
        });
    }

    @Test
    void laterRequiredTermsAreTriedWhenTheFirstCannotBeMet() {
        Pod p = pod("p", 100, 100).with()
                .requiredTerm(NodeSelectorTerm.of(req("type", Operator.In, "missing")))
                .requiredTerm(NodeSelectorTerm.of(req(WellKnownLabels.INSTANCE_FAMILY, Operator.In, "m5"))).build();
        var r = solve(List.of(p), PLAIN);
        assertThat(r.newClaims().get(0).options()).allSatisfy(o -> assertThat(o.type().type().family()).isEqualTo("m5"));
    }

    @Test
    void zoneAndCapacityTypeRequirementsNarrowTheOfferings() {
        Pod p = pod("p", 100, 100).with().nodeSelector(WellKnownLabels.ZONE, "us-east-1b")
                .nodeSelector(WellKnownLabels.CAPACITY_TYPE, "spot").build();
        var claim = solve(List.of(p), PLAIN).newClaims().get(0);
        assertThat(claim.zones()).containsExactly("us-east-1b");
        assertThat(claim.capacityTypes()).containsExactly("spot");
        assertThat(claim.requirements()).contains(req(WellKnownLabels.ZONE, Operator.In, "us-east-1b"));
    }

    @Test
    void taintsKeepPodsWithoutTolerationsAway() {
        NodePool tainted = pool("gpu", 50, Map.of(), List.of(new Taint("nvidia.com/gpu", null, "NoSchedule")), Limits.NONE);
        var refused = solve(List.of(pod("p", 100, 100)), tainted);
        assertThat(refused.unschedulable().get(0).refusals().get(0).rule()).isEqualTo(Rule.POD_TAINTS);
        assertThat(refused.unschedulable().get(0).refusals().get(0).message()).contains("nvidia.com/gpu:NoSchedule");
        Pod tolerant = pod("p", 100, 100).with().toleration(Toleration.exists("nvidia.com/gpu", "NoSchedule")).build();
        assertThat(solve(List.of(tolerant), tainted).newClaims()).hasSize(1);
    }

    @Test
    void preferNoScheduleIsAvoidedWhileAnotherPoolFitsAndToleratedOtherwise() {
        NodePool soft = pool("soft", 50, Map.of(), List.of(new Taint("spare", null, "PreferNoSchedule")), Limits.NONE);
        assertThat(solve(List.of(pod("p", 100, 100)), soft, PLAIN).newClaims()).extracting(PlannedNodeClaim::pool).containsExactly("plain");
        assertThat(solve(List.of(pod("p", 100, 100)), soft).newClaims()).extracting(PlannedNodeClaim::pool).containsExactly("soft");
    }

    @Test
    void heavierPoolsGoFirst() {
        NodePool heavy = pool("heavy", 60, Map.of(), List.of(), Limits.NONE);
        assertThat(solve(List.of(pod("p", 100, 100)), PLAIN, heavy).newClaims()).extracting(PlannedNodeClaim::pool).containsExactly("heavy");
    }

    @Test
    void preferredNodeAffinityIsHonouredWhenPossible() {
        Pod p = pod("p", 100, 100).with().preferredTerm(new NodeSelectorTerm(List.of(req(WellKnownLabels.ZONE, Operator.In, "us-east-1c")), 10)).build();
        assertThat(solve(List.of(p), PLAIN).newClaims().get(0).zones()).containsExactly("us-east-1c");
    }

    @Test
    void preferredNodeAffinityIsDroppedWhenItCannotBeMet() {
        Pod p = pod("p", 100, 100).with().preferredTerm(new NodeSelectorTerm(List.of(req("type", Operator.In, "missing")), 10)).build();
        var r = solve(List.of(p), PLAIN);
        assertThat(r.unschedulable()).isEmpty();
        assertThat(r.newClaims()).hasSize(1);
    }

    @Test
    void minValuesKeepsEnoughFamiliesInTheOptions() {
        NodePool flexible = new NodePool("flex", 10, Map.of(), List.of(
                new PoolRequirement(req(WellKnownLabels.INSTANCE_FAMILY, Operator.In, "c5", "m5", "r5", "c6i"), 3)),
                List.of(), List.of(), "default", Limits.NONE, dev.jig.controller.model.Disruption.DEFAULT);
        var r = solve(List.of(pod("p", 500, 512)), flexible);
        assertThat(r.newClaims().get(0).options().stream().map(o -> o.type().type().family()).distinct().count()).isGreaterThanOrEqualTo(3);
        Pod onlyM5 = pod("q", 500, 512).with().nodeSelector(WellKnownLabels.INSTANCE_FAMILY, "m5").build();
        var refused = solve(List.of(onlyM5), flexible);
        assertThat(refused.unschedulable().get(0).refusals().get(0).rule()).isEqualTo(Rule.MIN_VALUES);
    }

    @Test
    void podsPinnedToAHostnameOnlyGoToThatNode() {
        Pod p = pod("p", 100, 100).with().nodeSelector("kubernetes.io/hostname", "node-1").build();
        var r = solve(List.of(p), PLAIN);
        assertThat(r.unschedulable().get(0).refusals().get(0).rule()).isEqualTo(Rule.POD_REQUIREMENTS);
    }

    @Test
    void aPodRequiringAnotherRegionThanTheCatalogsIsRefused() {
        var other = solve(List.of(pod("p", 100, 100).with().nodeSelector(Map.of("topology.kubernetes.io/region", "eu-west-1")).build()), pool("any"));
        assertThat(other.newClaims()).isEmpty();
        assertThat(other.unschedulable().get(0).refusals().get(0).rule()).isEqualTo(Rule.POD_REQUIREMENTS);
        var same = solve(List.of(pod("p", 100, 100).with().nodeSelector(Map.of("topology.kubernetes.io/region", "us-east-1")).build()), pool("any"));
        assertThat(same.newClaims()).hasSize(1);
    }

    @Test
    void deprecatedLabelKeysInAPodAreReadAsTheirCurrentKeys() {
        Pod p = pod("p", 100, 100).with().nodeSelector(WellKnownLabels.BETA_INSTANCE_TYPE, "m5.large")
                .requiredTerm(NodeSelectorTerm.of(req(WellKnownLabels.BETA_ZONE, Operator.In, "us-east-1b"),
                        req(WellKnownLabels.BETA_ARCH, Operator.In, "amd64"), req(WellKnownLabels.BETA_OS, Operator.In, "linux"),
                        req(WellKnownLabels.BETA_REGION, Operator.In, "us-east-1"))).build();
        var r = solve(List.of(p), PLAIN);
        assertThat(r.unschedulable()).isEmpty();
        assertThat(r.newClaims().get(0).options()).extracting(o -> o.type().name()).containsExactly("m5.large");
        assertThat(r.newClaims().get(0).zones()).containsExactly("us-east-1b");
    }

    @Test
    void theEbsCsiZoneKeyIsReadAsTheZone() {
        Pod p = pod("p", 100, 100).with().requiredTerm(NodeSelectorTerm.of(req(WellKnownLabels.EBS_CSI_ZONE, Operator.In, "us-east-1c"))).build();
        var r = solve(List.of(p), PLAIN);
        assertThat(r.newClaims().get(0).zones()).containsExactly("us-east-1c");
    }

    @Test
    void deprecatedLabelKeysInAPoolAreReadAsTheirCurrentKeys() {
        NodePool arm = pool("arm", req(WellKnownLabels.BETA_ARCH, Operator.In, "arm64"));
        Pod amd = pod("amd", 100, 100).with().nodeSelector(WellKnownLabels.ARCH, "amd64").build();
        Pod any = pod("any", 100, 100);
        var r = solve(List.of(amd, any), arm);
        assertThat(r.unschedulable()).extracting(u -> u.pod().name()).containsExactly("amd");
        assertThat(r.newClaims().get(0).options()).allSatisfy(o -> assertThat(o.type().type().architecture()).isEqualTo("arm64"));
        assertThat(r.newClaims().get(0).labels()).doesNotContainKey(WellKnownLabels.BETA_ARCH);
    }
}
