package dev.jig.api.karpenter.rules;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.diag.Rule;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Collects violations while the rules walk an object, and reads values the way the API server
 * sees them: a JSON {@code null} in an object field or map entry counts as absent (the server
 * prunes non-nullable nulls before it validates), a value of the wrong type is a violation and
 * reads as absent, so later checks never meet a type they do not expect and nothing throws.
 */
final class Checks {

    private static final double MAX_JSON_INTEGER = 9007199254740992d; // 2^53, as go-openapi

    private final List<Violation> found = new ArrayList<>();

    List<Violation> violations() {
        return found;
    }

    void schema(Pointer at, String message) {
        found.add(new Violation(Rule.KARPENTER_SCHEMA, at.toString(), message));
    }

    void pattern(Pointer at, CrdPattern pattern) {
        found.add(new Violation(Rule.KARPENTER_PATTERN, at.toString(), pattern.message()));
    }

    void cel(Pointer at, CelRule rule) {
        found.add(new Violation(Rule.KARPENTER_CEL, at.toString(), rule.message()));
    }

    /** A rule of Jig's own beyond the CRDs ({@link QuantityRules}). */
    void beyondCrd(Rule rule, Pointer at, String message) {
        found.add(new Violation(rule, at.toString(), message));
    }

    // --- reading values as CEL sees them ----------------------------------------------------

    static boolean present(JsonNode value) {
        return value != null && !value.isNull() && !value.isMissingNode();
    }

    /** CEL's {@code has(obj.field)}. */
    static boolean has(JsonNode object, String field) {
        return object != null && present(object.get(field));
    }

    /** The string value, or null when absent or not a string. */
    static String text(JsonNode value) {
        return value != null && value.isTextual() ? value.textValue() : null;
    }

    /** A JSON integer as the API server accepts it: an int64, or a float with an integral value up to 2^53. */
    static boolean isInteger(JsonNode value) {
        if (value == null || !value.isNumber()) {
            return false;
        }
        if (value.isIntegralNumber()) {
            return value.canConvertToLong();
        }
        double d = value.doubleValue();
        return d == Math.rint(d) && Math.abs(d) <= MAX_JSON_INTEGER;
    }

    static long integerValue(JsonNode value) {
        return value.isIntegralNumber() ? value.longValue() : (long) value.doubleValue();
    }

    /** The number of entries the API server keeps (null entries are pruned). */
    static int size(ObjectNode map) {
        int n = 0;
        for (Iterator<JsonNode> it = map.elements(); it.hasNext(); ) {
            if (present(it.next())) {
                n++;
            }
        }
        return n;
    }

    static boolean allObjects(ArrayNode items) {
        for (JsonNode item : items) {
            if (!item.isObject()) {
                return false;
            }
        }
        return true;
    }

    // --- typed reads of object fields: absent reads as null, a wrong type is a violation ----

    ObjectNode object(JsonNode parent, Pointer at, String field) {
        JsonNode v = parent.get(field);
        return present(v) ? objectItem(v, at.child(field)) : null;
    }

    ArrayNode array(JsonNode parent, Pointer at, String field) {
        JsonNode v = parent.get(field);
        if (!present(v)) {
            return null;
        }
        if (v.isArray()) {
            return (ArrayNode) v;
        }
        schema(at.child(field), "must be an array");
        return null;
    }

    String string(JsonNode parent, Pointer at, String field) {
        JsonNode v = parent.get(field);
        return present(v) ? stringItem(v, at.child(field)) : null;
    }

    String string(JsonNode parent, Pointer at, String field, CrdPattern pattern) {
        String s = string(parent, at, field);
        if (s != null && !pattern.matches(s)) {
            pattern(at.child(field), pattern);
        }
        return s;
    }

    String oneOf(JsonNode parent, Pointer at, String field, List<String> allowed) {
        String s = string(parent, at, field);
        if (s != null && !allowed.contains(s)) {
            schema(at.child(field), "must be one of " + allowed);
            return null;
        }
        return s;
    }

    Long integer(JsonNode parent, Pointer at, String field, long min, long max) {
        JsonNode v = parent.get(field);
        if (!present(v)) {
            return null;
        }
        if (!isInteger(v)) {
            schema(at.child(field), "must be an integer");
            return null;
        }
        long n = integerValue(v);
        if (n < min) {
            schema(at.child(field), "must be >= " + min);
        } else if (n > max) {
            schema(at.child(field), "must be <= " + max);
        }
        return n;
    }

    Long integer(JsonNode parent, Pointer at, String field) {
        return integer(parent, at, field, Long.MIN_VALUE, Long.MAX_VALUE);
    }

    Boolean bool(JsonNode parent, Pointer at, String field) {
        JsonNode v = parent.get(field);
        if (!present(v)) {
            return null;
        }
        if (v.isBoolean()) {
            return v.booleanValue();
        }
        schema(at.child(field), "must be a boolean");
        return null;
    }

    /** An object whose entries must all be strings; returns it for further checks of keys and values. */
    ObjectNode stringMap(JsonNode parent, Pointer at, String field) {
        ObjectNode map = object(parent, at, field);
        if (map != null) {
            Pointer mapAt = at.child(field);
            for (Map.Entry<String, JsonNode> e : map.properties()) {
                if (present(e.getValue()) && !e.getValue().isTextual()) {
                    schema(mapAt.child(e.getKey()), "must be a string");
                }
            }
        }
        return map;
    }

    /** An array whose items must all be strings. */
    ArrayNode stringList(JsonNode parent, Pointer at, String field) {
        ArrayNode list = array(parent, at, field);
        if (list != null) {
            Pointer listAt = at.child(field);
            for (int i = 0; i < list.size(); i++) {
                stringItem(list.get(i), listAt.index(i));
            }
        }
        return list;
    }

    // --- typed reads of array items (where null is a type error, not an absence) -------------

    ObjectNode objectItem(JsonNode v, Pointer at) {
        if (v.isObject()) {
            return (ObjectNode) v;
        }
        schema(at, "must be an object");
        return null;
    }

    String stringItem(JsonNode v, Pointer at) {
        if (v.isTextual()) {
            return v.textValue();
        }
        schema(at, "must be a string");
        return null;
    }

    // --- structure and size -----------------------------------------------------------------

    void required(JsonNode object, Pointer at, String field) {
        if (!has(object, field)) {
            schema(at.child(field), "required");
        }
    }

    /** Unknown fields: the API server prunes them, or rejects them under strict field validation. */
    void closed(ObjectNode object, Pointer at, Set<String> known) {
        for (Iterator<String> names = object.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!known.contains(name)) {
                schema(at.child(name), "unknown field");
            }
        }
    }

    void maxItems(ArrayNode list, Pointer at, int max) {
        if (list.size() > max) {
            schema(at, "must have at most " + max + " items");
        }
    }

    void minItems(ArrayNode list, Pointer at, int min) {
        if (list.size() < min) {
            schema(at, "must have at least " + min + " item" + (min == 1 ? "" : "s"));
        }
    }

    void maxProperties(ObjectNode map, Pointer at, int max) {
        if (size(map) > max) {
            schema(at, "must have at most " + max + " entries");
        }
    }

    /** maxLength in characters (Unicode code points), as the API server counts. */
    boolean maxLength(String s, Pointer at, int max) {
        if (s.length() > max && s.codePointCount(0, s.length()) > max) {
            schema(at, "must be at most " + max + " characters");
            return false;
        }
        return true;
    }

    void minLength(String s, Pointer at, int min) {
        if (s.codePointCount(0, s.length()) < min) {
            schema(at, "must be at least " + min + " character" + (min == 1 ? "" : "s"));
        }
    }
}
