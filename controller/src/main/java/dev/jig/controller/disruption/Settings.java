package dev.jig.controller.disruption;

import dev.jig.api.karpenter.GoDuration;
import dev.jig.controller.model.Disruption;
import dev.jig.controller.model.NodeClaim;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * A NodePool's disruption durations, parsed. {@code Never}, and anything that does not parse, read
 * as "never": an unreadable {@code consolidateAfter} disables consolidation and an unreadable
 * {@code expireAfter} expires nothing, so a typo can only make disruption do less.
 */
final class Settings {

    static final String WHEN_EMPTY = "WhenEmpty";
    static final String WHEN_EMPTY_OR_UNDERUTILIZED = "WhenEmptyOrUnderutilized";

    private Settings() {
    }

    static Optional<Duration> consolidateAfter(Disruption d) {
        return duration(d.consolidateAfter());
    }

    static Optional<Duration> expireAfter(Disruption d) {
        return duration(d.expireAfter());
    }

    /** The pool's {@code terminationGracePeriod}, or null when unset or unreadable. */
    static Duration terminationGracePeriod(Disruption d) {
        return duration(d.terminationGracePeriod()).orElse(null);
    }

    static Optional<Duration> duration(String text) {
        if (text == null || text.equals("Never")) return Optional.empty();
        return GoDuration.parseSeconds(text).map(Duration::ofSeconds);
    }

    /**
     * Karpenter's {@code Consolidatable} condition: {@code consolidateAfter} has passed since the
     * last pod event on the node, or, before any, since the NodeClaim was initialized.
     */
    static boolean consolidatable(Disruption d, NodeClaim claim, Instant now) {
        Optional<Duration> after = consolidateAfter(d);
        if (after.isEmpty()) return false;
        if (after.get().isZero()) return true;
        Instant since = claim.status().lastPodEventTime();
        if (since == null) {
            NodeClaim.Condition initialized = claim.status().condition(NodeClaim.INITIALIZED);
            since = initialized == null || initialized.lastTransitionTime() == null ? claim.created() : initialized.lastTransitionTime();
        }
        return !now.isBefore(since.plus(after.get()));
    }

    /**
     * Karpenter's {@code IsUnderConsolidateAfter}: an initialized NodeClaim whose pool sets a positive
     * {@code consolidateAfter} that has not passed since its last pod event (or, before any, its initialization).
     * Consolidation does not move a candidate's pods onto such a node.
     */
    static boolean underConsolidateAfter(Disruption d, NodeClaim claim, Instant now) {
        Optional<Duration> after = consolidateAfter(d);
        if (after.isEmpty() || after.get().isZero() || claim.status() == null) return false;
        NodeClaim.Condition initialized = claim.status().condition(NodeClaim.INITIALIZED);
        if (initialized == null || !"True".equals(initialized.status())) return false;
        Instant since = claim.status().lastPodEventTime() != null ? claim.status().lastPodEventTime() : initialized.lastTransitionTime();
        return since != null && now.isBefore(since.plus(after.get()));
    }
}
