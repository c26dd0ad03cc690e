package dev.jig.controller.disruption;

import dev.jig.controller.state.ObjectEvent;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The Kubernetes Events of disruption, on the Node and its NodeClaim as Karpenter records them:
 * {@code DisruptionTerminating} when a command deletes its candidates (reason, method, decision, savings),
 * {@code DisruptionAborted} (Warning) when a command is given up, and {@code DisruptionBlocked} with why a node
 * is left alone. A blocked node is reported when it becomes blocked or its reason changes, not on every pass
 * (the loop runs every second). Nodes that are only initializing or already deleting are not reported: that
 * is their normal course, not a block.
 */
final class DisruptionEvents {

    /** Node → the last blocked message published for it. */
    private final Map<String, String> blocked = new HashMap<>();

    /** The Events for this pass's blocked nodes that were not reported with the same reason before. */
    List<ObjectEvent> blocked(List<Blocked> now) {
        Map<String, String> current = new HashMap<>();
        List<ObjectEvent> out = new ArrayList<>();
        for (Blocked b : now) {
            if (b.why() == Blocked.Why.NOT_INITIALIZED || b.why() == Blocked.Why.DELETING || current.containsKey(b.node())) continue;
            String message = "Cannot disrupt Node: " + b.explanation();
            current.put(b.node(), message);
            if (!message.equals(blocked.get(b.node()))) {
                out.addAll(ObjectEvent.onNodeAndClaim(b.node(), b.nodeClaim(), ObjectEvent.NORMAL, "DisruptionBlocked", message));
            }
        }
        blocked.clear();
        blocked.putAll(current);
        return out;
    }

    /** The Events for a command whose candidates are being deleted. */
    static List<ObjectEvent> terminating(Command cmd) {
        String message = String.format(Locale.ROOT, "Disrupting Node: %s/%s (%s, savings $%.4f/h)", cmd.reason().wire(), method(cmd),
                cmd.decision().name().toLowerCase(Locale.ROOT), cmd.savingsPerHour());
        return each(cmd, ObjectEvent.NORMAL, "DisruptionTerminating", message);
    }

    /**
     * The {@code ConsolidationApproved} Events of the command a pass chose in a {@link Balanced} pool, on its candidates'
     * Nodes and NodeClaims, with the score (rejected moves are counted in metrics only, as Karpenter does: they are many).
     */
    static List<ObjectEvent> approved(Command cmd, List<MoveScore> scores) {
        List<ObjectEvent> out = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (Candidate c : cmd.candidates()) names.add(c.name());
        for (MoveScore s : scores) {
            if (!s.approved() || s.method() != cmd.kind() || !s.candidates().equals(names)) continue;
            out.addAll(each(cmd, ObjectEvent.NORMAL, "ConsolidationApproved", "Balanced consolidation of pool " + s.pool() + ": " + s.message()));
        }
        return out;
    }

    /** The Events for a command given up before its candidates were deleted. */
    static List<ObjectEvent> aborted(Command cmd, String why) {
        return each(cmd, ObjectEvent.WARNING, "DisruptionAborted", "Disruption " + cmd.reason().wire() + "/" + method(cmd) + " aborted: " + why);
    }

    /** The method as Events and metrics spell it: {@code single-node-consolidation}. */
    static String method(Command cmd) {
        return cmd.kind().name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    private static List<ObjectEvent> each(Command cmd, String type, String reason, String message) {
        List<ObjectEvent> out = new ArrayList<>();
        for (Candidate c : cmd.candidates()) {
            out.addAll(ObjectEvent.onNodeAndClaim(c.node() == null ? null : c.node().name(), c.claim().name(), type, reason, message));
        }
        return out;
    }
}
