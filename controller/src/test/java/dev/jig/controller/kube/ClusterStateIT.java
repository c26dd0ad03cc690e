package dev.jig.controller.kube;

import dev.jig.controller.model.Pod;
import dev.jig.controller.state.ClusterSnapshot;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.function.BooleanSupplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link KubeCluster}'s snapshots come from models its informers' events keep: a snapshot with nothing changed is the
 * previous one, a change shows in the next, and unchanged objects keep their model instance.
 */
@EnableKubernetesMockClient(crud = true)
class ClusterStateIT {

    KubernetesClient client;
    private KubeCluster cluster;

    @BeforeEach
    void setUp() {
        KubeClusterIT.crd(client, "karpenter.sh", "NodePool", "nodepools");
        KubeClusterIT.crd(client, "karpenter.k8s.aws", "EC2NodeClass", "ec2nodeclasses");
        KubeClusterIT.crd(client, "karpenter.sh", "NodeClaim", "nodeclaims");
        for (String name : new String[] {"a", "b"}) client.pods().inNamespace("default").resource(pod(name, "100m")).create();
        cluster = new KubeCluster(client);
        await(() -> cluster.synced() && cluster.snapshot().pods().size() == 2);
    }

    @AfterEach
    void tearDown() {
        cluster.close();
    }

    private static io.fabric8.kubernetes.api.model.Pod pod(String name, String cpu) {
        return new PodBuilder().withNewMetadata().withName(name).withNamespace("default").endMetadata().withNewSpec()
                .addToContainers(new ContainerBuilder().withName("c").withImage("pause").withNewResources().addToRequests("cpu", new Quantity(cpu))
                        .endResources().build()).endSpec().build();
    }

    private Pod model(ClusterSnapshot s, String name) {
        return s.pods().stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void withNothingChangedASnapshotIsThePreviousOne() {
        long generation = cluster.generation();
        ClusterSnapshot first = cluster.snapshot();
        assertThat(cluster.snapshot()).isSameAs(first);
        assertThat(cluster.generation()).isEqualTo(generation);
    }

    @Test
    void aChangeShowsInTheNextSnapshotAndUnchangedObjectsKeepTheirModel() {
        ClusterSnapshot before = cluster.snapshot();
        long generation = cluster.generation();
        client.pods().inNamespace("default").withName("a").edit(p -> new PodBuilder(p).editMetadata().addToLabels("app", "web").endMetadata().build());
        await(() -> "web".equals(model(cluster.snapshot(), "a").labels().get("app")));
        ClusterSnapshot after = cluster.snapshot();
        assertThat(cluster.generation()).isGreaterThan(generation);
        assertThat(model(after, "b")).as("the pod nobody touched").isSameAs(model(before, "b"));
        assertThat(after.nodes()).isSameAs(before.nodes());

        client.pods().inNamespace("default").withName("a").delete();
        await(() -> cluster.snapshot().pods().size() == 1);
        assertThat(model(cluster.snapshot(), "b")).isSameAs(model(before, "b"));
    }

    @Test
    void aPodThatDoesNotParseIsLeftOutAndTheOthersStay() {
        // a request the API server stores as written but Kubernetes' quantity grammar refuses
        client.pods().inNamespace("default").resource(new PodBuilder(pod("c", "100m")).editSpec().editFirstContainer().editResources()
                .addToRequests("cpu", new Quantity("1", "zz")).endResources().endContainer().endSpec().build()).create();
        // the informer delivers events in order: once "d" shows, "c" has been seen
        client.pods().inNamespace("default").resource(pod("d", "100m")).create();
        await(() -> cluster.snapshot().pods().stream().anyMatch(p -> p.name().equals("d")));
        assertThat(cluster.snapshot().pods()).extracting(Pod::name).containsExactlyInAnyOrder("a", "b", "d");
    }

    private static void await(BooleanSupplier condition) {
        Instant end = Instant.now().plus(Duration.ofSeconds(20));
        while (!condition.getAsBoolean()) {
            if (Instant.now().isAfter(end)) throw new AssertionError("condition not met within 20 s");
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }
}
