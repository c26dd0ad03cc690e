package dev.jig.controller.scheduling;

import dev.jig.api.diag.Rule;
import dev.jig.api.karpenter.Requirement.Operator;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.model.Pod;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static dev.jig.controller.testing.Fixtures.input;
import static dev.jig.controller.testing.Fixtures.node;
import static dev.jig.controller.testing.Fixtures.pod;
import static dev.jig.controller.testing.Fixtures.pods;
import static dev.jig.controller.testing.Fixtures.pool;
import static dev.jig.controller.testing.Fixtures.req;
import static dev.jig.controller.testing.Fixtures.solve;
import static dev.jig.controller.testing.Fixtures.types;
import static org.assertj.core.api.Assertions.assertThat;

class SchedulerResourcesTest {

    private static final String TYPE = WellKnownLabels.INSTANCE_TYPE;

    @Test
    void cpuRequestsPickTheSmallestTypeWithRoom() {
        var r = solve(List.of(pod("p", 3000, 256)), pool("c5", req(TYPE, Operator.In, "c5.large", "c5.xlarge")));
        assertThat(types(r)).containsExactly("c5.xlarge");
    }

    @Test
    void cpuBeyondEveryTypeIsRefusedWithThePoolsLargestRoom() {
        var r = solve(List.of(pod("p", 3000, 256)), pool("c5", req(TYPE, Operator.In, "c5.large")));
        assertThat(r.newClaims()).isEmpty();
        Refusal refusal = r.unschedulable().get(0).refusals().get(0);
        assertThat(refusal.rule()).isEqualTo(Rule.POD_RESOURCES);
        assertThat(refusal.pool()).isEqualTo("c5");
        assertThat(refusal.message()).contains("cpu=1930m");
    }

    @Test
    void memoryPacksUpToAllocatable() {
        var r = solve(pods("p", 7, 0, 1024), pool("m5", req(TYPE, Operator.In, "m5.large")));
        assertThat(types(r)).containsExactly("m5.large", "m5.large");
        assertThat(r.newClaims()).extracting(c -> c.pods().size()).containsExactlyInAnyOrder(6, 1);
    }

    @Test
    void ephemeralStorageCounts() {
        List<Pod> pods = new ArrayList<>();
        for (int i = 0; i < 2; i++) pods.add(pod("p" + i, 100, 100).with().requests(new ResourceList(100, 100 * ResourceList.MIB, 10 * ResourceList.GIB, 0, 1)).build());
        var r = solve(pods, pool("m5", req(TYPE, Operator.In, "m5.large")));
        assertThat(r.newClaims()).hasSize(2);
        Pod big = pod("big", 100, 100).with().requests(new ResourceList(100, 100 * ResourceList.MIB, 30 * ResourceList.GIB, 0, 1)).build();
        assertThat(solve(List.of(big), pool("m5", req(TYPE, Operator.In, "m5.large"))).unschedulable()).hasSize(1);
    }

    @Test
    void gpuRequestsNeedGpuTypes() {
        Pod gpu = pod("train", 1000, 1024).with().requests(new ResourceList(1000, 1024 * ResourceList.MIB, 0, 1, 1)).build();
        var r = solve(List.of(gpu), pool("any"));
        assertThat(r.unschedulable()).isEmpty();
        assertThat(r.newClaims().get(0).options()).allSatisfy(o -> assertThat(o.type().capacity().gpus()).isGreaterThanOrEqualTo(1));
        var none = solve(List.of(gpu), pool("cpu-only", req(WellKnownLabels.INSTANCE_CATEGORY, Operator.In, "c", "m")));
        assertThat(none.unschedulable().get(0).refusals().get(0).rule()).isEqualTo(Rule.POD_RESOURCES);
    }

    @Test
    void podSlotsLimitHowManyPodsANodeTakes() {
        var r = solve(pods("p", 30, 1, 1), pool("nano", req(TYPE, Operator.In, "t3.nano")));
        assertThat(r.newClaims()).hasSize(8);
        assertThat(r.newClaims()).allSatisfy(c -> assertThat(c.pods().size()).isLessThanOrEqualTo(4));
    }

    @Test
    void optionsAreOrderedByPrice() {
        var r = solve(List.of(pod("p", 500, 512)), pool("cm", req(WellKnownLabels.INSTANCE_FAMILY, Operator.In, "c5", "m5", "r5")));
        List<Double> prices = r.newClaims().get(0).options().stream().map(PlannedNodeClaim.Option::price).toList();
        assertThat(prices).isSorted();
        assertThat(r.newClaims().get(0).options().size()).isLessThanOrEqualTo(60);
    }

    @Test
    void existingNodesAreFilledBeforeNewOnes() {
        var n = node("node-1", "m5.xlarge", "us-east-1a", "m5", List.of(pod("bound", 1000, 1024)));
        var r = solve(pods("p", 3, 500, 1024), List.of(n), pool("m5", req(TYPE, Operator.In, "m5.large")));
        assertThat(r.newClaims()).isEmpty();
        assertThat(r.existing().get("node-1")).hasSize(3);
    }

    @Test
    void podsThatDoNotFitTheExistingNodeGetANewOne() {
        var n = node("node-1", "m5.large", "us-east-1a", "m5", List.of(pod("bound", 1500, 1024)));
        var r = solve(pods("p", 2, 500, 1024), List.of(n), pool("m5", req(TYPE, Operator.In, "m5.large")));
        assertThat(r.newClaims()).hasSize(1);
        assertThat(r.existing()).isEmpty();
    }

    @Test
    void daemonSetsCountAsOverheadOnEveryNode() {
        Pod daemon = pod("agent", 1500, 256).with().daemonSet(true).build();
        SchedulingInput in = new SchedulingInput(List.of(pod("p", 500, 256)), List.of(),
                List.of(input(pool("m5", req(TYPE, Operator.In, "m5.large", "m5.xlarge")))), List.of(daemon), java.util.Optional.empty(), true);
        var r = Scheduler.solve(in);
        assertThat(types(r)).containsExactly("m5.xlarge");
        assertThat(r.newClaims().get(0).requests().cpuMillis()).isEqualTo(2000);
    }

    @Test
    void daemonSetsThatDoNotTolerateThePoolAreNoOverhead() {
        Pod daemon = pod("agent", 1500, 256).with().daemonSet(true).build();
        var tainted = pool("m5", 10, Map.of(), List.of(new dev.jig.api.karpenter.Taint("dedicated", "x", "NoSchedule")),
                dev.jig.controller.model.Limits.NONE, req(TYPE, Operator.In, "m5.large", "m5.xlarge"));
        Pod p = pod("p", 500, 256).with().toleration(new dev.jig.controller.model.Toleration("dedicated", "Equal", "x", "NoSchedule")).build();
        var r = Scheduler.solve(new SchedulingInput(List.of(p), List.of(), List.of(input(tainted)), List.of(daemon), java.util.Optional.empty(), true));
        assertThat(types(r)).containsExactly("m5.large");
    }

    @Test
    void unmodelledExtendedResourcesAreReported() {
        Pod p = pod("p", 100, 100).with().otherRequests(Set.of("vpc.amazonaws.com/pod-eni")).build();
        var r = solve(List.of(p), pool("any"));
        assertThat(r.unschedulable().get(0).refusals().get(0).rule()).isEqualTo(Rule.UNSUPPORTED_REQUEST);
        assertThat(r.unschedulable().get(0).describe()).contains("vpc.amazonaws.com/pod-eni");
    }

    @Test
    void anOversizedPodDoesNotNarrowTheTypesOfSmallerPodsWithTheSameSelectors() {
        List<Pod> pods = new ArrayList<>(List.of(pod("huge", 100_000, 256), pod("mid", 3000, 256)));
        pods.addAll(pods("small", 1, 500, 256));
        var r = solve(pods, pool("c5", req(TYPE, Operator.In, "c5.large", "c5.xlarge")));
        assertThat(r.unschedulable()).extracting(u -> u.pod().name()).containsExactly("huge");
        assertThat(r.newClaims()).flatExtracting(PlannedNodeClaim::pods).extracting(Pod::name).containsExactlyInAnyOrder("mid", "small-0");
        assertThat(r.newClaims()).allSatisfy(c -> assertThat(c.cheapest().type().name()).isIn("c5.large", "c5.xlarge"));
    }

    @Test
    void aGpuPodFirstDoesNotRestrictLaterCpuPodsToGpuTypes() {
        Pod gpu = pod("train", 1000, 1024).with().requests(new ResourceList(1000, 1024 * ResourceList.MIB, 0, 1, 1)).build();
        Pod cpu = pod("web", 1000, 1024).with().nodeSelector(Map.of(WellKnownLabels.INSTANCE_FAMILY, "c5")).build();
        Pod gpuSameSelector = gpu.with().nodeSelector(Map.of(WellKnownLabels.INSTANCE_FAMILY, "c5")).build();
        var r = solve(List.of(gpuSameSelector, cpu), pool("any"));
        assertThat(r.unschedulable()).extracting(u -> u.pod().name()).containsExactly("train");
        assertThat(types(r)).singleElement().asString().startsWith("c5.");
    }
}
