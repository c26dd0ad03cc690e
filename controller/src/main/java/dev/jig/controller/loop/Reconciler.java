package dev.jig.controller.loop;

import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * One step of the controller's loop: read the cluster, decide, act. Provisioning is one; disruption,
 * garbage collection and the provider's own controllers join the same list. A reconcile must be safe
 * to run again after a failure: it starts from a fresh snapshot every time.
 */
public interface Reconciler {

    /** A short name for logs and metrics, such as {@code provisioning}. */
    String name();

    void reconcile();

    /**
     * How soon this reconciler has work due that its period would reach late (a batch window that closes in 300 ms),
     * or empty. {@code run}'s worker looks after each reconcile and runs the next one then; {@code simulate}, on whole
     * simulated seconds, does not need to.
     */
    default Optional<Duration> dueIn() {
        return Optional.empty();
    }

    /** A reconciler that runs {@code step}. */
    static Reconciler of(String name, Runnable step) {
        return of(name, step, Optional::empty);
    }

    /** A reconciler that runs {@code step} and says when it is next due by {@code dueIn}. */
    static Reconciler of(String name, Runnable step, Supplier<Optional<Duration>> dueIn) {
        return new Reconciler() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public void reconcile() {
                step.run();
            }

            @Override
            public Optional<Duration> dueIn() {
                return dueIn.get();
            }
        };
    }
}
