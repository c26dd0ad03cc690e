package dev.jig.controller.scheduling;

import dev.jig.controller.requirements.NodeRequirement;
import dev.jig.controller.requirements.NodeRequirements;
import java.util.HashSet;
import java.util.Set;

/**
 * Karpenter's {@code minValues}: a NodeClaim keeps at least that many distinct values of a key
 * (say, instance families) among its instance types, so the cloud has room to choose. Checked
 * whenever a pod narrows a NodeClaim (the strict policy: a pod that would break it goes elsewhere).
 */
final class MinValues {

    private MinValues() {
    }

    static boolean satisfied(PoolTemplate t, NodeRequirements requirements, TypeSet types) {
        if (!t.hasMinValues) return true;
        for (NodeRequirement r : requirements.all()) {
            if (r.minValues() > 0 && distinct(t, r.key(), types) < r.minValues()) return false;
        }
        return true;
    }

    static String describe(PoolTemplate t, NodeRequirements requirements, TypeSet types) {
        StringBuilder s = new StringBuilder();
        for (NodeRequirement r : requirements.all()) {
            if (r.minValues() <= 0) continue;
            int n = distinct(t, r.key(), types);
            if (n < r.minValues()) {
                if (s.length() > 0) s.append("; ");
                s.append(r.key()).append(" has ").append(n).append(" value(s), minValues is ").append(r.minValues());
            }
        }
        return s.toString();
    }

    static int distinct(PoolTemplate t, String key, TypeSet types) {
        Set<String> values = new HashSet<>();
        for (int i = types.next(0); i >= 0; i = types.next(i + 1)) {
            String v = t.types[i].label(key);
            if (v != null) values.add(v);
        }
        return values.size();
    }
}
