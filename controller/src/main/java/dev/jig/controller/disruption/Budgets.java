package dev.jig.controller.disruption;

import dev.jig.api.karpenter.Cron;
import dev.jig.api.karpenter.GoDuration;
import dev.jig.controller.model.Disruption;
import dev.jig.controller.model.NodePool;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A NodePool's disruption budgets, evaluated as Karpenter v1 does ({@code NodePool.GetAllowedDisruptionsByReason}):
 * the allowed disruptions for a reason are the minimum over the budgets that are active now and cover
 * the reason (a budget without reasons covers all). A percentage of the pool's nodes rounds up, as
 * Karpenter's {@code intstr.GetScaledValueFromIntOrPercent(..., roundUp=true)} does: 10% of 5 nodes
 * allows 1. A budget with {@code schedule} and {@code duration} is active when the cron's last firing
 * (in UTC) lies within {@code duration} of now. Fails closed: when any budget of the pool does not
 * parse (nodes, schedule, duration, or only one of schedule and duration), the pool allows 0 for
 * every reason, as Karpenter's {@code MustGetAllowedDisruptions} does. No budget at all allows any number.
 */
public final class Budgets {

    /** Allowed when nothing limits: Karpenter's {@code math.MaxInt32}. */
    public static final int UNLIMITED = Integer.MAX_VALUE;

    private static final Pattern NODES = Pattern.compile("^((100|[0-9]{1,2})%|[0-9]+)$");
    /**
     * The longest search for a schedule's last firing within its duration: five years covers yearly crons and
     * February 29; a rarer cron (February 29 on a given weekday) with a longer duration is not looked for further.
     */
    private static final int SEARCH_DAYS = 366 * 5;

    private Budgets() {
    }

    /**
     * The budget map of one pass for {@code reason} (Karpenter's {@code BuildDisruptionBudgetMapping}):
     * NodePool name → disruptions still allowed. A pool's nodes are its initialized NodeClaims with a
     * Node; those already deleting or whose Node is not Ready are subtracted from what the budgets
     * allow, never below 0. Nodes of a deleted NodePool are counted under its name with the CRD's
     * default budget (10%), so drift removes them gradually.
     */
    static Map<String, Integer> mapping(DisruptionState s, Reason reason) {
        Map<String, Integer> nodes = new HashMap<>();
        Map<String, Integer> disrupting = new HashMap<>();
        for (DisruptionState.Managed m : s.managed) {
            if (m.node() == null || !m.claim().initialized()) continue;
            String pool = m.poolName();
            nodes.merge(pool, 1, Integer::sum);
            if (!m.node().ready() || m.claim().deleting()) disrupting.merge(pool, 1, Integer::sum);
        }
        Map<String, Integer> out = new HashMap<>();
        Set<String> names = new HashSet<>(nodes.keySet());
        names.addAll(s.pools.keySet());
        for (String pool : names) {
            NodePool p = s.pools.get(pool);
            List<Disruption.Budget> budgets = p == null ? Disruption.DEFAULT.budgets() : p.disruption().budgets();
            int allowed = allowed(budgets, reason, nodes.getOrDefault(pool, 0), s.now);
            out.put(pool, Math.max(0, allowed - disrupting.getOrDefault(pool, 0)));
        }
        return out;
    }

    /** Disruptions for {@code reason} the budgets allow among {@code nodes} nodes at {@code now}. */
    public static int allowed(List<Disruption.Budget> budgets, Reason reason, int nodes, Instant now) {
        int allowed = UNLIMITED;
        for (Disruption.Budget b : budgets) {
            int value;
            try {
                value = allowed(b, nodes, now);
            } catch (IllegalArgumentException e) {
                return 0;
            }
            if (b.reasons().isEmpty() || b.reasons().contains(reason.wire())) allowed = Math.min(allowed, value);
        }
        return allowed;
    }

    /**
     * What one budget allows: {@link #UNLIMITED} while it is inactive.
     *
     * @throws IllegalArgumentException when the budget does not parse
     */
    static int allowed(Disruption.Budget b, int nodes, Instant now) {
        String text = b.nodes() == null ? "" : b.nodes().trim();
        if (!NODES.matcher(text).matches()) throw new IllegalArgumentException("nodes '" + b.nodes() + "' is not a count or a percentage");
        boolean active = isActive(b, now);
        if (!active) return UNLIMITED;
        if (text.endsWith("%")) {
            long percent = Long.parseLong(text.substring(0, text.length() - 1));
            return (int) ((percent * nodes + 99) / 100);
        }
        long count = Long.parseLong(text);
        return count > UNLIMITED ? UNLIMITED : (int) count;
    }

    /**
     * Whether the budget applies at {@code now}: always without a schedule; with one, when the first
     * firing after {@code now - duration} is not after {@code now} (Karpenter's {@code Budget.IsActive}).
     *
     * @throws IllegalArgumentException when schedule or duration does not parse, or only one is given
     */
    public static boolean isActive(Disruption.Budget b, Instant now) {
        if (b.schedule() == null && b.duration() == null) return true;
        if (b.schedule() == null || b.duration() == null) throw new IllegalArgumentException("schedule and duration go together");
        Cron cron = Cron.parse(b.schedule());
        String d = b.duration().endsWith("0s") && b.duration().length() > 2 ? b.duration().substring(0, b.duration().length() - 2) : b.duration();
        long seconds = GoDuration.parseSeconds(d).orElseThrow(() -> new IllegalArgumentException("duration '" + b.duration() + "' does not parse"));
        LocalDateTime utcNow = LocalDateTime.ofInstant(now, ZoneOffset.UTC);
        LocalDateTime checkpoint = utcNow.minusSeconds(seconds);
        LocalDateTime next = cron.next(checkpoint, (int) Math.min(SEARCH_DAYS, seconds / 86_400 + 1));
        return next != null && !next.isAfter(utcNow);
    }
}
