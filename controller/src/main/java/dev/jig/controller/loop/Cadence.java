package dev.jig.controller.loop;

import java.time.Duration;
import java.util.Objects;

/**
 * Who runs when: a reconciler and the period between the end of one of its reconciles and the start of the next.
 * {@code jig-controller run} gives each cadence a worker of its own ({@link ControllerLoop}); {@code simulate} runs the
 * same list on the simulated clock ({@link CadenceSchedule}), so both follow one table.
 */
public record Cadence(Reconciler reconciler, Duration period) {

    public Cadence {
        Objects.requireNonNull(reconciler, "reconciler");
        if (period.isNegative() || period.isZero()) throw new IllegalArgumentException(reconciler.name() + ": period must be positive, got " + period);
    }

    public String name() {
        return reconciler.name();
    }
}
