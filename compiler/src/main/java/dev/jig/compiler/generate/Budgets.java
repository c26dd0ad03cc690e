package dev.jig.compiler.generate;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.karpenter.GoDuration;
import dev.jig.compiler.policy.Budget;
import dev.jig.compiler.policy.Platform;
import dev.jig.compiler.schedule.UtcWindow;
import java.util.ArrayList;
import java.util.List;

/** The disruption budgets of a pool: its own (or the platform defaults) followed by the freezes in UTC. */
public final class Budgets {

    private Budgets() {
    }

    /** A freeze in the form Karpenter evaluates; computed once per platform and shared by all pools. */
    public record FreezeBudget(Platform.Freeze freeze, UtcWindow window) {
    }

    /** The UTC windows of every freeze, as budgets; the checks have made sure each one translated. */
    public static List<FreezeBudget> freezes(PolicyFacts facts) {
        List<FreezeBudget> out = new ArrayList<>();
        for (PolicyFacts.FreezeTranslation t : facts.freezes()) {
            for (UtcWindow w : t.windows()) out.add(new FreezeBudget(t.freeze(), w));
        }
        return List.copyOf(out);
    }

    public static ArrayNode toJson(List<Budget> budgets, List<FreezeBudget> freezes) {
        ArrayNode out = JsonNodeFactory.instance.arrayNode();
        for (Budget b : budgets) {
            ObjectNode n = out.addObject();
            n.put("nodes", b.nodes());
            if (b.schedule() != null) n.put("schedule", b.schedule());
            if (b.duration() != null) n.put("duration", b.duration());
            reasons(n, b.reasons());
        }
        for (FreezeBudget f : freezes) {
            ObjectNode n = out.addObject();
            n.put("nodes", "0");
            n.put("schedule", f.window().schedule());
            n.put("duration", GoDuration.formatMinutes(f.window().durationMinutes()));
            reasons(n, f.freeze().reasons());
        }
        return out;
    }

    private static void reasons(ObjectNode n, List<String> reasons) {
        if (reasons.isEmpty()) return;
        ArrayNode r = n.putArray("reasons");
        reasons.stream().distinct().sorted().forEach(r::add);
    }
}
