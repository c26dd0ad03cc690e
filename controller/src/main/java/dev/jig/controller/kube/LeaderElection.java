package dev.jig.controller.kube;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderCallbacks;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderElectionConfigBuilder;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderElector;
import io.fabric8.kubernetes.client.extended.leaderelection.resourcelock.LeaseLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Leader election on a coordination.k8s.io Lease (fabric8's LeaderElector): of all replicas only
 * the holder of the Lease provisions, so two controllers never launch for the same pods. The
 * lease is released when the elector stops, so a successor takes over at once. A replica that loses the Lease
 * (it could not renew in time: another replica holds it, or the API server was unreachable) does not campaign
 * again with the state of its last term: {@code onLost} runs, and {@code jig-controller run} exits so that the
 * Deployment restarts it clean, as controller-runtime's managers do.
 */
public final class LeaderElection implements AutoCloseable {

    public static final String LEASE_NAME = "jig-controller";
    private static final Logger LOG = LoggerFactory.getLogger(LeaderElection.class);

    private final AtomicBoolean leading = new AtomicBoolean();
    private final AtomicBoolean closing = new AtomicBoolean();
    private final CompletableFuture<?> running;

    /**
     * Starts campaigning for the Lease {@code namespace/jig-controller} as {@code identity}; runs
     * {@code onStart} when it leads and {@code onStop} when it stops leading.
     */
    public LeaderElection(KubernetesClient client, String namespace, String identity, Duration leaseDuration, Runnable onStart, Runnable onStop) {
        this(client, namespace, identity, leaseDuration, onStart, onStop, () -> { });
    }

    /** As above; {@code onLost} runs (after {@code onStop}) when this replica stops leading without {@link #close()}. */
    public LeaderElection(KubernetesClient client, String namespace, String identity, Duration leaseDuration, Runnable onStart, Runnable onStop,
                          Runnable onLost) {
        LeaderElector elector = client.leaderElector().withConfig(new LeaderElectionConfigBuilder()
                .withName(LEASE_NAME)
                .withLock(new LeaseLock(namespace, LEASE_NAME, identity))
                .withLeaseDuration(leaseDuration)
                .withRenewDeadline(leaseDuration.multipliedBy(2).dividedBy(3))
                .withRetryPeriod(leaseDuration.dividedBy(5))
                .withReleaseOnCancel(true)
                .withLeaderCallbacks(new LeaderCallbacks(() -> {
                    leading.set(true);
                    LOG.atInfo().addKeyValue("event", "leading").addKeyValue("identity", identity).log("{} leads", identity);
                    onStart.run();
                }, () -> {
                    leading.set(false);
                    LOG.atInfo().addKeyValue("event", "stopped-leading").addKeyValue("identity", identity).log("{} stopped leading", identity);
                    onStop.run();
                    if (!closing.get()) {
                        LOG.atError().addKeyValue("event", "lease-lost").addKeyValue("identity", identity)
                                .log("{} lost the Lease {}/{} without letting it go", identity, namespace, LEASE_NAME);
                        onLost.run();
                    }
                }, leader -> LOG.atInfo().addKeyValue("event", "new-leader").addKeyValue("leader", leader).log("leader is {}", leader)))
                .build()).build();
        running = elector.start();
    }

    public boolean leading() {
        return leading.get();
    }

    @Override
    public void close() {
        closing.set(true);
        running.cancel(true);
    }
}
