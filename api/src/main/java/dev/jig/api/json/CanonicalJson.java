package dev.jig.api.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.TreeMap;

/** JSON trees in one canonical shape: object keys sorted at every level, arrays kept in order. */
public final class CanonicalJson {

    private CanonicalJson() {
    }

    /** A copy of {@code n} with object keys sorted at every level, so equal content prints and hashes the same. */
    public static JsonNode sorted(JsonNode n) {
        if (n.isObject()) {
            ObjectNode out = JsonNodeFactory.instance.objectNode();
            TreeMap<String, JsonNode> fields = new TreeMap<>();
            n.fields().forEachRemaining(e -> fields.put(e.getKey(), sorted(e.getValue())));
            fields.forEach(out::set);
            return out;
        }
        if (n.isArray()) {
            ArrayNode out = JsonNodeFactory.instance.arrayNode();
            n.forEach(e -> out.add(sorted(e)));
            return out;
        }
        return n;
    }
}
