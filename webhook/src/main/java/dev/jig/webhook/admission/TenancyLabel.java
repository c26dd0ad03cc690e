package dev.jig.webhook.admission;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/**
 * A tenancy label on an admitted object (Namespace or Node), read so that presence counts: empty when the object
 * has no such label, the value (possibly {@code ""}) when it has one. Every rule that guards a tenancy label
 * compares these, so adding a label with an empty value, or emptying one, is a change like any other: selectors
 * tell {@code key: ""} apart from an absent key ({@code Exists}, {@code DoesNotExist}, {@code In [""]}).
 */
public final class TenancyLabel {

    private TenancyLabel() {
    }

    /** The label's value on the object, or empty when the object has no label {@code key}. */
    public static Optional<String> of(JsonNode object, String key) {
        JsonNode v = object.path("metadata").path("labels").get(key);
        if (v == null || v.isMissingNode()) return Optional.empty();
        return Optional.of(text(v));
    }

    /** A label value's text: a scalar's text, anything else (an object, an array, null) as its JSON, which names no tenant. */
    public static String text(JsonNode v) {
        return v.isValueNode() && !v.isNull() ? v.asText() : v.toString();
    }

    /** "adds label k=\"v\"", "removes ...", "changes ... from ... to ...", for a denial message. */
    public static String describe(String key, Optional<String> before, Optional<String> after) {
        if (before.isEmpty()) return "adds label " + key + "=\"" + after.orElse("") + "\"";
        if (after.isEmpty()) return "removes label " + key + "=\"" + before.get() + "\"";
        return "changes label " + key + " from \"" + before.get() + "\" to \"" + after.get() + "\"";
    }
}
