package dev.jig.controller.disruption;

import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.cloud.ResolvedInstanceType;
import dev.jig.controller.model.DoNotDisrupt;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.NodePool;
import dev.jig.controller.model.Pod;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Which nodes disruption may consider (Karpenter's {@code NewCandidate}). A node is a candidate when
 * its NodeClaim is initialized, not deleting, not nominated for pending pods, its Node has the
 * {@code karpenter.sh/nodepool} label, and neither the Node nor the NodeClaim carries
 * {@code karpenter.sh/do-not-disrupt: "true"}; the others are {@link Blocked}. A candidate whose pods
 * block eviction ({@link PodBlocks}) stays a candidate for eventual disruption but is also reported
 * as blocked for graceful disruption.
 */
record CandidateSelection(List<Candidate> candidates, List<Blocked> blocked) {

    static CandidateSelection select(DisruptionState s, Set<String> nominated) {
        List<Candidate> candidates = new ArrayList<>();
        List<Blocked> blocked = new ArrayList<>();
        for (DisruptionState.Managed m : s.managed) {
            NodeClaim c = m.claim();
            if (m.node() == null) continue;
            String node = m.node().name();
            Blocked.Why why = null;
            if (!c.initialized()) why = Blocked.Why.NOT_INITIALIZED;
            else if (c.deleting()) why = Blocked.Why.DELETING;
            else if (nominated.contains(node) || nominated.contains(c.name())) why = Blocked.Why.NOMINATED;
            else if (doNotDisrupt(m)) why = Blocked.Why.NODE_DO_NOT_DISRUPT;
            else if (!m.node().labels().containsKey(WellKnownLabels.NODEPOOL)) why = Blocked.Why.NO_NODEPOOL_LABEL;
            if (why != null) {
                blocked.add(new Blocked(node, c.name(), m.poolName(), why, null));
                continue;
            }
            Candidate candidate = candidate(s, m);
            candidates.add(candidate);
            if (candidate.podBlock() != null) blocked.add(candidate.podBlock());
        }
        return new CandidateSelection(List.copyOf(candidates), List.copyOf(blocked));
    }

    private static boolean doNotDisrupt(DisruptionState.Managed m) {
        return DoNotDisrupt.active(m.node().annotations()) || DoNotDisrupt.active(m.claim().annotations());
    }

    /** A candidate for {@code m}, whose NodeClaim has launched and whose Node has registered. */
    static Candidate candidate(DisruptionState s, DisruptionState.Managed m) {
        NodeClaim c = m.claim();
        NodePool pool = s.pools.get(m.poolName());
        List<Pod> reschedulable = new ArrayList<>();
        for (Pod p : m.pods()) if (PodBlocks.isReschedulable(p)) reschedulable.add(p);
        StringBuilder subject = new StringBuilder();
        Blocked.Why why = m.node() == null ? null : PodBlocks.block(m.pods(), s.snapshot.pdbs(), s.now, subject);
        Blocked podBlock = why == null ? null
                : new Blocked(m.node().name(), c.name(), m.poolName(), why, subject.toString());
        ResolvedInstanceType type = s.types(m.poolName()).get(c.status().instanceType());
        Duration expireAfter = pool == null ? null : Settings.expireAfter(pool.disruption()).orElse(null);
        String zone = c.status().zone() != null ? c.status().zone() : label(m, WellKnownLabels.ZONE);
        String capacityType = c.status().capacityType() != null ? c.status().capacityType() : label(m, WellKnownLabels.CAPACITY_TYPE);
        return new Candidate(c, m.node(), pool, m.pods(), reschedulable, type, zone, capacityType, s.price(c),
                DisruptionCost.disruptionCost(m.pods(), c.created(), expireAfter, s.now),
                DisruptionCost.rescheduleCost(reschedulable), podBlock);
    }

    private static String label(DisruptionState.Managed m, String key) {
        return m.node() == null ? null : m.node().labels().get(key);
    }
}
