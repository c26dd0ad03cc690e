package dev.jig.controller.manifest;

import com.fasterxml.jackson.databind.JsonNode;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Small readers over Jackson trees that treat missing and null alike. */
final class Json {

    private Json() {
    }

    static String text(JsonNode n, String field, String fallback) {
        JsonNode v = n.get(field);
        return v == null || v.isNull() ? fallback : v.asText();
    }

    static int integer(JsonNode n, String field, int fallback) {
        JsonNode v = n.get(field);
        return v == null || v.isNull() ? fallback : v.asInt(fallback);
    }

    static Map<String, String> strings(JsonNode n) {
        Map<String, String> out = new LinkedHashMap<>();
        if (n == null || !n.isObject()) return out;
        n.properties().forEach(e -> out.put(e.getKey(), e.getValue().asText()));
        return out;
    }

    static List<String> list(JsonNode n) {
        List<String> out = new ArrayList<>();
        if (n == null || !n.isArray()) return out;
        n.forEach(v -> out.add(v.asText()));
        return out;
    }

    /** An RFC 3339 timestamp; {@link Instant#EPOCH} when missing or unreadable. */
    static Instant instant(String text) {
        if (text == null || text.isEmpty()) return Instant.EPOCH;
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            return Instant.EPOCH;
        }
    }

    static Iterable<JsonNode> array(JsonNode n) {
        return n == null || !n.isArray() ? List.of() : n;
    }
}
