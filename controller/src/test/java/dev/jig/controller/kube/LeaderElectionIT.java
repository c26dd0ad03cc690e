package dev.jig.controller.kube;

import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.jig.controller.kube.KubeClusterIT.await;
import static org.assertj.core.api.Assertions.assertThat;

/** Leader election on a Lease against the mock API server: one leader at a time, and a hand-over on release. */
@EnableKubernetesMockClient(crud = true)
class LeaderElectionIT {

    KubernetesClient client;

    @Test
    void oneReplicaLeadsAndTheOtherTakesOverWhenItLetsGo() {
        AtomicInteger started = new AtomicInteger();
        LeaderElection a = new LeaderElection(client, "jig-system", "replica-a", Duration.ofSeconds(2), started::incrementAndGet, () -> { });
        await(a::leading);
        LeaderElection b = new LeaderElection(client, "jig-system", "replica-b", Duration.ofSeconds(2), started::incrementAndGet, () -> { });
        Lease lease = client.leases().inNamespace("jig-system").withName(LeaderElection.LEASE_NAME).get();
        assertThat(lease.getSpec().getHolderIdentity()).isEqualTo("replica-a");
        assertThat(b.leading()).isFalse();
        a.close();
        await(b::leading);
        assertThat(client.leases().inNamespace("jig-system").withName(LeaderElection.LEASE_NAME).get().getSpec().getHolderIdentity()).isEqualTo("replica-b");
        assertThat(started.get()).isEqualTo(2);
        b.close();
    }

    @Test
    void aReplicaThatLosesTheLeaseStopsAndSaysSoButAClosedOneDoesNot() {
        java.util.concurrent.CountDownLatch lost = new java.util.concurrent.CountDownLatch(1);
        AtomicInteger stopped = new AtomicInteger();
        LeaderElection a = new LeaderElection(client, "jig-system", "replica-a", Duration.ofSeconds(2), () -> { }, stopped::incrementAndGet,
                lost::countDown);
        await(a::leading);
        java.time.ZonedDateTime far = java.time.ZonedDateTime.now(java.time.ZoneOffset.UTC).plusHours(1);
        steal(far);
        await(() -> lost.getCount() == 0);
        assertThat(a.leading()).isFalse();
        assertThat(stopped.get()).isEqualTo(1);
        a.close();

        AtomicInteger lostB = new AtomicInteger();
        LeaderElection b = new LeaderElection(client, "jig-system", "replica-b", Duration.ofSeconds(2), () -> { }, () -> { }, lostB::incrementAndGet);
        b.close();
        assertThat(lostB.get()).isZero();
    }

    /** Makes "intruder" the holder until {@code until}, retrying when the elector's renewal got in first (HTTP 409). */
    private void steal(java.time.ZonedDateTime until) {
        for (int attempt = 0; ; attempt++) {
            try {
                Lease l = client.leases().inNamespace("jig-system").withName(LeaderElection.LEASE_NAME).get();
                l.getSpec().setHolderIdentity("intruder");
                l.getSpec().setRenewTime(until);
                client.leases().inNamespace("jig-system").resource(l).update();
                return;
            } catch (io.fabric8.kubernetes.client.KubernetesClientException e) {
                if (e.getCode() != 409 || attempt >= 20) throw e;
            }
        }
    }
}
