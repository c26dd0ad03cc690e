package dev.jig.controller.model;

import dev.jig.api.karpenter.Requirement;

/**
 * A NodePool requirement with Karpenter's {@code minValues}: the NodeClaim must keep at least that
 * many distinct values of the key among its instance types (0 = no minimum).
 */
public record PoolRequirement(Requirement requirement, int minValues) {

    public static PoolRequirement of(Requirement r) {
        return new PoolRequirement(r, 0);
    }
}
