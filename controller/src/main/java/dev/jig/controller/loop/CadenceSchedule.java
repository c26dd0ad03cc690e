package dev.jig.controller.loop;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The cadence table played on a clock that a caller moves ({@code simulate}): {@link #runDue} runs, in the table's
 * order, every reconciler whose period has passed since its last run, or whose {@link Reconciler#dueIn} has, on the
 * caller's thread. Same table, same
 * instants, same order of runs: a simulation is deterministic while {@code run} gives each cadence its own worker.
 * A reconcile that throws stops the step and propagates, so that a simulation fails loudly on a bug.
 */
public final class CadenceSchedule {

    private final List<Cadence> cadences;
    /** When each cadence is next due; null before its first run, which is due at once. */
    private final Instant[] next;

    public CadenceSchedule(List<Cadence> cadences) {
        this.cadences = List.copyOf(cadences);
        this.next = new Instant[this.cadences.size()];
    }

    /** Runs every cadence due at {@code now}, in order; returns the names of those that ran. */
    public List<String> runDue(Instant now) {
        List<String> ran = new ArrayList<>();
        for (int i = 0; i < cadences.size(); i++) {
            if (next[i] != null && now.isBefore(next[i])) continue;
            Cadence c = cadences.get(i);
            next[i] = now.plus(c.period());
            c.reconciler().reconcile();
            ran.add(c.name());
            // as run's worker: work the reconciler says is due sooner runs then (on the caller's next step at the earliest)
            java.util.Optional<java.time.Duration> due = c.reconciler().dueIn();
            if (due.isPresent() && now.plus(due.get()).isBefore(next[i])) next[i] = now.plus(due.get());
        }
        return ran;
    }
}
