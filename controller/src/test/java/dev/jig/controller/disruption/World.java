package dev.jig.controller.disruption;

import dev.jig.api.karpenter.Requirement;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.cloud.ResolvedInstanceType;
import dev.jig.controller.cloud.UnavailableOfferings;
import dev.jig.controller.cloud.sim.SimulatedCloud;
import dev.jig.controller.model.Disruption;
import dev.jig.controller.model.Limits;
import dev.jig.controller.model.Node;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.NodePool;
import dev.jig.controller.model.Pod;
import dev.jig.controller.model.PodDisruptionBudget;
import dev.jig.controller.model.PoolRequirement;
import dev.jig.controller.state.ClusterSnapshot;
import dev.jig.controller.testing.Fixtures;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;

/** A small cluster for disruption tests: pools, launched and initialized nodes with bound pods, PDBs. */
final class World {

    static final Instant NOW = Instant.parse("2026-11-25T12:00:00Z");
    static final String ZONE = "us-east-1a";

    final List<NodePool> pools = new ArrayList<>();
    final List<Node> nodes = new ArrayList<>();
    final List<NodeClaim> claims = new ArrayList<>();
    final List<Pod> pods = new ArrayList<>();
    final List<PodDisruptionBudget> pdbs = new ArrayList<>();
    final SimulatedCloud cloud = new SimulatedCloud(Fixtures.RESOLVER, Clock.fixed(NOW, ZoneOffset.UTC), Duration.ZERO,
            new UnavailableOfferings(Clock.fixed(NOW, ZoneOffset.UTC), UnavailableOfferings.DEFAULT_TTL));

    static NodePool pool(String name, Disruption d, Requirement... requirements) {
        List<PoolRequirement> reqs = new ArrayList<>();
        for (Requirement r : requirements) reqs.add(PoolRequirement.of(r));
        return new NodePool(name, 10, Map.of(), reqs, List.of(), List.of(), "default", Limits.NONE, d);
    }

    /** Consolidation settings with one budget for every reason. */
    static Disruption disruption(String policy, String consolidateAfter, String nodes) {
        return new Disruption(policy, consolidateAfter, "720h", List.of(new Disruption.Budget(nodes, null, null, List.of())));
    }

    static Requirement types(String... names) {
        return Requirement.in(WellKnownLabels.INSTANCE_TYPE, List.of(names));
    }

    static Requirement capacity(String... types) {
        return Requirement.in(WellKnownLabels.CAPACITY_TYPE, List.of(types));
    }

    World pool(NodePool p) {
        pools.add(p);
        return this;
    }

    World node(String name, String type, String capacityType, String pool, Pod... bound) {
        return node(name, type, capacityType, pool, c -> c, n -> n, bound);
    }

    /** A node launched an hour ago, initialized, Ready, with {@code bound} pods; {@code claimEdit}/{@code nodeEdit} adjust it. */
    World node(String name, String type, String capacityType, String pool, UnaryOperator<NodeClaim> claimEdit, UnaryOperator<Node> nodeEdit,
               Pod... bound) {
        ResolvedInstanceType t = Fixtures.RESOLVER.resolve(Fixtures.AL2023, List.of(type)).get(0);
        double price = t.offering(ZONE, capacityType).pricePerHour();
        String providerId = "sim:///" + ZONE + "/" + name;
        Instant created = NOW.minus(Duration.ofHours(1));
        Map<String, String> labels = new HashMap<>(t.labels());
        labels.put(WellKnownLabels.INSTANCE_TYPE, type);
        labels.put(WellKnownLabels.ZONE, ZONE);
        labels.put(WellKnownLabels.CAPACITY_TYPE, capacityType);
        labels.put(WellKnownLabels.NODEPOOL, pool);
        labels.put(WellKnownLabels.HOSTNAME, name);
        NodeClaim.Status status = new NodeClaim.Status(providerId, type, ZONE, capacityType, price, t.capacity(), t.allocatable(), name, List.of());
        for (String cond : List.of(NodeClaim.LAUNCHED, NodeClaim.REGISTERED, NodeClaim.INITIALIZED)) {
            status = NodeClaim.condition(status, cond, true, cond, "", created);
        }
        claims.add(claimEdit.apply(new NodeClaim(name, pool, "default", Map.of(WellKnownLabels.NODEPOOL, pool), List.of(), ResourceList.ZERO,
                List.of(), List.of(), created, false, status)));
        nodes.add(nodeEdit.apply(new Node(name, providerId, labels, List.of(), t.capacity(), t.allocatable(), true, created)));
        for (Pod p : bound) pods.add(p.with().nodeName(name).build());
        return this;
    }

    World pending(Pod p) {
        pods.add(p);
        return this;
    }

    World pdb(PodDisruptionBudget b) {
        pdbs.add(b);
        return this;
    }

    ClusterSnapshot snapshot() {
        return new ClusterSnapshot(pods, nodes, claims, pools, Map.of("default", Fixtures.AL2023), List.of(), Optional.empty(), pdbs);
    }

    DisruptionState state(Instant now) {
        return new DisruptionState(snapshot(), now, cloud, Set.of());
    }

    DisruptionResult run(Instant now) {
        return DisruptionPass.run(snapshot(), now, cloud, Set.of());
    }

    static Pod pod(String name, long cpuMillis) {
        return Fixtures.pod(name, cpuMillis, 256);
    }

    static List<String> names(Command c) {
        return c.candidates().stream().map(Candidate::name).toList();
    }
}
