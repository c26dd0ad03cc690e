package dev.jig.controller.disruption;

import dev.jig.api.ec2.NodeClass;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.cloud.CloudProvider;
import dev.jig.controller.cloud.Offering;
import dev.jig.controller.cloud.ResolvedInstanceType;
import dev.jig.controller.model.Node;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.NodePool;
import dev.jig.controller.model.Pod;
import dev.jig.controller.state.ClusterSnapshot;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What every method of one pass reads: the snapshot, the instant, the cloud's instance types per
 * NodePool (asked once per pass), each NodeClaim paired with its Node and pods, and the candidates
 * with the nodes voluntary disruption must leave alone ({@link CandidateSelection}).
 */
final class DisruptionState {

    /** A launched NodeClaim and the Node that registered for it (null before), with the Node's pods. */
    record Managed(NodeClaim claim, Node node, List<Pod> pods) {
        String poolName() {
            String label = node == null ? null : node.labels().get(WellKnownLabels.NODEPOOL);
            return label != null ? label : claim.nodePool();
        }
    }

    final ClusterSnapshot snapshot;
    final Instant now;
    final CloudProvider cloud;
    final Map<String, NodePool> pools = new LinkedHashMap<>();
    final List<Managed> managed = new ArrayList<>();
    final List<Candidate> candidates;
    final List<Blocked> blocked;
    private final Map<String, Map<String, ResolvedInstanceType>> typesByPool = new HashMap<>();
    /** Each pool's instance types (by pool name: a pool names one node class) as the cloud listed them, asked once per pass. */
    private final Map<String, List<ResolvedInstanceType>> typeLists = new HashMap<>();
    /** When the method now running must stop; {@link TimeBox#NONE} outside a time-boxed method. */
    TimeBox timeBox = TimeBox.NONE;
    /** The scheduling input every simulation of this pass starts from; built at the first simulation. */
    private SimulationBase simulationBase;
    /** What this pass shares with the ones before and after it (where a timed-out single-node pass stopped). */
    PassMemory memory = PassMemory.none();
    /** Each candidate's drift reason, asked of the cloud once per pass (the metric and the method both read it). */
    final Map<String, java.util.Optional<String>> drift = new HashMap<>();
    /** The Balanced pools' totals of this pass; computed at the first move scored. */
    private Balanced balanced;
    /** The Balanced scores of the moves this pass judged (single-node: each; multi-node: the one it settled on). */
    final List<MoveScore> scores = new ArrayList<>();
    /** Nodes that expire in this pass: voluntary methods leave them to expiration. */
    private final Set<String> expiring = new HashSet<>();

    DisruptionState(ClusterSnapshot snapshot, Instant now, CloudProvider cloud, Set<String> nominated) {
        this.snapshot = snapshot;
        this.now = now;
        this.cloud = cloud;
        for (NodePool p : snapshot.nodePools()) pools.put(p.name(), p);
        Map<String, List<Pod>> podsByNode = new HashMap<>();
        for (Pod p : snapshot.pods()) if (p.isBound()) podsByNode.computeIfAbsent(p.nodeName(), n -> new ArrayList<>()).add(p);
        Map<String, Node> nodeByProvider = new HashMap<>();
        for (Node n : snapshot.nodes()) if (n.providerId() != null) nodeByProvider.put(n.providerId(), n);
        for (NodeClaim c : snapshot.nodeClaims()) {
            if (c.status() == null) continue;
            Node n = nodeByProvider.get(c.status().providerId());
            managed.add(new Managed(c, n, n == null ? List.of() : podsByNode.getOrDefault(n.name(), List.of())));
        }
        CandidateSelection selection = CandidateSelection.select(this, nominated);
        candidates = selection.candidates();
        blocked = selection.blocked();
    }

    /** The pool's instance types by name, as its node class offers them now; empty without a node class. */
    Map<String, ResolvedInstanceType> types(String pool) {
        return typesByPool.computeIfAbsent(pool, name -> {
            NodePool p = pools.get(name);
            NodeClass nc = p == null ? null : snapshot.nodeClasses().get(p.nodeClassName());
            Map<String, ResolvedInstanceType> out = new HashMap<>();
            if (nc != null) for (ResolvedInstanceType t : instanceTypes(p, nc)) out.put(t.name(), t);
            return out;
        });
    }

    /**
     * The cloud's instance types for {@code pool} with {@code nodeClass}, asked once per pass: every scheduling
     * simulation of the pass reads the same list (the offerings cannot change within a pass that acts on none).
     */
    List<ResolvedInstanceType> instanceTypes(NodePool pool, NodeClass nodeClass) {
        return typeLists.computeIfAbsent(pool.name(), k -> cloud.instanceTypes(pool, nodeClass));
    }

    /** The $/h of {@code claim}'s offering now, or the price it launched at when its offering is no longer offered. */
    double price(NodeClaim claim) {
        NodeClaim.Status s = claim.status();
        ResolvedInstanceType t = types(claim.nodePool()).get(s.instanceType());
        Offering o = t == null ? null : t.offering(s.zone(), s.capacityType());
        return o != null ? o.pricePerHour() : s.pricePerHour();
    }

    Balanced balanced() {
        if (balanced == null) balanced = Balanced.of(this);
        return balanced;
    }

    SimulationBase simulationBase() {
        if (simulationBase == null) simulationBase = SimulationBase.of(this);
        return simulationBase;
    }

    void expiring(Candidate c) {
        expiring.add(c.name());
    }

    /** Candidates a graceful method may take: no pod blocks them, and they do not expire in this pass. */
    List<Candidate> graceful() {
        List<Candidate> out = new ArrayList<>();
        for (Candidate c : candidates) if (c.podBlock() == null && !expiring.contains(c.name())) out.add(c);
        return out;
    }

    /** Candidates of an eventual method (drift): pod blocks are ignored when the pool bounds draining. */
    List<Candidate> eventual() {
        List<Candidate> out = new ArrayList<>();
        for (Candidate c : candidates) {
            if (expiring.contains(c.name())) continue;
            boolean bounded = c.pool() != null && Settings.terminationGracePeriod(c.pool().disruption()) != null;
            if (c.podBlock() == null || bounded) out.add(c);
        }
        return out;
    }

    /** The budget map of {@code reason}: NodePool name → disruptions still allowed (see {@link Budgets#mapping}). */
    Map<String, Integer> budgets(Reason reason) {
        return Budgets.mapping(this, reason);
    }
}
