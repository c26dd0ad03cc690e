package dev.jig.aws.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class FleetPlanTest {

    private static Candidate c(String type, String zone, String capacityType, double price) {
        return new Candidate(type, zone, "subnet-" + zone, capacityType, price, "lt");
    }

    @Test
    void onDemandOnlyIsLowestPriceCheapestFirst() {
        FleetPlan plan = FleetPlan.of(List.of(c("m5.large", "a", "on-demand", 0.096), c("c5.large", "b", "on-demand", 0.085)));
        assertThat(plan.capacityType()).isEqualTo("on-demand");
        assertThat(plan.allocationStrategy()).isEqualTo("lowest-price");
        assertThat(plan.overrides()).extracting(Candidate::instanceType).containsExactly("c5.large", "m5.large");
    }

    @Test
    void anySpotCandidateMakesASpotPlanOfSpotCandidatesOnly() {
        FleetPlan plan = FleetPlan.of(List.of(c("m5.large", "a", "on-demand", 0.096), c("m5.large", "a", "spot", 0.04)));
        assertThat(plan.capacityType()).isEqualTo("spot");
        assertThat(plan.allocationStrategy()).isEqualTo("price-capacity-optimized");
        assertThat(plan.overrides()).extracting(Candidate::capacityType).containsOnly("spot");
    }

    @Test
    void atMostSixtyInstanceTypesTheCheapestOnesEachWithEveryZone() {
        List<Candidate> many = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            for (String zone : List.of("a", "b", "c")) many.add(c("t" + i, zone, "on-demand", 100 - i + (zone.equals("c") ? 0.5 : 0)));
        }
        FleetPlan plan = FleetPlan.of(many);
        assertThat(plan.overrides().stream().map(Candidate::instanceType).distinct()).hasSize(FleetPlan.MAX_TYPES);
        assertThat(plan.overrides()).as("every zone of each type kept").hasSize(3 * FleetPlan.MAX_TYPES);
        assertThat(plan.overrides().get(0).price()).isEqualTo(1);
        assertThat(plan.overrides()).extracting(Candidate::instanceType).doesNotContain("t39").contains("t40", "t99");
    }

    @Test
    void spotPricedAboveTheCheapestOnDemandIsNotWorthIt() {
        FleetPlan plan = FleetPlan.of(List.of(c("m5.large", "a", "on-demand", 0.096), c("m5.large", "a", "spot", 0.04),
                c("r5.24xlarge", "a", "spot", 2.5)));
        assertThat(plan.overrides()).extracting(Candidate::instanceType).containsExactly("m5.large");
        FleetPlan onlyDear = FleetPlan.of(List.of(c("m5.large", "a", "on-demand", 0.01), c("m5.large", "a", "spot", 0.04)));
        assertThat(onlyDear.capacityType()).as("no spot cheaper than on-demand: on-demand").isEqualTo("on-demand");
    }

    @Test
    void exoticTypesOnlyWhenNothingElseIsLeft() {
        Candidate metal = new Candidate("m5.metal", "a", "subnet-a", "on-demand", 4.6, "lt", true);
        Candidate gpu = new Candidate("g5.xlarge", "a", "subnet-a", "on-demand", 1.0, "lt", true);
        assertThat(FleetPlan.of(List.of(metal, gpu, c("m5.large", "a", "on-demand", 0.096))).overrides())
                .extracting(Candidate::instanceType).containsExactly("m5.large");
        assertThat(FleetPlan.of(List.of(metal, gpu)).overrides()).extracting(Candidate::instanceType).containsExactly("g5.xlarge", "m5.metal");
    }

    @Test
    void karpentersTagsWinOverTheNodeClasses() {
        var tags = LaunchTags.instance("demo", "default", "default-abc", "default", java.util.Map.of("karpenter.sh/nodepool", "mine", "team", "a"));
        assertThat(tags).containsEntry("karpenter.sh/nodepool", "default").containsEntry("team", "a")
                .containsEntry("kubernetes.io/cluster/demo", "owned").containsEntry("Name", "default-abc");
    }
}
