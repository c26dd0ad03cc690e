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
        FleetPlan plan = FleetPlan.of(List.of(c("m5.large", "a", "on-demand", 0.01), c("m5.large", "a", "spot", 0.04)));
        assertThat(plan.capacityType()).isEqualTo("spot");
        assertThat(plan.allocationStrategy()).isEqualTo("price-capacity-optimized");
        assertThat(plan.overrides()).extracting(Candidate::capacityType).containsOnly("spot");
    }

    @Test
    void atMostSixtyOverridesTheCheapestOnes() {
        List<Candidate> many = new ArrayList<>();
        for (int i = 0; i < 100; i++) many.add(c("t" + i, "a", "on-demand", 100 - i));
        FleetPlan plan = FleetPlan.of(many);
        assertThat(plan.overrides()).hasSize(FleetPlan.MAX_OVERRIDES);
        assertThat(plan.overrides().get(0).price()).isEqualTo(1);
        assertThat(plan.overrides().get(59).price()).isEqualTo(60);
    }

    @Test
    void karpentersTagsWinOverTheNodeClasses() {
        var tags = LaunchTags.instance("demo", "default", "default-abc", "default", java.util.Map.of("karpenter.sh/nodepool", "mine", "team", "a"));
        assertThat(tags).containsEntry("karpenter.sh/nodepool", "default").containsEntry("team", "a")
                .containsEntry("kubernetes.io/cluster/demo", "owned").containsEntry("Name", "default-abc");
    }
}
