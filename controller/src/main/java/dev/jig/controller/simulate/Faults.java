package dev.jig.controller.simulate;

import dev.jig.api.karpenter.Taint;

import java.time.Duration;
import java.util.Optional;

/**
 * Faults a scenario plays on purpose ({@code spec.faults}), drawn from one seeded random source so that a seed replays
 * the same run. Each applies until {@code until} (for ever when empty); the invariants that speak of "eventually" are
 * then judged after it.
 *
 * @param launchErrors      the share of launches (CreateFleet) that fail: half as insufficient capacity for the offering
 *                          tried, half as throttling ({@code RequestLimitExceeded}, retried)
 * @param neverRegister     the share of launched instances whose kubelet never joins the cluster
 * @param terminatedOutside the chance, per instance and minute, that the instance is terminated by someone else
 * @param spotInterruptions the chance, per spot instance and minute, of a spot interruption warning
 * @param kubeletTaint      a taint the kubelet puts on every node it registers, that no pod tolerates (Karpenter's chaos
 *                          suite: a controller that taints nodes as they come up), or empty
 * @param apiErrors         the share of the controller's writes the API server refuses (409 or 500)
 * @param restartEvery      the controller restarts this often, losing every in-memory record, or never
 */
public record Faults(long seed, Optional<Duration> until, double launchErrors, double neverRegister, double terminatedOutside,
                     double spotInterruptions, Optional<Taint> kubeletTaint, double apiErrors, Optional<Duration> restartEvery) {

    /** No fault at all. */
    public static final Faults NONE = new Faults(1, Optional.empty(), 0, 0, 0, 0, Optional.empty(), 0, Optional.empty());

    public Faults {
        for (double rate : new double[] {launchErrors, neverRegister, terminatedOutside, spotInterruptions, apiErrors}) {
            if (rate < 0 || rate > 1) throw new IllegalArgumentException("a fault rate is between 0 and 1, got " + rate);
        }
    }

    /** These faults as {@code spec.faults} takes them, in YAML's flow style: {@code {seed: 7, until: 20m, apiErrors: 0.1}}. */
    public String mapping() {
        java.util.List<String> f = new java.util.ArrayList<>();
        f.add("seed: " + seed);
        until.ifPresent(u -> f.add("until: " + dev.jig.api.karpenter.GoDuration.format(u)));
        java.util.Map<String, Double> rates = new java.util.LinkedHashMap<>();
        rates.put("launchErrors", launchErrors);
        rates.put("neverRegister", neverRegister);
        rates.put("terminatedOutside", terminatedOutside);
        rates.put("spotInterruptions", spotInterruptions);
        rates.put("apiErrors", apiErrors);
        rates.forEach((k, v) -> {
            if (v > 0) f.add(k + ": " + v);
        });
        kubeletTaint.ifPresent(t -> f.add("kubeletTaint: {key: " + t.key() + (t.value() == null ? "" : ", value: " + t.value()) + ", effect: " + t.effect() + "}"));
        restartEvery.ifPresent(r -> f.add("restartEvery: " + dev.jig.api.karpenter.GoDuration.format(r)));
        return "{" + String.join(", ", f) + "}";
    }

    /** Whether any fault is on. */
    public boolean any() {
        return launchErrors > 0 || neverRegister > 0 || terminatedOutside > 0 || spotInterruptions > 0 || kubeletTaint.isPresent()
                || apiErrors > 0 || restartEvery.isPresent();
    }

    /**
     * Whether a fault changes what capacity is on offer (insufficient capacity, spot interruptions mark offerings
     * unavailable): the nodes launched meanwhile may then cost more than the fault-free run's and rightly stay (a spot
     * node is replaced by a cheaper spot one only with 15 cheaper types to choose from, as Karpenter does).
     */
    public boolean changesOfferings() {
        return launchErrors > 0 || spotInterruptions > 0;
    }

    /** The API server refusing 10% of the controller's writes and a restart every 10 minutes, with {@code seed}, until {@code until}. */
    public static Faults apiErrorsAndRestarts(long seed, Duration until) {
        return new Faults(seed, Optional.of(until), 0, 0, 0, 0, Optional.empty(), 0.10, Optional.of(Duration.ofMinutes(10)));
    }

    /** A mix of every random fault at moderate rates (10% of launches and API writes failing, a restart every 10 minutes), with {@code seed}, until {@code until}: the property test's schedule. */
    public static Faults mix(long seed, Duration until) {
        return new Faults(seed, Optional.of(until), 0.10, 0.05, 0.002, 0.01, Optional.empty(), 0.10, Optional.of(Duration.ofMinutes(10)));
    }
}
