package dev.jig.controller.disruption;

import dev.jig.controller.model.NodeClaim;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Replaces drifted nodes one at a time (Karpenter's {@code Drift}), within each pool's Drifted budget:
 * empty ones first (their pods cannot land on another drifted node and move twice), then the earliest drifted first
 * (by the time of the NodeClaim's {@value #DRIFTED} condition, which each pass sets on the candidates that drifted).
 * The candidate's pods must fit on the other nodes plus any number of new NodeClaims, which become the
 * replacements. Drift is eventual disruption: a pool with {@code terminationGracePeriod} bounds how
 * long draining may wait, so pods that block eviction do not keep its nodes from drifting.
 */
final class Drift implements Method {

    /** The drift reasons of Karpenter and its AWS provider, in words: {@code " (the NodePool's template changed)"}, or nothing. */
    static String explain(String reason) {
        return switch (reason) {
            case "NodePoolDrifted" -> " (the NodePool's template changed)";
            case "RequirementsDrifted" -> " (the node no longer meets the NodePool's requirements)";
            case "NodeClassDrifted" -> " (the EC2NodeClass changed)";
            case "AMIDrift" -> " (the EC2NodeClass resolves to another AMI)";
            case "SubnetDrift" -> " (the node's subnet is no longer selected)";
            case "SecurityGroupDrift" -> " (the node's security groups are no longer the selected ones)";
            case "CapacityReservationDrift" -> " (its capacity reservation is no longer selected)";
            default -> "";
        };
    }

    /** The NodeClaim condition Karpenter sets on a drifted NodeClaim. */
    static final String DRIFTED = "Drifted";

    @Override
    public Command.Kind kind() {
        return Command.Kind.DRIFT;
    }

    @Override
    public Optional<Command> compute(DisruptionState state, Map<String, Integer> budgets) {
        List<Candidate> drifted = drifted(state);
        drifted.sort(Comparator.comparing((Candidate c) -> !c.isEmpty()).thenComparing(c -> driftedSince(c, state.now))
                .thenComparing(c -> c.claim().created()).thenComparing(Candidate::name));
        for (Candidate c : drifted) {
            if (budgets.getOrDefault(c.poolName(), 0) <= 0) continue;
            SchedulingSimulation.Outcome sim = SchedulingSimulation.run(state, List.of(c), false);
            if (!sim.scheduled()) continue;
            return Optional.of(Command.of(kind(), List.of(c), sim.newClaims(),
                    c.pool() == null ? null : Settings.terminationGracePeriod(c.pool().disruption())));
        }
        return Optional.empty();
    }

    @Override
    public int eligible(DisruptionState state) {
        return drifted(state).size();
    }

    /** When {@code c} was first seen drifted: its condition's time, or {@code now} when no pass has marked it yet. */
    private static java.time.Instant driftedSince(Candidate c, java.time.Instant now) {
        NodeClaim.Condition d = c.claim().status().condition(DRIFTED);
        return d != null && "True".equals(d.status()) && d.lastTransitionTime() != null ? d.lastTransitionTime() : now;
    }

    /**
     * The {@value #DRIFTED} conditions this pass changes (Karpenter's NodeClaim disruption controller): set, with the
     * drift reason, on candidates that drifted and do not carry it; removed from those that carry it and no longer drift.
     */
    static List<DisruptionResult.DriftMark> marks(DisruptionState state) {
        List<DisruptionResult.DriftMark> out = new ArrayList<>();
        for (Candidate c : state.candidates) {
            Optional<String> reason = state.drift.computeIfAbsent(c.name(), n -> DriftCheck.reason(state, c));
            NodeClaim.Condition now = c.claim().status().condition(DRIFTED);
            boolean marked = now != null && "True".equals(now.status());
            if (reason.isPresent() && !marked) {
                out.add(new DisruptionResult.DriftMark(c.claim().name(), new NodeClaim.Condition(DRIFTED, "True", reason.get(), "", state.now)));
            } else if (reason.isEmpty() && now != null) {
                out.add(new DisruptionResult.DriftMark(c.claim().name(), null));
            }
        }
        return out;
    }

    private static List<Candidate> drifted(DisruptionState state) {
        List<Candidate> out = new ArrayList<>();
        for (Candidate c : state.eventual()) if (state.drift.computeIfAbsent(c.name(), n -> DriftCheck.reason(state, c)).isPresent()) out.add(c);
        return out;
    }
}
