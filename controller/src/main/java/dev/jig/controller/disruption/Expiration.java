package dev.jig.controller.disruption;

import dev.jig.controller.model.NodePool;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Expires nodes (Karpenter v1's NodeClaim expiration): a launched NodeClaim older than its pool's
 * {@code expireAfter} is deleted, forcefully. Unlike the voluntary methods it ignores disruption
 * budgets, {@code karpenter.sh/do-not-disrupt} and PodDisruptionBudgets and does not wait for
 * initialization; draining honours the latter two only until the pool's {@code terminationGracePeriod},
 * which each command carries. No replacement is planned: the provisioner places the evicted pods.
 */
final class Expiration {

    private Expiration() {
    }

    /** One command per expired NodeClaim, oldest first. */
    static List<Command> commands(DisruptionState s) {
        List<Command> out = new ArrayList<>();
        for (DisruptionState.Managed m : s.managed) {
            if (m.claim().deleting()) continue;
            NodePool pool = s.pools.get(m.poolName());
            if (pool == null) continue;
            Optional<Duration> after = Settings.expireAfter(pool.disruption());
            if (after.isEmpty() || s.now.isBefore(m.claim().created().plus(after.get()))) continue;
            Candidate c = CandidateSelection.candidate(s, m);
            s.expiring(c);
            out.add(Command.of(Command.Kind.EXPIRATION, List.of(c), List.of(),
                    Settings.terminationGracePeriod(pool.disruption())));
        }
        out.sort(java.util.Comparator.comparing((Command c) -> c.candidates().get(0).claim().created()).thenComparing(c -> c.candidates().get(0).name()));
        return out;
    }
}
