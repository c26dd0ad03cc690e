package dev.jig.controller.simulate;

import dev.jig.api.diag.Rule;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.Pod;
import dev.jig.controller.scheduling.Refusal;
import dev.jig.controller.scheduling.SchedulingResult;
import dev.jig.controller.scheduling.Unschedulable;
import dev.jig.controller.state.ClusterSnapshot;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static dev.jig.controller.testing.Fixtures.pod;
import static org.assertj.core.api.Assertions.assertThat;

class PodPlacementsTest {

    private static ClusterSnapshot snapshot(List<Pod> pods, List<NodeClaim> claims) {
        return new ClusterSnapshot(pods, List.of(), claims, List.of(), Map.of(), List.of(), Optional.empty());
    }

    @Test
    void everyPodGetsItsStandingFromTheSnapshotAndTheLatestDecision() {
        Pod bound = pod("bound", 100, 100).with().nodeName("node-1").build();
        Pod refused = pod("refused", 100, 100);
        Pod planned = pod("planned", 100, 100);
        Pod unseen = pod("unseen", 100, 100);
        Pod gated = pod("gated", 100, 100).with().ignored("it has scheduling gates").build();
        Pod daemon = pod("daemon", 100, 100).with().daemonSet(true).nodeName("node-1").build();
        NodeClaim claim = new NodeClaim("default-abc", "default", "default", Map.of(), List.of(), ResourceList.ZERO, List.of(), List.of(),
                Instant.EPOCH, false, new NodeClaim.Status("sim:///a/i-1", "m5.large", "us-east-1a", "on-demand", 0.096, ResourceList.ZERO,
                ResourceList.ZERO, "node-1", List.of()));
        NodeClaim inFlight = new NodeClaim("default-xyz", "default", "default", Map.of(), List.of(), ResourceList.ZERO, List.of(), List.of(),
                Instant.EPOCH, false, null);

        PodPlacements placements = new PodPlacements();
        placements.record(new SchedulingResult(List.of(), Map.of("default-xyz", List.of(planned)),
                List.of(new Unschedulable(refused, List.of(new Refusal("default", Rule.POOL_LIMIT, "the pool's cpu limit 4 leaves 0"))))));
        var out = placements.of(snapshot(List.of(bound, refused, planned, unseen, gated, daemon), List.of(claim, inFlight)));

        assertThat(out).extracting(PodPlacements.Placement::pod).containsExactly("default/bound", "default/refused", "default/planned",
                "default/unseen", "default/gated");
        assertThat(out.get(0)).isEqualTo(new PodPlacements.Placement("default/bound", bound.requests(), PodPlacements.Status.BOUND, "node-1", "default-abc",
                "default", null, List.of()));
        assertThat(out.get(1).status()).isEqualTo(PodPlacements.Status.UNSCHEDULABLE);
        assertThat(out.get(1).refusals()).extracting(Refusal::rule).containsExactly(Rule.POOL_LIMIT);
        assertThat(out.get(2).status()).isEqualTo(PodPlacements.Status.PLANNED);
        assertThat(out.get(2).nodeClaim()).isEqualTo("default-xyz");
        assertThat(out.get(2).pool()).isEqualTo("default");
        assertThat(out.get(3).status()).isEqualTo(PodPlacements.Status.PENDING);
        assertThat(out.get(4).status()).isEqualTo(PodPlacements.Status.IGNORED);
        assertThat(out.get(4).reason()).contains("scheduling gates");
    }

    @Test
    void aLaterDecisionReplacesAnEarlierOne() {
        Pod p = pod("p", 100, 100);
        PodPlacements placements = new PodPlacements();
        placements.record(new SchedulingResult(List.of(), Map.of(), List.of(new Unschedulable(p, List.of(new Refusal("a", Rule.POD_TAINTS, "taint"))))));
        placements.record(new SchedulingResult(List.of(), Map.of("node-2", List.of(p)), List.of()));
        var out = placements.of(snapshot(List.of(p), List.of()));
        assertThat(out.get(0).status()).isEqualTo(PodPlacements.Status.PLANNED);
        assertThat(out.get(0).node()).isEqualTo("node-2");
        assertThat(out.get(0).refusals()).isEmpty();
    }

    @Test
    void theDecisionForAPodThatIsGoneIsForgotten() {
        Pod p = pod("p", 100, 100);
        PodPlacements placements = new PodPlacements();
        placements.record(new SchedulingResult(List.of(), Map.of(), List.of(new Unschedulable(p, List.of()))));
        assertThat(placements.of(snapshot(List.of(p), List.of())).get(0).status()).isEqualTo(PodPlacements.Status.UNSCHEDULABLE);

        placements.retain(snapshot(List.of(), List.of()));
        assertThat(placements.of(snapshot(List.of(p), List.of())).get(0).status())
                .as("a pod under the same key later is new to the provisioner").isEqualTo(PodPlacements.Status.PENDING);
    }

    @Test
    void theDecisionForAPodThatStaysIsKept() {
        Pod p = pod("p", 100, 100);
        PodPlacements placements = new PodPlacements();
        placements.record(new SchedulingResult(List.of(), Map.of(), List.of(new Unschedulable(p, List.of()))));
        placements.retain(snapshot(List.of(p), List.of()));
        assertThat(placements.of(snapshot(List.of(p), List.of())).get(0).status()).isEqualTo(PodPlacements.Status.UNSCHEDULABLE);
    }
}
