package dev.jig.controller.simulate;

import dev.jig.api.karpenter.GoDuration;
import dev.jig.api.karpenter.Taint;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Faults a scenario plays on purpose ({@code spec.faults}), drawn from one seeded random source so that a seed replays
 * the same run. Each applies until {@code until} (for ever when empty); the invariants that speak of "eventually" are
 * then judged after it. The format and what each fault does: {@code examples/scenarios/README.md}.
 *
 * @param cloud      the cloud's faults
 * @param cluster    the cluster's: the API server, kubelets, pods
 * @param controller the controller's own: restarts, leader changes, its clock
 */
public record Faults(long seed, Optional<Duration> until, Cloud cloud, Cluster cluster, Controller controller) {

    /**
     * @param launchErrors      the share of launches (CreateFleet) that fail: half as insufficient capacity for the
     *                          offering tried, half as throttling ({@code RequestLimitExceeded}, retried)
     * @param launchTimeouts    the share of launches whose call times out though the instance launched: the retry must
     *                          find it (by its NodeClaim tag), not launch a second
     * @param terminatedOutside the chance, per instance and minute, that the instance is terminated by someone else
     * @param spotInterruptions the chance, per spot instance and minute, of a spot interruption warning
     * @param storms            insufficient capacity across an instance family or a zone, each for a while
     */
    public record Cloud(double launchErrors, double launchTimeouts, double terminatedOutside, double spotInterruptions, List<Storm> storms) {
        public static final Cloud NONE = new Cloud(0, 0, 0, 0, List.of());

        public Cloud {
            storms = List.copyOf(storms);
            rates(launchErrors, launchTimeouts, terminatedOutside, spotInterruptions);
        }
    }

    /**
     * An insufficient-capacity storm: from {@code at} (into the run) for {@code lasts}, every offering of the family
     * ({@code *}: any) in the zone ({@code *}: any) fails to launch.
     */
    public record Storm(String family, String zone, Duration at, Duration lasts) {
        /** Whether the storm covers the instance type {@code type} (its family is the part before the dot) in {@code zone}. */
        public boolean covers(String type, String z) {
            return ("*".equals(family) || type.startsWith(family + ".")) && ("*".equals(zone) || zone.equals(z));
        }
    }

    /**
     * @param apiErrors      the share of the controller's writes the API server refuses (409, 429 or 500)
     * @param apiErrorsOn    the writes that may be refused, as {@code <verb> <resource>} ({@link SimulatedWorld#WRITES});
     *                       every write when empty
     * @param watchStalls    the chance per second that the controller's watches stall: for {@code watchLag} its reads show
     *                       the cluster as it was when they stalled (events delivered late, or dropped until a relist),
     *                       its own writes included; then a relist catches up
     * @param watchLag       how long a stall lasts
     * @param neverRegister  the share of launched instances whose kubelet never joins the cluster
     * @param neverReady     the share of nodes that register but never turn Ready
     * @param kubeletTaint   a taint the kubelet puts on every node it registers, that no pod tolerates (Karpenter's chaos
     *                       suite: a controller that taints nodes as they come up), or empty
     * @param podsNeverReady the share of pods that never turn Ready while faults last (PodDisruptionBudgets then block)
     */
    public record Cluster(double apiErrors, List<String> apiErrorsOn, double watchStalls, Duration watchLag, double neverRegister,
                          double neverReady, Optional<Taint> kubeletTaint, double podsNeverReady) {
        public static final Cluster NONE = new Cluster(0, List.of(), 0, Duration.ofSeconds(10), 0, 0, Optional.empty(), 0);

        public Cluster {
            apiErrorsOn = List.copyOf(apiErrorsOn);
            rates(apiErrors, watchStalls, neverRegister, neverReady, podsNeverReady);
            if (watchLag.isNegative() || watchLag.isZero()) throw new IllegalArgumentException("a watch lag is at least a second, got " + watchLag);
        }
    }

    /**
     * @param restartEvery      the controller restarts this often, losing every in-memory record, or never
     * @param leaderChangeEvery the leader loses its lease this often: nothing reconciles until a second replica, with
     *                          nothing in memory, acquires it ({@link SimulatedWorld#LEASE})
     * @param clockJump         the controller's clock jumps forward once
     */
    public record Controller(Optional<Duration> restartEvery, Optional<Duration> leaderChangeEvery, Optional<ClockJump> clockJump) {
        public static final Controller NONE = new Controller(Optional.empty(), Optional.empty(), Optional.empty());
    }

    /** At {@code at} into the run, the controller's clock jumps {@code by} forward, and stays ahead. */
    public record ClockJump(Duration at, Duration by) {
    }

    /** No fault at all. */
    public static final Faults NONE = new Faults(1, Optional.empty(), Cloud.NONE, Cluster.NONE, Controller.NONE);

    private static void rates(double... rates) {
        for (double rate : rates) {
            if (rate < 0 || rate > 1) throw new IllegalArgumentException("a fault rate is between 0 and 1, got " + rate);
        }
    }

    /** Whether any fault is on. */
    public boolean any() {
        return !equals(new Faults(seed, until, Cloud.NONE, Cluster.NONE, Controller.NONE));
    }

    /**
     * Whether a fault changes what capacity is on offer (insufficient capacity, spot interruptions mark offerings
     * unavailable): the nodes launched meanwhile may then cost more than the fault-free run's and rightly stay (a spot
     * node is replaced by a cheaper spot one only with 15 cheaper types to choose from, as Karpenter does).
     */
    public boolean changesOfferings() {
        return cloud.launchErrors() > 0 || cloud.spotInterruptions() > 0 || !cloud.storms().isEmpty();
    }

    /** The API server refusing 10% of the controller's writes and a restart every 10 minutes, with {@code seed}, until {@code until}. */
    public static Faults apiErrorsAndRestarts(long seed, Duration until) {
        return new Faults(seed, Optional.of(until), Cloud.NONE, new Cluster(0.10, List.of(), 0, Duration.ofSeconds(10), 0, 0, Optional.empty(), 0),
                new Controller(Optional.of(Duration.ofMinutes(10)), Optional.empty(), Optional.empty()));
    }

    /**
     * Every random fault at moderate rates, with {@code seed}, until {@code until}: the property test's schedule. 10% of
     * launches and API writes failing, 2% of launches timing out though launched, 5% of kubelets never joining and 2%
     * of nodes never turning Ready, 5% of pods never Ready, watches stalling for 10 s (2% a second), instances terminated
     * outside and spot interruptions, a restart every 10 minutes and a leader change every 7.
     */
    public static Faults mix(long seed, Duration until) {
        return new Faults(seed, Optional.of(until), new Cloud(0.10, 0.02, 0.002, 0.01, List.of()),
                new Cluster(0.10, List.of(), 0.02, Duration.ofSeconds(10), 0.05, 0.02, Optional.empty(), 0.05),
                new Controller(Optional.of(Duration.ofMinutes(10)), Optional.of(Duration.ofMinutes(7)), Optional.empty()));
    }

    /**
     * These faults with each one of them taken out in turn, by the {@code spec.faults} field taken out (those not on
     * are not listed): the steps a shrink tries to find the fewest faults that still break a rule.
     */
    public Map<String, Faults> withoutEach() {
        Map<String, Faults> out = new LinkedHashMap<>();
        Cloud c = cloud;
        Cluster k = cluster;
        Controller r = controller;
        if (c.launchErrors() > 0) out.put("launchErrors", with(new Cloud(0, c.launchTimeouts(), c.terminatedOutside(), c.spotInterruptions(), c.storms())));
        if (c.launchTimeouts() > 0) out.put("launchTimeouts", with(new Cloud(c.launchErrors(), 0, c.terminatedOutside(), c.spotInterruptions(), c.storms())));
        if (c.terminatedOutside() > 0) out.put("terminatedOutside", with(new Cloud(c.launchErrors(), c.launchTimeouts(), 0, c.spotInterruptions(), c.storms())));
        if (c.spotInterruptions() > 0) out.put("spotInterruptions", with(new Cloud(c.launchErrors(), c.launchTimeouts(), c.terminatedOutside(), 0, c.storms())));
        if (!c.storms().isEmpty()) out.put("capacityStorms", with(new Cloud(c.launchErrors(), c.launchTimeouts(), c.terminatedOutside(), c.spotInterruptions(), List.of())));
        if (k.apiErrors() > 0) out.put("apiErrors", with(new Cluster(0, List.of(), k.watchStalls(), k.watchLag(), k.neverRegister(), k.neverReady(), k.kubeletTaint(), k.podsNeverReady())));
        if (k.watchStalls() > 0) out.put("watchStalls", with(new Cluster(k.apiErrors(), k.apiErrorsOn(), 0, k.watchLag(), k.neverRegister(), k.neverReady(), k.kubeletTaint(), k.podsNeverReady())));
        if (k.neverRegister() > 0) out.put("neverRegister", with(new Cluster(k.apiErrors(), k.apiErrorsOn(), k.watchStalls(), k.watchLag(), 0, k.neverReady(), k.kubeletTaint(), k.podsNeverReady())));
        if (k.neverReady() > 0) out.put("neverReady", with(new Cluster(k.apiErrors(), k.apiErrorsOn(), k.watchStalls(), k.watchLag(), k.neverRegister(), 0, k.kubeletTaint(), k.podsNeverReady())));
        if (k.kubeletTaint().isPresent()) out.put("kubeletTaint", with(new Cluster(k.apiErrors(), k.apiErrorsOn(), k.watchStalls(), k.watchLag(), k.neverRegister(), k.neverReady(), Optional.empty(), k.podsNeverReady())));
        if (k.podsNeverReady() > 0) out.put("podsNeverReady", with(new Cluster(k.apiErrors(), k.apiErrorsOn(), k.watchStalls(), k.watchLag(), k.neverRegister(), k.neverReady(), k.kubeletTaint(), 0)));
        if (r.restartEvery().isPresent()) out.put("restartEvery", with(new Controller(Optional.empty(), r.leaderChangeEvery(), r.clockJump())));
        if (r.leaderChangeEvery().isPresent()) out.put("leaderChangeEvery", with(new Controller(r.restartEvery(), Optional.empty(), r.clockJump())));
        if (r.clockJump().isPresent()) out.put("clockJump", with(new Controller(r.restartEvery(), r.leaderChangeEvery(), Optional.empty())));
        return out;
    }

    private Faults with(Cloud c) {
        return new Faults(seed, until, c, cluster, controller);
    }

    private Faults with(Cluster k) {
        return new Faults(seed, until, cloud, k, controller);
    }

    private Faults with(Controller r) {
        return new Faults(seed, until, cloud, cluster, r);
    }

    /** These faults as {@code spec.faults} takes them, in YAML's flow style: {@code {seed: 7, until: 20m, apiErrors: 0.1}}. */
    public String mapping() {
        List<String> f = new ArrayList<>();
        f.add("seed: " + seed);
        until.ifPresent(u -> f.add("until: " + GoDuration.format(u)));
        Map<String, Double> rates = new LinkedHashMap<>();
        rates.put("launchErrors", cloud.launchErrors());
        rates.put("launchTimeouts", cloud.launchTimeouts());
        rates.put("terminatedOutside", cloud.terminatedOutside());
        rates.put("spotInterruptions", cloud.spotInterruptions());
        rates.put("apiErrors", cluster.apiErrors());
        rates.put("watchStalls", cluster.watchStalls());
        rates.put("neverRegister", cluster.neverRegister());
        rates.put("neverReady", cluster.neverReady());
        rates.put("podsNeverReady", cluster.podsNeverReady());
        rates.forEach((k, v) -> {
            if (v > 0) f.add(k + ": " + v);
        });
        if (!cluster.apiErrorsOn().isEmpty()) f.add("apiErrorsOn: [" + String.join(", ", cluster.apiErrorsOn()) + "]");
        if (cluster.watchStalls() > 0) f.add("watchLag: " + GoDuration.format(cluster.watchLag()));
        if (!cloud.storms().isEmpty()) {
            List<String> storms = new ArrayList<>();
            for (Storm s : cloud.storms()) {
                storms.add("{family: '" + s.family() + "', zone: '" + s.zone() + "', at: " + GoDuration.format(s.at()) + ", lasts: " + GoDuration.format(s.lasts()) + "}");
            }
            f.add("capacityStorms: [" + String.join(", ", storms) + "]");
        }
        cluster.kubeletTaint().ifPresent(t -> f.add("kubeletTaint: {key: " + t.key() + (t.value() == null ? "" : ", value: " + t.value()) + ", effect: " + t.effect() + "}"));
        controller.restartEvery().ifPresent(r -> f.add("restartEvery: " + GoDuration.format(r)));
        controller.leaderChangeEvery().ifPresent(r -> f.add("leaderChangeEvery: " + GoDuration.format(r)));
        controller.clockJump().ifPresent(j -> f.add("clockJump: {at: " + GoDuration.format(j.at()) + ", by: " + GoDuration.format(j.by()) + "}"));
        return "{" + String.join(", ", f) + "}";
    }
}
