package dev.jig.aws.instance;

import dev.jig.aws.refresh.Freshness;
import dev.jig.aws.refresh.Refreshable;
import dev.jig.controller.cloud.CloudOperationException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;

/**
 * The cluster's instances as one {@link InstanceView}, read by one paginated DescribeInstances of
 * every live instance tagged for the cluster at most every {@code refresh}, in the background
 * ({@link Refreshable}); this process's launches and terminations go into the view at once. So
 * {@code get}, {@code list} and drift cost no call however many instances there are, and the
 * DescribeInstances rate is {@code 1 / refresh} pages whatever the cluster's size (Karpenter batches
 * its per-instance describes instead; one listing every few seconds is fewer calls from a few dozen
 * instances on).
 *
 * <p>Only the first read happens on a caller's thread. When reads keep failing, the view in use ages;
 * once it is older than {@code maxAge}, readers get a {@link CloudOperationException}, so that no
 * caller concludes from an old view that an instance is gone. Thread-safe.
 */
public final class InstanceCache implements Refreshable {

    /** How long this process's own launches and terminations outweigh a describe that does not show them. */
    public static final Duration CONSISTENCY_WINDOW = Duration.ofMinutes(5);

    private final InstanceProvider ec2;
    private final Clock clock;
    private final Duration refresh;
    private final Duration maxAge;
    private final Freshness freshness;
    private final AtomicReference<InstanceView> view = new AtomicReference<>(InstanceView.empty());
    private volatile Instant triedAt = Instant.MIN;

    public InstanceCache(InstanceProvider ec2, Clock clock, Duration refresh, Freshness freshness) {
        this.ec2 = ec2;
        this.clock = clock;
        this.refresh = refresh;
        this.maxAge = Duration.ofMinutes(1).compareTo(refresh.multipliedBy(4)) > 0 ? Duration.ofMinutes(1) : refresh.multipliedBy(4);
        this.freshness = freshness;
    }

    /** The instance {@code id}, unless it is terminated or not the cluster's. */
    public Optional<Ec2Instance> get(String id) {
        return current().get(id);
    }

    /** Every live instance of the cluster. */
    public List<Ec2Instance> list() {
        return current().live();
    }

    /** Adds an instance this process just launched. */
    public void launched(Ec2Instance instance) {
        update(v -> v.withLaunched(instance, clock.instant()));
    }

    /** Records that TerminateInstances answered {@code state} for {@code id}. */
    public void terminating(String id, String state) {
        update(v -> v.withTerminating(id, state, clock.instant()));
    }

    /** Forgets {@code id}: EC2 does not know it. */
    public void gone(String id) {
        update(v -> v.without(id));
    }

    @Override
    public void refreshIfDue(Instant now) {
        if (triedAt.plus(refresh).isAfter(now)) return;
        read(now);
    }

    private InstanceView current() {
        InstanceView v = view.get();
        if (!v.read()) {
            synchronized (this) {
                v = view.get();
                if (!v.read()) {
                    read(clock.instant());
                    v = view.get();
                }
            }
        }
        if (!v.read() || v.readAt().plus(maxAge).isBefore(clock.instant())) {
            throw CloudOperationException.transientFailure("the cluster's instances could not be read "
                    + (v.read() ? "since " + v.readAt() : "yet") + (freshness.error() == null ? "" : ": " + freshness.error()), null);
        }
        return v;
    }

    private synchronized void read(Instant startedAt) {
        triedAt = startedAt;
        try {
            List<Ec2Instance> described = ec2.list();
            update(v -> v.refreshed(described, startedAt, clock.instant(), CONSISTENCY_WINDOW));
            freshness.succeeded(startedAt);
        } catch (CloudOperationException e) {
            freshness.failed(startedAt, e.getMessage());
        }
    }

    private void update(UnaryOperator<InstanceView> change) {
        view.updateAndGet(change);
    }
}
