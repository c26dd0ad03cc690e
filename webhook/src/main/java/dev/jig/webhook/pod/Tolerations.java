package dev.jig.webhook.pod;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.api.diag.Rule;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.webhook.admission.Finding;
import java.util.List;

/**
 * Finds tolerations that open other tenants' dedicated nodes: a keyless {@code operator: Exists}
 * (tolerates every taint), {@code <key> Exists} (every tenant's taint) and {@code <key>=<other tenant>}, for
 * every key whose value names a tenant ({@link WellKnownLabels#namesTenant}: the tenancy key, the legacy key,
 * the node key and any {@code node-restriction.kubernetes.io/} key), so a toleration cannot slip past on a key
 * a pool may taint with. Only the taint key counts, not the effect: a
 * {@code NoExecute} toleration of another tenant is refused as well, since it states the intent.
 */
final class Tolerations {

    private Tolerations() {
    }

    static void check(JsonNode spec, String tenancyKey, String tenant, List<Finding> out) {
        for (JsonNode t : spec.path("tolerations")) {
            String key = t.path("key").asText("");
            String operator = t.path("operator").asText("Equal");
            if (key.isEmpty() && operator.equals("Exists")) {
                out.add(new Finding(Rule.POD_UNIVERSAL_TOLERATION, "toleration {operator: Exists"
                        + effect(t) + "} without a key tolerates every tenant's taint"));
            } else if (WellKnownLabels.namesTenant(key, tenancyKey)) {
                if (operator.equals("Exists")) {
                    out.add(new Finding(Rule.POD_FOREIGN_TOLERATION, "toleration {key: " + key + ", operator: Exists"
                            + effect(t) + "} tolerates every tenant's taint"));
                } else {
                    String value = t.path("value").asText("");
                    if (!value.equals(tenant)) {
                        out.add(new Finding(Rule.POD_FOREIGN_TOLERATION, "toleration {key: " + key + ", value: " + value
                                + effect(t) + "} tolerates tenant '" + value + "'"));
                    }
                }
            }
        }
    }

    private static String effect(JsonNode t) {
        String effect = t.path("effect").asText("");
        return effect.isEmpty() ? "" : ", effect: " + effect;
    }
}
