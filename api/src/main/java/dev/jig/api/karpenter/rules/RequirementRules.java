package dev.jig.api.karpenter.rules;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Set;

/**
 * {@code spec.template.spec.requirements} of a NodePool.
 * <p>CRD quirks kept on purpose: the {@code maxLength: 63} and label-value {@code pattern} that
 * the CRD declares for {@code values} sit on the array, not on its items, and the API server
 * applies string checks to strings only, so values are not length- or pattern-checked. The CEL
 * rules read {@code x.values} without {@code has()}: an {@code In}, {@code Gt}, {@code Lt},
 * {@code Gte} or {@code Lte} requirement (or an {@code In} with minValues) without values fails
 * evaluation, which rejects the object, so it is reported under that rule's message. The
 * comparison operators need exactly one value that CEL's {@code int()} parses (an optional sign
 * and decimal digits within int64) and that is not negative.
 */
final class RequirementRules {

    static final List<String> OPERATORS = List.of("Gte", "Lte", "In", "NotIn", "Exists", "DoesNotExist", "Gt", "Lt");
    private static final Set<String> REQUIREMENT = Set.of("key", "minValues", "operator", "values");
    private static final int MAX_REQUIREMENTS = 100;
    private static final int MAX_KEY = 316;
    private static final String INT64_MAX = Long.toString(Long.MAX_VALUE);

    private RequirementRules() {
    }

    static void check(ArrayNode requirements, Pointer at, Checks checks) {
        if (requirements == null) {
            return;
        }
        checks.maxItems(requirements, at, MAX_REQUIREMENTS);
        for (int i = 0; i < requirements.size(); i++) {
            ObjectNode requirement = checks.objectItem(requirements.get(i), at.index(i));
            if (requirement != null) {
                requirement(requirement, at.index(i), checks);
            }
        }
    }

    private static void requirement(ObjectNode requirement, Pointer at, Checks checks) {
        checks.closed(requirement, at, REQUIREMENT);
        checks.required(requirement, at, "key");
        checks.required(requirement, at, "operator");
        String key = checks.string(requirement, at, "key");
        if (key != null) {
            Pointer keyAt = at.child("key");
            if (checks.maxLength(key, keyAt, MAX_KEY) && !CrdPattern.QUALIFIED_KEY.matches(key)) {
                checks.pattern(keyAt, CrdPattern.QUALIFIED_KEY);
            }
            LabelKeyRules.check(key, keyAt, checks);
        }
        String operator = checks.oneOf(requirement, at, "operator", OPERATORS);
        ArrayNode values = checks.stringList(requirement, at, "values");
        Long minValues = checks.integer(requirement, at, "minValues", 1, 50);
        if (operator == null || (values == null && Checks.has(requirement, "values"))) {
            return; // a schema violation already rejects the object; CEL would not run
        }
        Pointer valuesAt = values == null ? at : at.child("values");
        switch (operator) {
            case "In" -> {
                if (values == null || values.isEmpty()) {
                    checks.cel(valuesAt, CelRule.REQUIREMENT_IN_NEEDS_VALUES);
                }
                if (minValues != null && (values == null || values.size() < minValues)) {
                    checks.cel(at.child("minValues"), CelRule.REQUIREMENT_MIN_VALUES);
                }
            }
            case "Gt", "Lt", "Gte", "Lte" -> {
                if (values == null || values.size() != 1 || !isNonNegativeInt64(values.get(0))) {
                    checks.cel(valuesAt, CelRule.REQUIREMENT_NUMERIC_SINGLE_VALUE);
                }
            }
            default -> {
            }
        }
    }

    /** CEL {@code int(v) >= 0}: Go's ParseInt(v, 10, 64) succeeds and the result is not negative. */
    static boolean isNonNegativeInt64(JsonNode value) {
        String s = Checks.text(value);
        if (s == null || s.isEmpty()) {
            return false;
        }
        boolean negative = s.charAt(0) == '-';
        int start = negative || s.charAt(0) == '+' ? 1 : 0;
        if (start == s.length()) {
            return false;
        }
        int firstNonZero = -1;
        for (int i = start; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
            if (firstNonZero < 0 && c != '0') {
                firstNonZero = i;
            }
        }
        if (firstNonZero < 0) {
            return true; // zero, with any sign
        }
        if (negative) {
            return false;
        }
        String digits = s.substring(firstNonZero);
        return digits.length() < INT64_MAX.length()
                || (digits.length() == INT64_MAX.length() && digits.compareTo(INT64_MAX) <= 0);
    }
}
