package dev.jig.webhook.server;

import java.util.Optional;
import java.util.function.BooleanSupplier;

/** Why the webhook is not ready, for {@code /readyz}; empty when it is ready. */
@FunctionalInterface
public interface Readiness {

    Optional<String> notReadyBecause();

    /** Not ready, for {@code reason}, while {@code ready} is false. */
    static Readiness of(BooleanSupplier ready, String reason) {
        return () -> ready.getAsBoolean() ? Optional.empty() : Optional.of(reason);
    }

    /** Ready when this and {@code other} are; otherwise the first reason. */
    default Readiness and(Readiness other) {
        return () -> notReadyBecause().or(other::notReadyBecause);
    }
}
