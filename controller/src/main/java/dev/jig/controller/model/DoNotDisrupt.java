package dev.jig.controller.model;

import dev.jig.api.karpenter.Annotations;
import dev.jig.api.karpenter.GoDuration;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * The one reading of {@code karpenter.sh/do-not-disrupt}, as Karpenter v1.14.1 reads it. On a pod, {@code "true"}
 * protects it for as long as it is there, and a positive Go duration ({@code "10m"}, {@code "1h30m"}) protects it for
 * that long after it started ({@code status.startTime}; a pod not started yet is protected). Any other value protects
 * nothing (Karpenter publishes an {@code InvalidDoNotDisruptAnnotation} event and goes on). On a Node or NodeClaim only
 * {@code "true"} counts: Karpenter's node check compares with {@code "true"} and reads no duration there.
 */
public final class DoNotDisrupt {

    private DoNotDisrupt() {
    }

    /** Whether {@code p}'s annotation protects it from voluntary eviction at {@code now}. */
    public static boolean active(Pod p, Instant now) {
        String value = p.annotations().get(Annotations.DO_NOT_DISRUPT);
        if (value == null) return false;
        if (value.equals("true")) return true;
        Optional<Duration> d = duration(value);
        if (d.isEmpty()) return false;
        return p.started() == null || now.isBefore(p.started().plus(d.get()));
    }

    /** When a duration's protection of {@code p} ends, or null when it has none that ends (none at all, {@code "true"}, not started). */
    public static Instant until(Pod p) {
        String value = p.annotations().get(Annotations.DO_NOT_DISRUPT);
        if (value == null || p.started() == null) return null;
        return duration(value).map(d -> p.started().plus(d)).orElse(null);
    }

    /** Why the pod's value protects nothing, or empty when it is absent or reads ({@code "true"} or a positive duration). */
    public static Optional<String> invalid(Pod p) {
        String value = p.annotations().get(Annotations.DO_NOT_DISRUPT);
        if (value == null || value.equals("true") || duration(value).isPresent()) return Optional.empty();
        return Optional.of(Annotations.DO_NOT_DISRUPT + ": \"" + value + "\" is neither \"true\" nor a positive duration such as \"10m\"; it protects nothing");
    }

    /** Whether a Node's or NodeClaim's annotations block its disruption: only {@code "true"} does. */
    public static boolean active(Map<String, String> nodeAnnotations) {
        return "true".equals(nodeAnnotations.get(Annotations.DO_NOT_DISRUPT));
    }

    private static Optional<Duration> duration(String value) {
        return GoDuration.parseSeconds(value).filter(s -> s > 0).map(Duration::ofSeconds);
    }
}
