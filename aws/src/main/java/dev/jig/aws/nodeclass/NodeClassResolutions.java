package dev.jig.aws.nodeclass;

import dev.jig.api.ec2.NodeClass;
import dev.jig.aws.refresh.Freshness;
import dev.jig.aws.refresh.Refreshable;
import dev.jig.aws.nodeclass.NodeClassStatus.Part;
import dev.jig.controller.cloud.CloudOperationException;
import dev.jig.controller.cloud.NodeClassNotReadyException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The last good {@link Resolution} of every node class in use, refreshed in the background every
 * {@code refresh} ({@link Refreshable}) through the {@link NodeClassResolver}. Launches, drift,
 * instance types and the EC2NodeClass status read it and never wait on EC2 or IAM, except for the
 * first resolution of a spec (a new node class, or an edited one).
 *
 * <p>A refresh that cannot ask EC2 or IAM keeps each part's last good value and marks the resolution
 * with the error (the status's {@code SelectorsRefreshed} condition, {@link Freshness}'s metrics); a
 * selector that now matches nothing is an answer, not a failure, and makes the node class not ready.
 * A first resolution that cannot ask AWS is thrown to the caller and tried again at its next call.
 * Node classes nobody asked about for {@value #FORGET_MINUTES} minutes are forgotten. Thread-safe.
 */
public final class NodeClassResolutions implements Refreshable {

    static final int FORGET_MINUTES = 10;

    private record Entry(Resolution resolution, Instant askedAt, Instant triedAt) {
    }

    private final NodeClassResolver resolver;
    private final Clock clock;
    private final Duration refresh;
    private final Freshness freshness;
    private final Map<String, Entry> byName = new ConcurrentHashMap<>();

    public NodeClassResolutions(NodeClassResolver resolver, Clock clock, Duration refresh, Freshness freshness) {
        this.resolver = resolver;
        this.clock = clock;
        this.refresh = refresh;
        this.freshness = freshness;
    }

    /**
     * The last resolution of {@code nodeClass}; resolved now when this spec was never resolved.
     *
     * @throws CloudOperationException when a first resolution cannot ask EC2 or IAM
     */
    public Resolution current(NodeClass nodeClass) {
        Instant now = clock.instant();
        Entry e = byName.computeIfPresent(nodeClass.name(), (n, old) -> old.resolution().nodeClass().equals(nodeClass)
                ? new Entry(old.resolution(), now, old.triedAt()) : old);
        if (e != null && e.resolution().nodeClass().equals(nodeClass)) return e.resolution();
        synchronized (this) {
            e = byName.get(nodeClass.name());
            if (e != null && e.resolution().nodeClass().equals(nodeClass)) return e.resolution();
            Resolution r = resolve(nodeClass, null, now);
            byName.put(nodeClass.name(), new Entry(r, now, now));
            return r;
        }
    }

    /** {@code nodeClass} resolved, from the last resolution. @throws NodeClassNotReadyException naming what did not resolve */
    public ResolvedNodeClass resolve(NodeClass nodeClass) {
        return current(nodeClass).resolved();
    }

    @Override
    public void refreshIfDue(Instant now) {
        boolean failed = false;
        boolean tried = false;
        for (Map.Entry<String, Entry> me : byName.entrySet()) {
            Entry e = me.getValue();
            if (e.askedAt().plus(Duration.ofMinutes(FORGET_MINUTES)).isBefore(now)) {
                byName.remove(me.getKey(), e);
                continue;
            }
            if (e.triedAt().plus(refresh).isAfter(now)) continue;
            tried = true;
            Resolution r = resolve(e.resolution().nodeClass(), e.resolution(), now);
            failed |= r.refreshError() != null;
            // a spec edited meanwhile has its own entry now: keep it
            byName.computeIfPresent(me.getKey(), (n, old) -> old.resolution().nodeClass().equals(r.nodeClass()) ? new Entry(r, old.askedAt(), now) : old);
        }
        if (tried && !failed) freshness.succeeded(now);
    }

    private Resolution resolve(NodeClass nodeClass, Resolution previous, Instant now) {
        String[] error = {null};
        var subnets = part(() -> resolver.subnets(nodeClass), previous == null ? null : previous.subnets(), error);
        var groups = part(() -> resolver.securityGroups(nodeClass), previous == null ? null : previous.securityGroups(), error);
        var amis = part(() -> resolver.amis(nodeClass), previous == null ? null : previous.amis(), error);
        var profile = part(() -> resolver.instanceProfile(nodeClass), previous == null ? null : previous.instanceProfile(), error);
        if (error[0] == null) return new Resolution(nodeClass, subnets, groups, amis, profile, now, null, null);
        freshness.failed(now, nodeClass.name() + ": " + error[0]);
        Instant since = previous.failingSince() != null ? previous.failingSince() : now;
        return new Resolution(nodeClass, subnets, groups, amis, profile, previous.resolvedAt(), error[0], since);
    }

    /** One part resolved now; its last good value when AWS cannot be asked; thrown when there is none. */
    private static <T> Part<T> part(Supplier<T> resolve, Part<T> previous, String[] error) {
        try {
            return Part.of(resolve.get());
        } catch (NodeClassNotReadyException e) {
            String prefix = "node class " + e.nodeClass() + " is not ready: ";
            return Part.failed(e.getMessage().startsWith(prefix) ? e.getMessage().substring(prefix.length()) : e.getMessage());
        } catch (CloudOperationException e) {
            if (previous == null) throw e;
            if (error[0] == null) error[0] = e.getMessage();
            return previous;
        }
    }
}
