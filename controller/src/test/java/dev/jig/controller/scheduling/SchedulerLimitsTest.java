package dev.jig.controller.scheduling;

import dev.jig.api.diag.Rule;
import dev.jig.api.karpenter.Requirement.Operator;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.api.tenancy.Quota;
import dev.jig.api.tenancy.Tenancy;
import dev.jig.controller.cloud.ResolvedInstanceType;
import dev.jig.controller.model.Limits;
import dev.jig.controller.model.NodePool;
import dev.jig.controller.model.Pod;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.function.Predicate;

import static dev.jig.controller.testing.Fixtures.AL2023;
import static dev.jig.controller.testing.Fixtures.RESOLVER;
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

    private static NodePool weighted(String name, int weight, Limits limits) {
        return pool(name, weight, Map.of(), List.of(), limits);
    }

    private static List<Pod> podsOn(SchedulingResult r, String pool) {
        List<Pod> out = new ArrayList<>();
        for (PlannedNodeClaim c : r.newClaims()) if (c.pool().equals(pool)) out.addAll(c.pods());
        return out;
    }

    /**
     * "Filled as far as the pods allow": none of {@code spilled} could have been added to one of
     * {@code pools} (which share {@code limit}, in cpu and memory) without overshooting it, neither on a new
     * NodeClaim of a type that fits what is left nor by growing one of their NodeClaims to a larger type within
     * what is left plus what it holds. Types come from the catalog as the pools see them ({@code poolTypes}).
     */
    private static void assertFilled(SchedulingResult r, List<String> pools, Limits limit, List<Pod> spilled,
                                     Predicate<ResolvedInstanceType> poolTypes) {
        long cpu = 0, mem = 0;
        for (String p : pools) {
            cpu += worstCase(r, p)[0];
            mem += worstCase(r, p)[1];
        }
        assertThat(cpu).as("cpu charged to %s", pools).isLessThanOrEqualTo(limit.cpuMillis());
        assertThat(mem).as("memory charged to %s", pools).isLessThanOrEqualTo(limit.memoryBytes());
        long[] left = {minus(limit.cpuMillis(), cpu), minus(limit.memoryBytes(), mem)};
        List<ResolvedInstanceType> types = RESOLVER.resolve(AL2023).stream().filter(poolTypes).toList();
        for (Pod p : spilled) {
            for (ResolvedInstanceType t : types) {
                assertThat(within(t, left, 0, 0) && holds(t, List.of(p)))
                        .as("%s fits a new %s in what is left, %s", p.name(), t.name(), java.util.Arrays.toString(left)).isFalse();
            }
            for (PlannedNodeClaim c : r.newClaims()) {
                if (!pools.contains(c.pool())) continue;
                long ownCpu = 0, ownMem = 0;
                for (PlannedNodeClaim.Option o : c.options()) {
                    ownCpu = Math.max(ownCpu, o.type().capacity().cpuMillis());
                    ownMem = Math.max(ownMem, o.type().capacity().memoryBytes());
                }
                List<Pod> grown = new ArrayList<>(c.pods());
                grown.add(p);
                for (ResolvedInstanceType t : types) {
                    assertThat(within(t, left, ownCpu, ownMem) && holds(t, grown))
                            .as("%s fits its pool's NodeClaim %s grown to %s", p.name(), c, t.name()).isFalse();
                }
            }
        }
    }

    private static long minus(long limit, long used) {
        return limit == U ? U : limit - used;
    }

    /** Whether a node of {@code t} stays within what is {@code left} plus what a NodeClaim holds already. */
    private static boolean within(ResolvedInstanceType t, long[] left, long heldCpu, long heldMem) {
        return (left[0] == U || t.capacity().cpuMillis() <= left[0] + heldCpu) && (left[1] == U || t.capacity().memoryBytes() <= left[1] + heldMem);
    }

    private static boolean holds(ResolvedInstanceType t, List<Pod> pods) {
        ResourceList sum = ResourceList.ZERO;
        for (Pod p : pods) sum = sum.plus(p.requests());
        ResourceList a = t.allocatable();
        return sum.cpuMillis() <= a.cpuMillis() && sum.memoryBytes() <= a.memoryBytes() && pods.size() <= a.pods();
    }

    /** Issue 10 #4: the heavy pool's open NodeClaim used to be charged at its largest type, so one node took the whole headroom. */
    @Test
    void aWeightedPoolWithACpuLimitIsFilledToItsLimitBeforeTheLighterPoolTakesTheRest() {
        var r = solve(pods("p", 10, 500, 256), weighted("heavy", 90, new Limits(4000, U, U, U)), weighted("light", 10, Limits.NONE));
        assertThat(worstCase(r, "heavy")[0]).isEqualTo(4000);
        assertThat(podsOn(r, "heavy")).hasSize(7);
        assertThat(podsOn(r, "light")).hasSize(3);
        assertThat(r.unschedulable()).isEmpty();
        assertFilled(r, List.of("heavy"), new Limits(4000, U, U, U), podsOn(r, "light"), t -> true);
    }

    /** Capacity already running in the heavy pool counts, and the pool fills the rest of its limit. */
    @Test
    void aWeightedPoolFillsWhatItsExistingNodesLeaveOfItsLimit() {
        var full = node("node-1", "m5.xlarge", "us-east-1a", "heavy", List.of(pod("bound", 3800, 1024)));
        var r = solve(pods("p", 10, 500, 256), List.of(full), weighted("heavy", 90, new Limits(8000, U, U, U)), weighted("light", 10, Limits.NONE));
        assertThat(r.existing()).isEmpty();
        assertThat(worstCase(r, "heavy")[0]).isEqualTo(4000);
        assertThat(podsOn(r, "heavy")).hasSize(7);
        assertFilled(r, List.of("heavy"), new Limits(4000, U, U, U), podsOn(r, "light"), t -> true);
    }

    /** Reserved-pool-like: a heavy pool limited to 4 or 16 cpu, an unlimited light one, pods of one size. */
    @ParameterizedTest(name = "limit {0}m, {2} pods of {1}m")
    @CsvSource({
        "4000, 100, 60", "4000, 250, 30", "4000, 500, 12", "4000, 1000, 8", "4000, 1500, 6", "4000, 3000, 3",
        "16000, 100, 200", "16000, 300, 100", "16000, 1000, 40", "16000, 1500, 20", "16000, 3500, 10", "16000, 7000, 5"})
    void aLimitedHeavyPoolFillsAsFarAsThePodsAllow(long limit, long cpu, int count) {
        var r = solve(pods("p", count, cpu, 512), weighted("heavy", 90, new Limits(limit, U, U, U)), weighted("light", 10, Limits.NONE));
        assertThat(podsOn(r, "heavy")).isNotEmpty();
        assertThat(podsOn(r, "heavy").size() + podsOn(r, "light").size()).isEqualTo(count);
        assertFilled(r, List.of("heavy"), new Limits(limit, U, U, U), podsOn(r, "light"), t -> true);
    }

    /** Mixed pod sizes, seeded: the limit holds for every option and nothing that fits is left to the light pool. */
    @ParameterizedTest
    @ValueSource(longs = {11, 12, 13, 14, 15, 16, 17, 18})
    void aLimitedHeavyPoolFillsWithMixedPods(long seed) {
        Random random = new Random(seed);
        long limit = (random.nextBoolean() ? 4 : 16) * 1000L;
        List<Pod> pods = new ArrayList<>();
        for (int i = 0; i < 30 + random.nextInt(60); i++) pods.add(pod("p" + i, 100 + random.nextInt(3000), 128 + random.nextInt(4096)));
        var r = solve(pods, weighted("heavy", 90, new Limits(limit, U, U, U)), weighted("light", 10, Limits.NONE));
        assertThat(r.unschedulable()).isEmpty();
        assertFilled(r, List.of("heavy"), new Limits(limit, U, U, U), podsOn(r, "light"), t -> true);
    }

    /**
     * A limit far above the largest type: the pool turns tight while it still has room for NodeClaims of any
     * type, packs by the cost model until the limit binds, and is still filled to it.
     */
    @ParameterizedTest
    @ValueSource(longs = {31, 32, 33, 34})
    void aHeavyPoolWithALimitFarAboveItsLargestTypeIsFilledToIt(long seed) {
        Random random = new Random(seed);
        Limits limits = new Limits(600_000, U, U, U);
        List<Pod> pods = new ArrayList<>();
        for (int i = 0; i < 500; i++) pods.add(pod("p" + i, 100 + random.nextInt(3000), 128 + random.nextInt(8192)));
        var r = solve(pods, weighted("heavy", 90, limits), weighted("light", 10, Limits.NONE));
        assertThat(r.unschedulable()).isEmpty();
        assertThat(podsOn(r, "light")).isNotEmpty();
        assertThat(worstCase(r, "heavy")[0]).isLessThanOrEqualTo(600_000);
        assertFilled(r, List.of("heavy"), limits, podsOn(r, "light"), t -> true);
    }

    /** Limits on memory, or on cpu and memory together, fill the heavy pool as well. */
    @ParameterizedTest(name = "cpu {0}m, memory {1}Gi, seed {2}")
    @CsvSource({"-1, 16, 21", "-1, 64, 22", "8000, 16, 23", "16000, 32, 24", "4000, 64, 25"})
    void aHeavyPoolLimitedInMemoryOrBothFillsAsFarAsThePodsAllow(long cpu, long memGib, long seed) {
        Limits limits = new Limits(cpu < 0 ? U : cpu, memGib * ResourceList.GIB, U, U);
        Random random = new Random(seed);
        List<Pod> pods = new ArrayList<>();
        for (int i = 0; i < 40; i++) pods.add(pod("p" + i, 100 + random.nextInt(1500), 256 + random.nextInt(6000)));
        var r = solve(pods, weighted("heavy", 90, limits), weighted("light", 10, Limits.NONE));
        assertThat(r.unschedulable()).isEmpty();
        assertThat(podsOn(r, "heavy")).isNotEmpty();
        assertFilled(r, List.of("heavy"), limits, podsOn(r, "light"), t -> true);
    }

    /** Narrowing under a limit keeps minValues: every NodeClaim of the tight pool still offers three families. */
    @Test
    void narrowingUnderALimitKeepsMinValues() {
        NodePool heavy = new NodePool("heavy", 90, Map.of(), List.of(new dev.jig.controller.model.PoolRequirement(
                req(WellKnownLabels.INSTANCE_FAMILY, Operator.In, "m5", "m6i", "m6a", "c5", "c6i", "r5"), 3)), List.of(), List.of(), "default",
                new Limits(16000, U, U, U), dev.jig.controller.model.Disruption.DEFAULT);
        var r = solve(pods("p", 30, 1000, 1024), heavy, weighted("light", 10, Limits.NONE));
        assertThat(podsOn(r, "heavy")).isNotEmpty();
        assertThat(worstCase(r, "heavy")[0]).isLessThanOrEqualTo(16000);
        for (PlannedNodeClaim c : r.newClaims()) {
            if (!c.pool().equals("heavy")) continue;
            assertThat(c.options().stream().map(o -> o.type().label(WellKnownLabels.INSTANCE_FAMILY)).distinct().count()).as(c.toString())
                    .isGreaterThanOrEqualTo(3);
        }
    }

    /** A tenant's quota across its pools is filled too: the pods left over would not fit what the quota leaves. */
    @Test
    void aTenantQuotaIsFilledAcrossItsPools() {
        NodePool a = pool("alpha-a", 20, Map.of(), List.of(), Limits.NONE, req(WellKnownLabels.INSTANCE_CATEGORY, Operator.In, "m"));
        NodePool b = pool("alpha-b", 10, Map.of(), List.of(), Limits.NONE, req(WellKnownLabels.INSTANCE_CATEGORY, Operator.In, "m"));
        Tenancy tenancy = Tenancy.of("test", "jig.dev/tenant", "jig.dev/pool", List.of(), new Tenancy.WeightBand(1, 79),
                new Tenancy.WeightBand(80, 100), List.of(new Tenancy.TenantEntry("alpha", false, List.of("default"),
                        new Quota(8000, 1_000_000, 0), List.of("alpha-a", "alpha-b"))));
        var in = new SchedulingInput(pods("p", 24, 1000, 256), List.of(), List.of(input(a), input(b)), List.of(), Optional.of(tenancy), true);
        var r = Scheduler.solve(in);
        assertThat(r.unschedulable()).isNotEmpty();
        List<Pod> left = r.unschedulable().stream().map(Unschedulable::pod).toList();
        assertFilled(r, List.of("alpha-a", "alpha-b"), new Limits(8000, U, U, U), left, t -> "m".equals(t.label(WellKnownLabels.INSTANCE_CATEGORY)));
        assertThat(podsOn(r, "alpha-a")).hasSizeGreaterThanOrEqualTo(6);
    }
}
