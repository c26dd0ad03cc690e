package dev.jig.controller.provisioning;

import dev.jig.api.karpenter.ResourceList;
import dev.jig.controller.model.Node;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.Pod;
import dev.jig.controller.state.ClusterSnapshot;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link Nominations}: which pending pods go to which node, from the plan and one snapshot. A pod planned onto a
 * NodeClaim is nominated once its Node has joined, while it is live and has room (bound pods, preemption's
 * nominations and the pods ahead in the kube-scheduler's queue counted); otherwise it has none, and a pod its target
 * has no room for is a misfit.
 */
class NominationsTest {

    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    private static final ResourceList ALLOCATABLE = new ResourceList(2000, 8L << 30, 0, 0, 29);

    private final List<Pod> pods = new ArrayList<>();
    private final List<Node> nodes = new ArrayList<>();
    private final List<NodeClaim> claims = new ArrayList<>();
    private final Map<String, String> plan = new java.util.HashMap<>();

    private void claim(String name, String node, boolean deleting) {
        NodeClaim.Status status = new NodeClaim.Status("sim:///us-east-1a/" + name, "m5.large", "us-east-1a", "on-demand", 0.096,
                ALLOCATABLE, ALLOCATABLE, null, List.of());
        claims.add(new NodeClaim(name, "default", "default", Map.of(), List.of(), ResourceList.ZERO, List.of(), List.of(), T0, deleting, status, Map.of()));
        if (node != null) nodes.add(new Node(node, "sim:///us-east-1a/" + name, Map.of(), List.of(), ALLOCATABLE, ALLOCATABLE, false, T0));
    }

    private Pod pod(String name, long cpu, String plannedOnto) {
        Pod p = Pod.of("default", name, ResourceList.of(cpu, 256), Map.of()).with().created(T0.plusSeconds(pods.size())).build();
        pods.add(p);
        if (plannedOnto != null) plan.put(p.key(), plannedOnto);
        return p;
    }

    private Nominations nominations() {
        ClusterSnapshot s = new ClusterSnapshot(pods, nodes, claims, List.of(), Map.of(), List.of(), Optional.empty());
        return Nominations.of(s, p -> plan.get(p.key()));
    }

    @Test
    void aPodIsNominatedToItsNodeClaimsNodeOnceItHasJoinedAndNotBefore() {
        claim("c1", "n1", false);
        claim("c2", null, false);
        pod("joined", 500, "c1");
        pod("booting", 500, "c2");
        pod("unplanned", 500, null);
        Nominations n = nominations();
        assertThat(n.nodes()).isEqualTo(Map.of("default/joined", "n1"));
        assertThat(n.misfits()).isEmpty();
    }

    @Test
    void aPodPlannedOntoAnExistingNodeIsNominatedToIt() {
        claim("c1", "n1", false);
        pod("p", 500, "n1");
        assertThat(nominations().nodes()).containsEntry("default/p", "n1");
    }

    @Test
    void aDeletingNodeClaimGetsNoNominationsAndIsNoMisfit() {
        claim("c1", "n1", true);
        pod("p", 500, "c1");
        pod("q", 500, "n1");
        Nominations n = nominations();
        assertThat(n.nodes()).isEmpty();
        assertThat(n.misfits()).isEmpty();
    }

    @Test
    void podsTheNodeHasNoRoomLeftForAreMisfitsInQueueOrder() {
        claim("c1", "n1", false);
        pods.add(Pod.of("default", "bound", ResourceList.of(800, 256), Map.of()).with().nodeName("n1").build());
        pod("first", 700, "c1");
        pod("second", 700, "c1");
        Nominations n = nominations();
        assertThat(n.nodes()).isEqualTo(Map.of("default/first", "n1"));
        assertThat(n.misfits()).containsExactly("default/second");
    }

    @Test
    void aHigherPriorityPodGetsTheRoomFirst() {
        claim("c1", "n1", false);
        pod("older", 1500, "c1");
        Pod vip = Pod.of("default", "vip", ResourceList.of(1500, 256), Map.of()).with().priority(10).created(T0.plusSeconds(60)).build();
        pods.add(vip);
        plan.put(vip.key(), "c1");
        Nominations n = nominations();
        assertThat(n.nodes()).isEqualTo(Map.of("default/vip", "n1"));
        assertThat(n.misfits()).containsExactly("default/older");
    }

    @Test
    void preemptionsNominationHoldsItsRoom() {
        claim("c1", "n1", false);
        pods.add(Pod.of("default", "preemptor", ResourceList.of(1500, 256), Map.of()).with().nominatedNodeName("n1")
                .ignored("it is nominated to a node by preemption").build());
        pod("p", 1000, "c1");
        Nominations n = nominations();
        assertThat(n.nodes()).isEmpty();
        assertThat(n.misfits()).containsExactly("default/p");
    }
}
