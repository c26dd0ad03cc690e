package dev.jig.controller.scheduling;

import dev.jig.api.diag.Rule;
import dev.jig.api.karpenter.Requirement.Operator;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.api.tenancy.Quota;
import dev.jig.api.tenancy.Tenancy;
import dev.jig.controller.model.Limits;
import dev.jig.controller.model.NodePool;
import dev.jig.controller.model.Pod;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

import static dev.jig.controller.testing.Fixtures.input;
import static dev.jig.controller.testing.Fixtures.node;
import static dev.jig.controller.testing.Fixtures.pod;
import static dev.jig.controller.testing.Fixtures.pods;
import static dev.jig.controller.testing.Fixtures.pool;
import static dev.jig.controller.testing.Fixtures.req;
import static dev.jig.controller.testing.Fixtures.solve;
import static org.assertj.core.api.Assertions.assertThat;

class SchedulerLimitsTest {

    private static final long U = Limits.UNLIMITED;

    private static NodePool limited(String name, Limits limits) {
        return pool(name, 10, Map.of(), List.of(), limits);
    }

    /** What the planned NodeClaims could launch at worst: the largest option of each, per dimension. */
    private static long[] worstCase(SchedulingResult r, String pool) {
        long[] sum = new long[4];
        for (PlannedNodeClaim c : r.newClaims()) {
            if (!c.pool().equals(pool)) continue;
            long cpu = 0, mem = 0, gpu = 0;
            for (PlannedNodeClaim.Option o : c.options()) {
                cpu = Math.max(cpu, o.type().capacity().cpuMillis());
                mem = Math.max(mem, o.type().capacity().memoryBytes());
                gpu = Math.max(gpu, o.type().capacity().gpus());
            }
            sum[0] += cpu;
            sum[1] += mem;
            sum[2] += gpu;
            sum[3]++;
        }
        return sum;
    }

    @Test
    void aCpuLimitHoldsForEveryOptionTheCloudMightLaunch() {
        var r = solve(pods("p", 10, 1000, 512), limited("small", new Limits(4000, U, U, U)));
        assertThat(worstCase(r, "small")[0]).isLessThanOrEqualTo(4000);
        assertThat(r.newClaims()).isNotEmpty();
        assertThat(r.unschedulable()).isNotEmpty().allSatisfy(u -> {
            assertThat(u.refusals().get(0).rule()).isEqualTo(Rule.POOL_LIMIT);
            assertThat(u.refusals().get(0).pool()).isEqualTo("small");
        });
    }

    @Test
    void aNodeLimitCapsTheNumberOfNodeClaims() {
        var pods = pods("p", 5, 100, 100).stream()
                .map(p -> p.with().antiAffinity(dev.jig.controller.model.PodAffinityTerm.required(
                        dev.jig.controller.model.LabelSelector.of(Map.of()), "kubernetes.io/hostname")).build()).toList();
        var r = solve(pods, limited("two", new Limits(U, U, U, 2)));
        assertThat(r.newClaims()).hasSize(2);
        assertThat(r.unschedulable()).hasSize(3);
        assertThat(r.unschedulable().get(0).describe()).contains("nodes limit 2");
    }

    @Test
    void aMemoryLimitHolds() {
        var r = solve(pods("p", 20, 100, 4096), limited("mem", new Limits(U, 32 * ResourceList.GIB, U, U)));
        assertThat(worstCase(r, "mem")[1]).isLessThanOrEqualTo(32 * ResourceList.GIB);
        assertThat(r.unschedulable()).isNotEmpty();
    }

    @Test
    void aGpuLimitHolds() {
        List<Pod> gpus = new ArrayList<>();
        for (int i = 0; i < 6; i++) gpus.add(pod("g" + i, 1000, 1024).with().requests(new ResourceList(1000, ResourceList.GIB, 0, 1, 1)).build());
        var r = solve(gpus, limited("gpu", new Limits(U, U, 4, U)));
        assertThat(worstCase(r, "gpu")[2]).isLessThanOrEqualTo(4);
        assertThat(r.unschedulable()).isNotEmpty();
    }

    @Test
    void existingNodesCountAgainstTheLimit() {
        var n = node("node-1", "m5.xlarge", "us-east-1a", "small", List.of(pod("bound", 3800, 1024)));
        var r = solve(List.of(pod("p", 500, 512)), List.of(n), limited("small", new Limits(4000, U, U, U)));
        assertThat(r.newClaims()).isEmpty();
        assertThat(r.unschedulable().get(0).refusals().get(0).rule()).isEqualTo(Rule.POOL_LIMIT);
    }

    @Test
    void aTenantQuotaHoldsAcrossAllItsPools() {
        NodePool a = pool("alpha-a", 20, Map.of(), List.of(), new Limits(8000, U, U, U), req(WellKnownLabels.INSTANCE_CATEGORY, Operator.In, "m"));
        NodePool b = pool("alpha-b", 10, Map.of(), List.of(), new Limits(8000, U, U, U), req(WellKnownLabels.INSTANCE_CATEGORY, Operator.In, "c"));
        Tenancy tenancy = Tenancy.of("test", "jig.dev/tenant", "jig.dev/pool", List.of(), new Tenancy.WeightBand(1, 79),
                new Tenancy.WeightBand(80, 100), List.of(new Tenancy.TenantEntry("alpha", false, List.of("default"),
                        new Quota(8000, 1_000_000, 0), List.of("alpha-a", "alpha-b"))));
        var in = new SchedulingInput(pods("p", 24, 1000, 256), List.of(), List.of(input(a), input(b)), List.of(), Optional.of(tenancy), true);
        var r = Scheduler.solve(in);
        assertThat(worstCase(r, "alpha-a")[0] + worstCase(r, "alpha-b")[0]).isLessThanOrEqualTo(8000);
        assertThat(r.newClaims()).allSatisfy(c -> assertThat(c.tenant()).isEqualTo("alpha"));
        assertThat(r.unschedulable()).isNotEmpty();
        assertThat(r.unschedulable().get(0).refusals()).extracting(Refusal::rule).contains(Rule.TENANT_QUOTA);
        assertThat(r.unschedulable().get(0).describe()).contains("tenant alpha's cpu quota 8");
    }

    /** Random limits and pods: no plan ever exceeds a limit, whatever option the cloud picks. */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void limitsNeverOvershoot(long seed) {
        Random random = new Random(seed);
        Limits limits = new Limits((2 + random.nextInt(60)) * 1000L, (4 + random.nextInt(200)) * ResourceList.GIB, U, 1 + random.nextInt(20));
        List<Pod> pods = new ArrayList<>();
        for (int i = 0; i < 200; i++) pods.add(pod("p" + i, 100 + random.nextInt(4000), 100 + random.nextInt(8000)));
        var r = solve(pods, limited("pool", limits));
        long[] worst = worstCase(r, "pool");
        assertThat(worst[0]).isLessThanOrEqualTo(limits.cpuMillis());
        assertThat(worst[1]).isLessThanOrEqualTo(limits.memoryBytes());
        assertThat(worst[3]).isLessThanOrEqualTo(limits.nodes());
        assertThat(r.newClaims().size() + r.unschedulable().size()).isPositive();
    }
}
