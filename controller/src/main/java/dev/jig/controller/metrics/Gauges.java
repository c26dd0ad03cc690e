package dev.jig.controller.metrics;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One gauge name over label sets that come and go (NodePools, reasons): {@link #set} gives every label set its
 * value and removes the gauges of label sets no longer reported, so a deleted NodePool does not linger.
 */
final class Gauges {

    private final MeterRegistry registry;
    private final String name;
    private final String description;
    private final Map<Tags, AtomicReference<Double>> values = new HashMap<>();
    private final Map<Tags, Meter> meters = new HashMap<>();

    Gauges(MeterRegistry registry, String name, String description) {
        this.registry = registry;
        this.name = name;
        this.description = description;
    }

    synchronized void set(Map<Tags, Double> now) {
        for (Map.Entry<Tags, Double> e : now.entrySet()) {
            AtomicReference<Double> v = values.get(e.getKey());
            if (v == null) {
                v = new AtomicReference<>(e.getValue());
                values.put(e.getKey(), v);
                AtomicReference<Double> ref = v;
                meters.put(e.getKey(), Gauge.builder(name, ref, AtomicReference::get).tags(e.getKey()).description(description).register(registry));
            } else {
                v.set(e.getValue());
            }
        }
        values.keySet().removeIf(tags -> {
            if (now.containsKey(tags)) return false;
            registry.remove(meters.remove(tags));
            return true;
        });
    }
}
