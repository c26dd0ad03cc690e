package dev.jig.compiler.diff;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.util.Objects;

/**
 * One difference inside an object: a readable path ({@code spec.limits.cpu},
 * {@code spec.template.spec.requirements[key=karpenter.sh/capacity-type].values},
 * {@code metadata.labels["jig.dev/tenant"]}) and the values before and after. A side where the
 * field does not exist holds a {@link MissingNode} (never {@code null}).
 */
public record FieldChange(String path, JsonNode before, JsonNode after) {

    public FieldChange {
        Objects.requireNonNull(path, "path");
        before = before == null ? MissingNode.getInstance() : before;
        after = after == null ? MissingNode.getInstance() : after;
    }

    public boolean isAddition() {
        return before.isMissingNode();
    }

    public boolean isRemoval() {
        return after.isMissingNode();
    }

    /** A value as compact JSON ({@code "800"}, {@code ["c","m"]}), or {@code (absent)}. */
    public static String display(JsonNode value) {
        return value.isMissingNode() ? "(absent)" : value.toString();
    }
}
