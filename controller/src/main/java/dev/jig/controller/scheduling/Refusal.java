package dev.jig.controller.scheduling;

import dev.jig.api.diag.Rule;

/**
 * Why a pool (or, with a null pool, the cluster as a whole) cannot take a pod: a stable rule id
 * from {@link Rule} (JIG06xx) and a message naming the taint, requirement, resource or limit.
 */
public record Refusal(String pool, Rule rule, String message) {

    @Override
    public String toString() {
        return (pool == null ? "" : "NodePool " + pool + ": ") + message + " [" + rule.id() + "]";
    }
}
