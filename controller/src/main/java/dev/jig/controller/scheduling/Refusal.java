package dev.jig.controller.scheduling;

import dev.jig.api.diag.Rule;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Why a pool (or, with a null pool, the cluster as a whole) cannot take a pod: a stable rule id
 * from {@link Rule} (JIG06xx) and a message naming the taint, requirement, resource or limit.
 */
public record Refusal(String pool, Rule rule, String message) {

    @Override
    public String toString() {
        return (pool == null ? "" : "NodePool " + pool + ": ") + message + " [" + rule.id() + "]";
    }

    /**
     * A pod's refusals on one line, grouped by rule: the rarest first, since a reason only one pool gives
     * (its own tenant's pool at its limit) is the one that matters, and a rule many pools share (every
     * other tenant's pool refusing its tenancy requirement) is counted with one example:
     * {@code NodePool a: limit … [JIG0604]; 11 pools [JIG0602], e.g. NodePool b: …}. The same line in
     * {@code simulate}, {@code jig plan} and the pods' FailedScheduling events.
     */
    public static String summary(List<Refusal> refusals) {
        Map<Rule, List<Refusal>> byRule = new LinkedHashMap<>();
        for (Refusal r : refusals) byRule.computeIfAbsent(r.rule(), k -> new ArrayList<>()).add(r);
        List<List<Refusal>> groups = new ArrayList<>(byRule.values());
        groups.sort(Comparator.comparingInt((List<Refusal> g) -> g.size()).thenComparing(g -> g.get(0).rule().id()));
        List<String> out = new ArrayList<>();
        for (List<Refusal> g : groups) {
            Refusal first = g.get(0);
            out.add(g.size() == 1 ? first.toString()
                    : g.size() + " pools [" + first.rule().id() + "], e.g. " + (first.pool() == null ? "" : "NodePool " + first.pool() + ": ") + first.message());
        }
        return String.join("; ", out);
    }
}
