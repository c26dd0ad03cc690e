package dev.jig.controller.simulate;

import dev.jig.api.karpenter.ResourceList;
import dev.jig.controller.model.Pod;
import dev.jig.controller.scheduling.SchedulingResult;
import dev.jig.controller.scheduling.Unschedulable;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class PodPlacementsTest {

    private final InMemoryCluster cluster = new InMemoryCluster();
    private final PodPlacements placements = new PodPlacements();
    private final Pod web = Pod.of("default", "web-0", ResourceList.of(100, 128), Map.of());

    @Test
    void theDecisionForAPodThatIsGoneIsForgotten() {
        cluster.put(web);
        placements.record(new SchedulingResult(List.of(), Map.of(), List.of(new Unschedulable(web, List.of()))));
        assertThat(placements.of(cluster.snapshot())).singleElement()
                .satisfies(p -> assertThat(p.status()).isEqualTo(PodPlacements.Status.UNSCHEDULABLE));

        cluster.deletePod(web);
        placements.retain(cluster.snapshot());
        cluster.put(web);
        assertThat(placements.of(cluster.snapshot())).as("a pod under the same key later is new to the provisioner")
                .singleElement().satisfies(p -> assertThat(p.status()).isEqualTo(PodPlacements.Status.PENDING));
    }

    @Test
    void theDecisionForAPodThatStaysIsKept() {
        cluster.put(web);
        placements.record(new SchedulingResult(List.of(), Map.of(), List.of(new Unschedulable(web, List.of()))));
        placements.retain(cluster.snapshot());
        assertThat(placements.of(cluster.snapshot())).singleElement()
                .satisfies(p -> assertThat(p.status()).isEqualTo(PodPlacements.Status.UNSCHEDULABLE));
    }
}
