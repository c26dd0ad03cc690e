package dev.jig.webhook.admission;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.jig.api.diag.Rule;
import java.util.List;
import java.util.stream.Collectors;

/**
 * What the webhook answers: allowed exactly when there are no denials; a mutation carries an
 * RFC 6902 JSON patch (possibly empty); {@code notes} are findings of rules that fired without
 * denying (the break-glass audit), returned as warnings, counted in the metrics and logged.
 */
public record Decision(List<Finding> denials, ArrayNode patch, List<Finding> notes) {

    public Decision {
        denials = List.copyOf(denials);
        notes = List.copyOf(notes);
    }

    /** An allowing decision with an empty patch; a new one each time, since the patch is a mutable ArrayNode. */
    public static Decision allow() {
        return new Decision(List.of(), JsonNodeFactory.instance.arrayNode(), List.of());
    }

    public static Decision deny(List<Finding> denials) {
        return new Decision(denials, JsonNodeFactory.instance.arrayNode(), List.of());
    }

    public static Decision deny(Rule rule, String detail) {
        return deny(List.of(new Finding(rule, detail)));
    }

    public static Decision patch(ArrayNode patch) {
        return patch.isEmpty() ? allow() : new Decision(List.of(), patch, List.of());
    }

    /** Denies when there are denials, else allows with the notes. */
    public static Decision of(List<Finding> denials, List<Finding> notes) {
        return new Decision(denials, JsonNodeFactory.instance.arrayNode(), denials.isEmpty() ? notes : List.of());
    }

    public boolean allowed() {
        return denials.isEmpty();
    }

    public boolean hasPatch() {
        return !patch.isEmpty();
    }

    /** All denial messages, one per line, as the API server shows them to the user. */
    public String message() {
        return denials.stream().map(Finding::message).collect(Collectors.joining("\n"));
    }

    /** The rule ids of the denials, or {@code "allowed"}: the label of the decision metric. */
    public List<String> ruleIds() {
        return denials.stream().map(d -> d.rule().id()).distinct().toList();
    }

    /** The patch as a JSON array node (read-only use). */
    public JsonNode patchNode() {
        return patch;
    }
}
