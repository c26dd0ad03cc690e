package dev.jig.compiler.diff;

import dev.jig.api.karpenter.Quantity;
import java.util.Optional;

/**
 * A change of the total NodePool limit of one tenant for one resource ({@code cpu},
 * {@code memory}, {@code nvidia.com/gpu}...). An empty side means unlimited: one of the tenant's
 * NodePools on that side sets no limit for the resource, so Karpenter does not cap the tenant.
 * A tenant without NodePools on one side has a total of zero there.
 */
public record TenantLimitChange(String tenant, String resource, Optional<Quantity> before, Optional<Quantity> after) {

    /** After minus before, when both sides are bounded. */
    public Optional<Quantity> delta() {
        return before.isPresent() && after.isPresent()
                ? Optional.of(after.get().minus(before.get()))
                : Optional.empty();
    }
}
