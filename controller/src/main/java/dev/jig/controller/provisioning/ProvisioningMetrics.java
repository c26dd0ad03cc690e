package dev.jig.controller.provisioning;

import dev.jig.controller.scheduling.SchedulingResult;

import java.time.Duration;
import java.util.function.Supplier;

/**
 * What the provisioner reports: how long each scheduling run takes, and how long each pod waited from the first
 * reconcile that saw it pending to the creation of the NodeClaim planned for it (on the controller's clock, so a
 * simulation reports simulated seconds). The Micrometer adapter is in {@code metrics}; {@link #NONE} reports nothing.
 */
public interface ProvisioningMetrics {

    ProvisioningMetrics NONE = new ProvisioningMetrics() {
    };

    /** Runs one scheduling run ({@code solve}) and returns its result: an adapter times it. */
    default SchedulingResult scheduling(Supplier<SchedulingResult> solve) {
        return solve.get();
    }

    /**
     * The pod {@code pod} (namespace/name) waited {@code waited} from first seen pending until a NodeClaim was created
     * for it; told once per pod, as the NodeClaim is created.
     */
    default void nodeClaimCreated(String pod, Duration waited) {
    }
}
