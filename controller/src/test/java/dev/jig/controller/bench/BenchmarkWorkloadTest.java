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
    void diversePlanCostsAtLeastTheBoundWithANodeThatHoldsEachAntiAffinityPod() {
        List<Pod> pods = BenchmarkWorkload.diverse(1000, 42);
        List<Pod> apart = SchedulingBenchmark.largestAntiAffinityGroup(pods);
        assertThat(apart).hasSize(200);
        double loose = SchedulingBenchmark.lowerBound(pods, POOL.instanceTypes());
        double tight = SchedulingBenchmark.lowerBound(pods, POOL.instanceTypes(), apart);
        assertThat(tight).isGreaterThan(loose);
        assertThat(Scheduler.solve(SchedulingInput.of(pods, List.of(), List.of(POOL))).newCostPerHour()).isGreaterThanOrEqualTo(tight);
    }

    @Test
    void boundForPodsApartIsTheCheapestTypeThatHoldsOneForEach() {
        Pod template = BenchmarkWorkload.generic(1, 42).get(0);
        List<Pod> apart = new java.util.ArrayList<>();
        for (int i = 0; i < 10; i++) apart.add(Pod.of("default", "apart-" + i, template.requests(), template.labels()));
        double cheapest = POOL.instanceTypes().stream().filter(t -> template.requests().fitsIn(t.allocatable()))
                .flatMap(t -> t.offerings().stream()).mapToDouble(o -> o.pricePerHour()).min().orElseThrow();
        assertThat(SchedulingBenchmark.lowerBound(apart, POOL.instanceTypes(), apart)).isCloseTo(10 * cheapest, org.assertj.core.data.Offset.offset(1e-3 * cheapest));
    }

    @Test
    void boundWithOnePodApartIsAboutTheResourceBound() {
        List<Pod> pods = BenchmarkWorkload.generic(2000, 42);
        double resources = SchedulingBenchmark.lowerBound(pods, POOL.instanceTypes());
        assertThat(SchedulingBenchmark.lowerBound(pods, POOL.instanceTypes(), pods.subList(0, 1))).isBetween(resources, resources * 1.001);
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
