package dev.jig.compiler.diff;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Field-level comparison of two JSON trees. Maps are compared key by key (keys in order); lists of
 * scalars as a whole (a set-like {@code values: [c, m]} reads better as one change than as shifted
 * items); lists of objects with a natural key ({@code requirements} by {@code key}, {@code taints}
 * by {@code key} and {@code effect}) by that key, so reordering is no change and an inserted
 * requirement does not shift every later one; other lists item by item. Numbers compare by value.
 */
final class FieldDiff {

    private static final Map<String, List<String>> NATURAL_KEYS = Map.of(
            "requirements", List.of("key"),
            "taints", List.of("key", "effect"),
            "startupTaints", List.of("key", "effect"),
            "blockDeviceMappings", List.of("deviceName"));
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_-]*");
    private static final Comparator<JsonNode> NUMERIC_AWARE = (a, b) -> {
        if (a.isNumber() && b.isNumber()) return a.decimalValue().compareTo(b.decimalValue());
        return a.equals(b) ? 0 : 1;
    };

    private FieldDiff() {
    }

    /** The changes from {@code before} to {@code after}, in path order. */
    static List<FieldChange> compare(JsonNode before, JsonNode after) {
        List<FieldChange> changes = new ArrayList<>();
        compare("", "", before, after, changes);
        return changes;
    }

    /** True when both trees hold the same content (numbers compared by value). */
    private static boolean same(JsonNode before, JsonNode after) {
        if (before.isMissingNode() || after.isMissingNode()) return before.isMissingNode() && after.isMissingNode();
        return before.equals(NUMERIC_AWARE, after);
    }

    private static void compare(String path, String field, JsonNode before, JsonNode after, List<FieldChange> out) {
        if (same(before, after)) return;
        if (before.isObject() && after.isObject()) {
            TreeSet<String> keys = new TreeSet<>();
            before.fieldNames().forEachRemaining(keys::add);
            after.fieldNames().forEachRemaining(keys::add);
            for (String key : keys) {
                compare(child(path, key), key, before.path(key), after.path(key), out);
            }
        } else if (before.isArray() && after.isArray() && !(allScalars(before) && allScalars(after))) {
            List<String> naturalKey = NATURAL_KEYS.get(field);
            Map<String, JsonNode> keyedBefore = naturalKey == null ? null : byNaturalKey(before, naturalKey);
            Map<String, JsonNode> keyedAfter = naturalKey == null ? null : byNaturalKey(after, naturalKey);
            if (keyedBefore != null && keyedAfter != null) {
                TreeSet<String> labels = new TreeSet<>(keyedBefore.keySet());
                labels.addAll(keyedAfter.keySet());
                for (String label : labels) {
                    compare(path + "[" + label + "]", "", missingIfNull(keyedBefore.get(label)),
                            missingIfNull(keyedAfter.get(label)), out);
                }
            } else {
                for (int i = 0; i < Math.max(before.size(), after.size()); i++) {
                    compare(path + "[" + i + "]", "", before.path(i), after.path(i), out);
                }
            }
        } else {
            out.add(new FieldChange(path, before, after));
        }
    }

    /** The path of {@code key} below {@code path}: {@code .key}, or {@code ["jig.dev/tenant"]}. */
    static String child(String path, String key) {
        if (IDENTIFIER.matcher(key).matches()) {
            return path.isEmpty() ? key : path + "." + key;
        }
        return path + "[\"" + key.replace("\\", "\\\\").replace("\"", "\\\"") + "\"]";
    }

    private static boolean allScalars(JsonNode array) {
        for (JsonNode item : array) {
            if (item.isContainerNode()) return false;
        }
        return true;
    }

    /** Items by their natural key label ({@code key=...,effect=...}); null when some item has none or two share one. */
    private static Map<String, JsonNode> byNaturalKey(JsonNode array, List<String> fields) {
        Map<String, JsonNode> keyed = new TreeMap<>();
        for (JsonNode item : array) {
            List<String> parts = new ArrayList<>();
            for (String f : fields) {
                JsonNode value = item.path(f);
                if (!value.isTextual()) return null;
                parts.add(f + "=" + value.asText());
            }
            if (keyed.put(String.join(",", parts), item) != null) return null;
        }
        return keyed;
    }

    private static JsonNode missingIfNull(JsonNode node) {
        return node == null ? MissingNode.getInstance() : node;
    }
}
