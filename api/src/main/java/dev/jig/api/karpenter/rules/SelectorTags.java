package dev.jig.api.karpenter.rules;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;

/** The {@code tags} map of a selector term: at most 20 entries, no empty key or value ({@code *} selects any value). */
final class SelectorTags {

    private static final int MAX_TAGS = 20;

    private SelectorTags() {
    }

    static void check(ObjectNode tags, Pointer at, Checks checks) {
        if (tags == null) {
            return;
        }
        checks.maxProperties(tags, at, MAX_TAGS);
        for (Map.Entry<String, JsonNode> e : tags.properties()) {
            if (!Checks.present(e.getValue())) {
                continue;
            }
            String value = Checks.text(e.getValue());
            if (e.getKey().isEmpty() || (value != null && value.isEmpty())) {
                checks.cel(at.child(e.getKey()), CelRule.SELECTOR_TAGS_NOT_EMPTY);
            }
        }
    }
}
