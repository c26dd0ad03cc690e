package dev.jig.controller.simulate;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A clock that only moves when told to: the time of a simulation. Thread-safe. */
public final class SimulatedClock extends Clock {

    private volatile Instant now;

    public SimulatedClock(Instant start) {
        this.now = start;
    }

    public synchronized void advance(Duration d) {
        now = now.plus(d);
    }

    public synchronized void set(Instant t) {
        if (t.isBefore(now)) throw new IllegalArgumentException("time cannot go back");
        now = t;
    }

    @Override
    public Instant instant() {
        return now;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }
}
