package dev.jig.controller.provisioning;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * When each pending pod was first seen pending, so that the wait until its first NodeClaim can be measured once per
 * pod. Pure; not thread-safe: the provisioner keeps it under its lock.
 */
final class PodWaits {

    private final Map<String, Instant> since = new HashMap<>();
    private final Set<String> told = new HashSet<>();

    /** Notes the pods pending at {@code now}, and forgets those no longer pending. */
    void pending(Set<String> pods, Instant now) {
        for (String p : pods) since.putIfAbsent(p, now);
        since.keySet().retainAll(pods);
        told.retainAll(pods);
    }

    /** How long {@code pod} waited for its first NodeClaim, if it was seen pending and this is its first. */
    Optional<Duration> nodeClaimCreated(String pod, Instant now) {
        Instant first = since.get(pod);
        if (first == null || !told.add(pod)) return Optional.empty();
        return Optional.of(Duration.between(first, now));
    }
}
