package dev.jig.api.karpenter;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * A NodePool scheduling requirement on a node label: {@code key operator values}. It can also
 * decide whether one label value satisfies it, which is how the compiler filters the instance
 * catalog with exactly the requirements it emits.
 */
public record Requirement(String key, Operator operator, List<String> values) {

    /** The operators of Karpenter v1 node selector requirements; {@code Gte}/{@code Lte} are Karpenter's additions. */
    public enum Operator { In, NotIn, Exists, DoesNotExist, Gt, Lt, Gte, Lte }

    public static Requirement in(String key, List<String> values) {
        return new Requirement(key, Operator.In, List.copyOf(values));
    }

    public static Requirement gt(String key, long bound) {
        return new Requirement(key, Operator.Gt, List.of(Long.toString(bound)));
    }

    public static Requirement lt(String key, long bound) {
        return new Requirement(key, Operator.Lt, List.of(Long.toString(bound)));
    }

    /** Whether a node whose label {@code key} has {@code value} (null = no such label) satisfies this. */
    public boolean matches(String value) {
        switch (operator) {
            case In: return value != null && values.contains(value);
            case NotIn: return value == null || !values.contains(value);
            case Exists: return value != null;
            case DoesNotExist: return value == null;
            default: break;
        }
        int c = compare(value);
        if (c == NOT_A_NUMBER) return false;
        switch (operator) {
            case Gt: return c > 0;
            case Lt: return c < 0;
            case Gte: return c >= 0;
            case Lte: return c <= 0;
            default: throw new IllegalStateException(operator.name());
        }
    }

    private static final int NOT_A_NUMBER = Integer.MIN_VALUE;

    /** Sign of {@code value - bound}, or {@link #NOT_A_NUMBER} when the label is absent or not an integer (no bound matches it). */
    private int compare(String value) {
        if (value == null) return NOT_A_NUMBER;
        try {
            return Long.compare(Long.parseLong(value), Long.parseLong(values.get(0)));
        } catch (NumberFormatException e) {
            return NOT_A_NUMBER;
        }
    }

    /** Human form for messages: {@code karpenter.k8s.aws/instance-family In [m7g, c7g]}. */
    public String describe() {
        return key + " " + operator + (values.isEmpty() ? "" : " " + values);
    }

    public ObjectNode toJson() {
        ObjectNode n = JsonNodeFactory.instance.objectNode();
        n.put("key", key);
        n.put("operator", operator.name());
        if (!values.isEmpty()) {
            ArrayNode vs = n.putArray("values");
            values.forEach(vs::add);
        }
        return n;
    }
}
