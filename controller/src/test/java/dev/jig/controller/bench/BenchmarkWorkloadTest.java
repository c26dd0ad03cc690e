package dev.jig.controller.bench;

import dev.jig.api.ec2.Catalog;
import dev.jig.controller.model.Pod;
import dev.jig.controller.scheduling.PlannedNodeClaim;
import dev.jig.controller.scheduling.Scheduler;
import dev.jig.controller.scheduling.SchedulingInput;
import dev.jig.controller.scheduling.SchedulingResult;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The benchmark's plans are valid plans: every pod placed, constraints kept, cost above the bound. */
class BenchmarkWorkloadTest {

    private static final SchedulingInput.Pool POOL = BenchmarkWorkload.pool(Catalog.bundled());

    @Test
    void usesFourHundredRealInstanceTypes() {
        assertThat(POOL.instanceTypes()).hasSize(400);
        assertThat(POOL.instanceTypes()).allSatisfy(t -> assertThat(t.type().onDemandPrice()).isPresent());
    }

    @Test
    void diversePlanKeepsAntiAffinityAndZoneAffinity() {
        List<Pod> pods = BenchmarkWorkload.diverse(1000, 42);
        SchedulingResult r = Scheduler.solve(SchedulingInput.of(pods, List.of(), List.of(POOL)));
        assertThat(r.unschedulable()).isEmpty();
        assertThat(r.newClaims().stream().mapToInt(c -> c.pods().size()).sum()).isEqualTo(1000);
        Map<String, Set<String>> affinityZones = new HashMap<>();
        for (PlannedNodeClaim c : r.newClaims()) {
            long nginx = c.pods().stream().filter(p -> "nginx".equals(p.labels().get("app"))).count();
            assertThat(nginx).as("hostname anti-affinity").isLessThanOrEqualTo(1);
            for (Pod p : c.pods()) {
                String group = p.labels().get("my-affinity");
                if (group == null) continue;
                assertThat(c.zones()).as("a zone-affinity pod's NodeClaim has settled its zone").hasSize(1);
                affinityZones.computeIfAbsent(group, g -> new HashSet<>()).add(c.zones().get(0));
            }
        }
        assertThat(affinityZones).isNotEmpty().allSatisfy((group, zones) -> assertThat(zones).as(group).hasSize(1));
    }

    @Test
    void diversePlanCostsAtLeastTheBoundWithOneNodePerAntiAffinityPod() {
        List<Pod> pods = BenchmarkWorkload.diverse(1000, 42);
        assertThat(SchedulingBenchmark.largestAntiAffinityGroup(pods)).isEqualTo(200);
        double loose = SchedulingBenchmark.lowerBound(pods, POOL.instanceTypes());
        double tight = SchedulingBenchmark.lowerBound(pods, POOL.instanceTypes(), 200);
        assertThat(tight).isGreaterThan(loose);
        assertThat(Scheduler.solve(SchedulingInput.of(pods, List.of(), List.of(POOL))).newCostPerHour()).isGreaterThanOrEqualTo(tight);
    }

    @Test
    void boundWithANodeFloorIsThatManyCheapestNodesWhenRequestsAreTiny() {
        List<Pod> one = BenchmarkWorkload.generic(1, 42);
        double cheapest = POOL.instanceTypes().stream().flatMap(t -> t.offerings().stream()).mapToDouble(o -> o.pricePerHour()).min().orElseThrow();
        assertThat(SchedulingBenchmark.lowerBound(one, POOL.instanceTypes(), 10)).isCloseTo(10 * cheapest, org.assertj.core.data.Offset.offset(1e-6));
    }

    @Test
    void boundWithALooseNodeFloorIsTheResourceBound() {
        List<Pod> pods = BenchmarkWorkload.generic(2000, 42);
        assertThat(SchedulingBenchmark.lowerBound(pods, POOL.instanceTypes(), 1))
                .isCloseTo(SchedulingBenchmark.lowerBound(pods, POOL.instanceTypes()), org.assertj.core.data.Offset.offset(1e-6));
    }

    @Test
    void genericPlanCostsAtLeastTheLowerBoundAndAtMostTenPercentMore() {
        List<Pod> pods = BenchmarkWorkload.generic(2000, 42);
        SchedulingResult r = Scheduler.solve(SchedulingInput.of(pods, List.of(), List.of(POOL)));
        double bound = SchedulingBenchmark.lowerBound(pods, POOL.instanceTypes());
        assertThat(r.unschedulable()).isEmpty();
        assertThat(r.newCostPerHour()).isBetween(bound, bound * 1.10);
    }
}
