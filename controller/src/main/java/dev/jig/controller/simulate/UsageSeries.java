package dev.jig.controller.simulate;

import java.util.ArrayList;
import java.util.List;

/**
 * Nodes, ready nodes, $/h and pending pods over simulated time, kept only at the seconds where one
 * of them changes: the data of {@code simulate --format html}'s timeline charts, small even for
 * long runs. Nodes and $/h count launched NodeClaims, as the report's total does.
 */
final class UsageSeries {

    private final List<SimulationReport.Sample> samples = new ArrayList<>();

    /** Records {@code next}, unless it repeats the last sample's values; a second sample in the same second replaces the first. */
    void observe(SimulationReport.Sample next) {
        if (!samples.isEmpty() && last().at() == next.at()) samples.remove(samples.size() - 1);
        if (!samples.isEmpty() && last().sameValues(next)) return;
        samples.add(next);
    }

    private SimulationReport.Sample last() {
        return samples.get(samples.size() - 1);
    }

    List<SimulationReport.Sample> samples() {
        return List.copyOf(samples);
    }
}
