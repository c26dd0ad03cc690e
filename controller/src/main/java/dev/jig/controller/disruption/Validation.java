package dev.jig.controller.disruption;

import dev.jig.controller.cloud.CloudProvider;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.state.ClusterSnapshot;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * The check a command passes before its candidates are deleted (Karpenter's validation after 15 s):
 * every candidate's NodeClaim is still there and not deleting, no pod arrived on a candidate since the
 * decision, and the budget of the command's reason still allows as many disruptions in each pool as
 * the command has candidates there. Pure.
 */
final class Validation {

    private Validation() {
    }

    /** Why the command no longer holds, or null when it does. */
    static String check(ClusterSnapshot s, Instant now, CloudProvider cloud, Set<String> nominated, Command cmd,
                        Map<String, Set<String>> podsAtDecision) {
        Map<String, NodeClaim> claims = new HashMap<>();
        for (NodeClaim c : s.nodeClaims()) claims.put(c.name(), c);
        Map<String, Integer> perPool = new HashMap<>();
        for (Candidate c : cmd.candidates()) {
            NodeClaim live = claims.get(c.claim().name());
            if (live == null || live.deleting()) return "candidate " + c.name() + " is already going";
            Set<String> before = podsAtDecision.getOrDefault(c.name(), Set.of());
            for (String p : DisruptionController.pods(s, c.name())) {
                if (!before.contains(p)) return "pod " + p + " arrived on " + c.name();
            }
            if (nominated.contains(c.name()) || nominated.contains(c.claim().name())) return c.name() + " is nominated for pending pods";
            perPool.merge(c.claim().nodePool(), 1, Integer::sum);
        }
        Map<String, Integer> allowed = new DisruptionState(s, now, cloud, Set.of()).budgets(cmd.reason());
        for (Map.Entry<String, Integer> e : perPool.entrySet()) {
            int a = allowed.getOrDefault(e.getKey(), 0);
            if (a < e.getValue()) return "the " + cmd.reason().wire() + " budget of pool " + e.getKey() + " allows " + a + " now";
        }
        return null;
    }
}
