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
 * lease is released when the elector stops, so a successor takes over at once.
 */
public final class LeaderElection implements AutoCloseable {

    public static final String LEASE_NAME = "jig-controller";
    private static final Logger LOG = LoggerFactory.getLogger(LeaderElection.class);

    private final AtomicBoolean leading = new AtomicBoolean();
    private final CompletableFuture<?> running;

    /**
     * Starts campaigning for the Lease {@code namespace/jig-controller} as {@code identity}; runs
     * {@code onStart} when it leads and {@code onStop} when it stops leading.
     */
    public LeaderElection(KubernetesClient client, String namespace, String identity, Duration leaseDuration, Runnable onStart, Runnable onStop) {
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
                }, leader -> LOG.atInfo().addKeyValue("event", "new-leader").addKeyValue("leader", leader).log("leader is {}", leader)))
                .build()).build();
        running = elector.start();
    }

    public boolean leading() {
        return leading.get();
    }

    @Override
    public void close() {
        running.cancel(true);
    }
}
