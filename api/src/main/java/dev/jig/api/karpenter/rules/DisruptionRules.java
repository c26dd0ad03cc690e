package dev.jig.api.karpenter.rules;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * {@code spec.disruption} of a NodePool: consolidation and disruption budgets. When the whole
 * block is absent the API server defaults it to a valid one; when it is present,
 * {@code consolidateAfter} is required (it has no default of its own).
 */
final class DisruptionRules {

    static final List<String> CONSOLIDATION_POLICIES = List.of("WhenEmpty", "WhenEmptyOrUnderutilized", "Balanced");
    static final List<String> REASONS = List.of("Underutilized", "Empty", "Drifted");
    private static final Set<String> DISRUPTION = Set.of("budgets", "consolidateAfter", "consolidationPolicy");
    private static final Set<String> BUDGET = Set.of("duration", "nodes", "reasons", "schedule");
    private static final int MAX_BUDGETS = 50;
    private static final int MAX_REASONS = 50;

    private DisruptionRules() {
    }

    static void check(ObjectNode disruption, Pointer at, Checks checks) {
        if (disruption == null) {
            return;
        }
        checks.closed(disruption, at, DISRUPTION);
        checks.required(disruption, at, "consolidateAfter");
        checks.string(disruption, at, "consolidateAfter", CrdPattern.DURATION_OR_NEVER);
        checks.oneOf(disruption, at, "consolidationPolicy", CONSOLIDATION_POLICIES);
        ArrayNode budgets = checks.array(disruption, at, "budgets");
        if (budgets == null) {
            return;
        }
        Pointer budgetsAt = at.child("budgets");
        checks.maxItems(budgets, budgetsAt, MAX_BUDGETS);
        for (int i = 0; i < budgets.size(); i++) {
            ObjectNode budget = checks.objectItem(budgets.get(i), budgetsAt.index(i));
            if (budget != null) {
                budget(budget, budgetsAt.index(i), checks);
            }
        }
    }

    private static void budget(ObjectNode budget, Pointer at, Checks checks) {
        checks.closed(budget, at, BUDGET);
        // nodes is required, but defaults to 10%: an absent value never reaches validation.
        checks.string(budget, at, "nodes", CrdPattern.BUDGET_NODES);
        checks.string(budget, at, "schedule", CrdPattern.BUDGET_SCHEDULE);
        checks.string(budget, at, "duration", CrdPattern.BUDGET_DURATION);
        reasons(checks.array(budget, at, "reasons"), at.child("reasons"), checks);
        if (Checks.has(budget, "schedule") != Checks.has(budget, "duration")) {
            checks.cel(at, CelRule.BUDGET_SCHEDULE_WITH_DURATION);
        }
    }

    /** A list of type set: known reasons, each at most once. */
    private static void reasons(ArrayNode reasons, Pointer at, Checks checks) {
        if (reasons == null) {
            return;
        }
        checks.maxItems(reasons, at, MAX_REASONS);
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < reasons.size(); i++) {
            JsonNode item = reasons.get(i);
            String reason = checks.stringItem(item, at.index(i));
            if (reason == null) {
                continue;
            }
            if (!REASONS.contains(reason)) {
                checks.schema(at.index(i), "must be one of " + REASONS);
            }
            if (!seen.add(reason)) {
                checks.schema(at.index(i), "duplicate value \"" + reason + "\"");
            }
        }
    }
}
