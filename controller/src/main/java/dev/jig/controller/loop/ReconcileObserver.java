package dev.jig.controller.loop;

import java.time.Duration;

/**
 * Told of every reconcile a {@link ControllerLoop} worker ran: how long it took and what it threw, if anything
 * ({@code null} when it returned). The Micrometer adapter in {@code metrics} counts and times them; implementations
 * are called from every worker thread, so they must be thread-safe.
 */
@FunctionalInterface
public interface ReconcileObserver {

    ReconcileObserver NONE = (name, took, failure) -> { };

    void reconciled(String reconciler, Duration took, Throwable failure);
}
