package dev.jig.api.karpenter;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** A node taint; {@code value} may be null. */
public record Taint(String key, String value, String effect) {

    public ObjectNode toJson() {
        ObjectNode n = JsonNodeFactory.instance.objectNode();
        n.put("key", key);
        if (value != null) n.put("value", value);
        n.put("effect", effect);
        return n;
    }
}
