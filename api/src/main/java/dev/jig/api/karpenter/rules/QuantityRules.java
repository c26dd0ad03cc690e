package dev.jig.api.karpenter.rules;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.api.diag.Rule;
import dev.jig.api.karpenter.Quantity;
import java.util.Map;

/**
 * Two rules of Jig's own where the CRDs let through what breaks later, run with the CRD rules so
 * that lint, compile, {@code jig validate} and admission refuse the same objects:
 * <ul>
 *   <li>{@link Rule#KARPENTER_QUANTITY}: a quantity that matches its CRD pattern (or is a JSON
 *       number) but that Kubernetes' {@code resource.ParseQuantity}, which Karpenter decodes the
 *       object with, refuses ({@code 1e1.5}, an exponent beyond its 32-bit scale). Nothing reads it
 *       as zero: it is refused where it stands.</li>
 *   <li>{@link Rule#NEGATIVE_LIMIT}: a NodePool limit below zero, of any resource. The CRD pattern
 *       allows a sign; such a limit launches nothing but would offset the tenant's other pools in a
 *       quota sum.</li>
 * </ul>
 */
final class QuantityRules {

    private QuantityRules() {
    }

    /** Each NodePool limit that passed its schema check is readable and not negative. */
    static void limits(JsonNode limits, Pointer at, Checks checks) {
        for (Map.Entry<String, JsonNode> e : limits.properties()) {
            JsonNode v = e.getValue();
            if (!Checks.isInteger(v) && !(v.isTextual() && CrdPattern.QUANTITY.matches(v.textValue()))) {
                continue; // absent, or already a schema or pattern violation
            }
            Quantity q = readable(v, at.child(e.getKey()), checks);
            if (q != null && q.signum() < 0) {
                checks.beyondCrd(Rule.NEGATIVE_LIMIT, at.child(e.getKey()),
                        "limit " + e.getKey() + " is negative (" + (v.isTextual() ? v.textValue() : v.toString())
                                + "); Karpenter would launch nothing, and a quota sum would count it against the tenant's other pools");
            }
        }
    }

    /** The amount of a value the CRD accepts as a quantity, or null after reporting why Kubernetes cannot read it. */
    static Quantity readable(JsonNode value, Pointer at, Checks checks) {
        try {
            return Quantity.fromJson(value);
        } catch (IllegalArgumentException e) {
            checks.beyondCrd(Rule.KARPENTER_QUANTITY, at, e.getMessage() + "; Kubernetes' quantity parser refuses it, so Karpenter cannot read the object");
            return null;
        }
    }
}
