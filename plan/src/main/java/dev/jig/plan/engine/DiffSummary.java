package dev.jig.plan.engine;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.compiler.diff.FieldChange;
import dev.jig.compiler.diff.ManifestDiff;
import dev.jig.compiler.diff.ManifestObject;
import dev.jig.compiler.diff.ObjectChange;
import dev.jig.compiler.diff.ObjectRef;
import dev.jig.compiler.diff.TenantLimitChange;
import java.util.List;

/**
 * {@code jig diff} in short, as the report's {@code diff} member: object identities, changed fields with
 * their values on both sides ({@code requirements[…].values: ["c","m","r"] → ["r"]}), limit totals.
 */
final class DiffSummary {

    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private DiffSummary() {
    }

    static ObjectNode json(ManifestDiff.Result diff) {
        ObjectNode d = F.objectNode();
        refs(d.putArray("added"), diff.added());
        refs(d.putArray("removed"), diff.removed());
        ArrayNode changed = d.putArray("changed");
        for (ObjectChange c : diff.changed()) {
            ObjectNode o = ref(changed, c.object());
            ArrayNode fields = o.putArray("fields");
            ArrayNode values = o.putArray("values");
            for (FieldChange f : c.fields()) {
                fields.add(f.path());
                values.addObject().put("path", f.path()).put("before", shown(f.before())).put("after", shown(f.after()));
            }
        }
        ArrayNode limits = d.putArray("limits");
        for (TenantLimitChange l : diff.limits()) {
            ObjectNode o = limits.addObject().put("tenant", l.tenant()).put("resource", l.resource());
            if (l.before().isPresent()) o.put("before", l.before().get().format(l.resource()));
            else o.putNull("before");
            if (l.after().isPresent()) o.put("after", l.after().get().format(l.resource()));
            else o.putNull("after");
        }
        return d;
    }

    /** A value as {@code jig diff} shows it, cut after {@link #MOST} characters (user data, long lists). */
    private static String shown(com.fasterxml.jackson.databind.JsonNode value) {
        String s = FieldChange.display(value);
        return s.length() <= MOST ? s : s.substring(0, MOST - 1) + "…";
    }

    static final int MOST = 120;

    private static void refs(ArrayNode out, List<ManifestObject> objects) {
        for (ManifestObject o : objects) ref(out, o.ref());
    }

    private static ObjectNode ref(ArrayNode out, ObjectRef ref) {
        ObjectNode o = out.addObject().put("kind", ref.kind());
        if (!ref.namespace().isEmpty()) o.put("namespace", ref.namespace());
        return o.put("name", ref.name());
    }
}
