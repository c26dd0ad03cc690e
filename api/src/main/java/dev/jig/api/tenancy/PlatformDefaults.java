package dev.jig.api.tenancy;

import com.fasterxml.jackson.databind.node.ArrayNode;
import java.util.Objects;

/**
 * What the Platform policy gives a NodePool that says nothing itself, as the compiler publishes it
 * in the tenancy ConfigMap: the node lifetime ({@code spec.template.spec.expireAfter}) and the
 * disruption budgets ({@code spec.disruption.budgets}, the platform's own followed by its change
 * freezes in UTC, exactly as a generated pool without budgets of its own carries them). The
 * admission webhook defaults hand-made NodePools from here, so the Platform policy is the one
 * source of these values; Karpenter's CRD defaults fill in the rest.
 *
 * @param expireAfter a Go duration or {@code Never}
 * @param budgets     Karpenter v1 budget objects; held and handed out as copies
 */
public record PlatformDefaults(String expireAfter, ArrayNode budgets) {

    public PlatformDefaults {
        Objects.requireNonNull(expireAfter, "expireAfter");
        budgets = budgets.deepCopy();
    }

    /** A copy of the budgets, free to put into a patched object. */
    @Override
    public ArrayNode budgets() {
        return budgets.deepCopy();
    }
}
