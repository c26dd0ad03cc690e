package dev.jig.controller.disruption;

import dev.jig.controller.cloud.CloudProvider;
import dev.jig.controller.state.ClusterSnapshot;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One disruption pass, a pure function of a snapshot, an instant and the cloud's catalog (Karpenter's
 * disruption controller {@code Reconcile}, without acting). Expired NodeClaims come first and always;
 * then the voluntary methods run in Karpenter's order — {@link Emptiness}, {@link Drift},
 * {@link MultiNodeConsolidation}, {@link SingleNodeConsolidation} — each against a fresh budget map of
 * its reason, and the first that proposes a command wins.
 *
 * <p>The executor (a later step) turns a {@link Command} into actions: taint the candidates
 * {@code karpenter.sh/disrupted:NoSchedule}, launch the replacements and wait for them to initialize,
 * validate that the command still holds (Karpenter re-runs the method after 15 s), then delete the
 * candidates' NodeClaims, whose termination drains the nodes within {@code terminationGracePeriod}.
 */
public final class DisruptionPass {

    private static final List<Method> METHODS = List.of(
            new Emptiness(), new Drift(), new MultiNodeConsolidation(), new SingleNodeConsolidation());

    private DisruptionPass() {
    }

    /**
     * @param nominated names of nodes (or NodeClaims) the provisioner has planned pending pods onto;
     *                  they are not disrupted while the plan stands
     */
    public static DisruptionResult run(ClusterSnapshot snapshot, Instant now, CloudProvider cloud, Set<String> nominated) {
        return run(snapshot, now, cloud, nominated, -1, PassMemory.none());
    }

    /**
     * A pass that shares {@code memory} with the passes before it: the consolidation methods are skipped while the
     * {@link ConsolidatedMemo} holds, and time-boxed.
     *
     * @param generation the cluster's {@code generation()} read <em>before</em> the snapshot was taken (so a change
     *                   between the two can only make the memo miss), or a negative number for no memo
     */
    public static DisruptionResult run(ClusterSnapshot snapshot, Instant now, CloudProvider cloud, Set<String> nominated, long generation,
                                       PassMemory memory) {
        DisruptionState state = new DisruptionState(snapshot, now, cloud, nominated);
        List<DisruptionResult.DriftMark> driftMarks = Drift.marks(state);
        List<Command> expirations = Expiration.commands(state);
        Map<Reason, Map<String, Integer>> allowed = new EnumMap<>(Reason.class);
        for (Reason r : List.of(Reason.EMPTY, Reason.DRIFTED, Reason.UNDERUTILIZED)) allowed.put(r, Map.copyOf(state.budgets(r)));
        Map<Reason, Integer> eligible = new EnumMap<>(Reason.class);
        List<DisruptionResult.Evaluated> evaluated = new ArrayList<>();
        ConsolidatedMemo.Key key = null;
        boolean complete = true;
        boolean consolidationRan = false;
        for (Method m : METHODS) {
            eligible.merge(m.kind().reason(), m.eligible(state), Math::max);
            Duration limit = timeout(m.kind(), memory);
            if (limit != null && generation >= 0) {
                if (key == null) key = key(state, generation, nominated, allowed.get(Reason.UNDERUTILIZED));
                if (memory.memo.holds(key, now)) {
                    evaluated.add(new DisruptionResult.Evaluated(m.kind(), 0, true, false));
                    continue;
                }
            }
            consolidationRan |= limit != null;
            long start = memory.ticker.getAsLong();
            state.timeBox = limit == null ? TimeBox.NONE : TimeBox.of(memory.ticker, limit);
            state.memory = memory;
            Optional<Command> cmd = m.compute(state, state.budgets(m.kind().reason()));
            boolean timedOut = limit != null && state.timeBox.expired();
            complete &= !timedOut;
            evaluated.add(new DisruptionResult.Evaluated(m.kind(), memory.ticker.getAsLong() - start, false, timedOut));
            state.timeBox = TimeBox.NONE;
            if (cmd.isPresent()) return new DisruptionResult(expirations, cmd, state.blocked, eligible, allowed, evaluated, driftMarks, state.scores);
        }
        // a hit leaves the memo's time as it was, so that it is revalidated five minutes after consolidation last ran
        if (key != null && consolidationRan && complete && expirations.isEmpty()) memory.memo.consolidated(key, now);
        return new DisruptionResult(expirations, Optional.empty(), state.blocked, eligible, allowed, evaluated, driftMarks, state.scores);
    }

    /** The time box of a consolidation method, or null for the others (they are cheap and never skipped). */
    private static Duration timeout(Command.Kind kind, PassMemory memory) {
        return switch (kind) {
            case MULTI_NODE_CONSOLIDATION -> memory.multiNodeTimeout;
            case SINGLE_NODE_CONSOLIDATION -> memory.singleNodeTimeout;
            default -> null;
        };
    }

    /** What consolidation's answer depends on in this pass, but for time and prices. */
    private static ConsolidatedMemo.Key key(DisruptionState state, long generation, Set<String> nominated, Map<String, Integer> budgets) {
        List<String> names = new ArrayList<>();
        for (Candidate c : Consolidation.eligible(state)) names.add(c.name());
        return new ConsolidatedMemo.Key(generation, state.cloud.offeringsVersion(), nominated, names, budgets);
    }
}
