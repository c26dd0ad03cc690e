package dev.jig.controller.model;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A Kubernetes label selector over pod labels ({@code matchLabels} and {@code matchExpressions}
 * with In, NotIn, Exists, DoesNotExist). All parts must match; an empty selector matches every pod,
 * a null selector (see {@link #NONE}) none.
 */
public record LabelSelector(Map<String, String> matchLabels, List<Expression> matchExpressions) {

    /** Matches nothing: a term without a selector selects no pods. */
    public static final LabelSelector NONE = new LabelSelector(Map.of("\u0000", "\u0000"), List.of());

    /** One {@code matchExpressions} entry. */
    public record Expression(String key, String operator, Set<String> values) {
        public Expression {
            values = Set.copyOf(values);
        }

        boolean matches(Map<String, String> labels) {
            String v = labels.get(key);
            return switch (operator) {
                case "In" -> v != null && values.contains(v);
                case "NotIn" -> v == null || !values.contains(v);
                case "Exists" -> v != null;
                case "DoesNotExist" -> v == null;
                default -> false;
            };
        }
    }

    public LabelSelector {
        matchLabels = new TreeMap<>(matchLabels);
        matchExpressions = List.copyOf(matchExpressions);
    }

    public static LabelSelector of(Map<String, String> matchLabels) {
        return new LabelSelector(matchLabels, List.of());
    }

    public boolean matches(Map<String, String> labels) {
        for (Map.Entry<String, String> e : matchLabels.entrySet()) {
            if (!e.getValue().equals(labels.get(e.getKey()))) return false;
        }
        for (Expression x : matchExpressions) {
            if (!x.matches(labels)) return false;
        }
        return true;
    }
}
