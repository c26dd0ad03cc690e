package dev.jig.controller.disruption;

import dev.jig.controller.cloud.CloudProvider;
import dev.jig.controller.state.ClusterSnapshot;

import java.time.Instant;
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
        DisruptionState state = new DisruptionState(snapshot, now, cloud, nominated);
        List<Command> expirations = Expiration.commands(state);
        Map<Reason, Map<String, Integer>> allowed = new EnumMap<>(Reason.class);
        for (Reason r : List.of(Reason.EMPTY, Reason.DRIFTED, Reason.UNDERUTILIZED)) allowed.put(r, Map.copyOf(state.budgets(r)));
        Map<Reason, Integer> eligible = new EnumMap<>(Reason.class);
        for (Method m : METHODS) {
            eligible.merge(m.kind().reason(), m.eligible(state), Math::max);
            Optional<Command> cmd = m.compute(state, state.budgets(m.kind().reason()));
            if (cmd.isPresent()) return new DisruptionResult(expirations, cmd, state.blocked, eligible, allowed);
        }
        return new DisruptionResult(expirations, Optional.empty(), state.blocked, eligible, allowed);
    }
}
