package dev.jig.controller.kube;

import dev.jig.controller.model.Pod;
import dev.jig.controller.state.Cluster;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static dev.jig.controller.kube.KubeClusterIT.await;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Jig's nomination on the mock API server: {@link KubeCluster#nominate} writes {@code status.nominatedNodeName} alone,
 * with the pod's uid as a precondition and no annotation, the snapshot reads it back as a pending pod (which nominations
 * are Jig's is the provisioner's record, not the pod's), a clear removes it, and the pod's other fields stay.
 */
@EnableKubernetesMockClient(crud = true)
class NominationIT {

    KubernetesClient client;
    private KubeCluster cluster;

    @BeforeEach
    void setUp() {
        cluster = MockCluster.start(client);
    }

    @AfterEach
    void tearDown() {
        cluster.close();
    }

    private Pod pod(String name) {
        await(() -> cluster.snapshot().pods().stream().anyMatch(p -> p.name().equals(name)));
        return cluster.snapshot().pods().stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void aNominationIsAStatusPatchWithTheUidAsPreconditionReadBackAndCleared() {
        MockCluster.pod(client, "web-0", null);
        client.pods().inNamespace("default").withName("web-0").edit(p -> {
            p.getMetadata().setAnnotations(new java.util.HashMap<>(java.util.Map.of("team", "a")));
            return p;
        });
        await(() -> "a".equals(pod("web-0").annotations().get("team")));

        Pod before = pod("web-0");
        assertThat(before.uid()).isNotBlank();
        assertThat(cluster.nominate(before, "node-1")).isEqualTo(Cluster.Nomination.WRITTEN);
        var live = client.pods().inNamespace("default").withName("web-0").get();
        assertThat(live.getStatus().getNominatedNodeName()).isEqualTo("node-1");
        assertThat(live.getMetadata().getAnnotations()).containsOnlyKeys("team");
        assertThat(live.getSpec().getContainers()).hasSize(1);
        await(() -> "node-1".equals(pod("web-0").nominatedNodeName()));
        Pod read = pod("web-0");
        assertThat(read.ignored()).isNull();
        assertThat(cluster.snapshot().pendingPods()).extracting(Pod::name).contains("web-0");

        assertThat(cluster.nominate(read, null)).isEqualTo(Cluster.Nomination.WRITTEN);
        live = client.pods().inNamespace("default").withName("web-0").get();
        assertThat(live.getStatus().getNominatedNodeName()).isNull();
        assertThat(live.getMetadata().getAnnotations()).containsEntry("team", "a");
        await(() -> pod("web-0").nominatedNodeName() == null);
    }

    @Test
    void thePatchBodyCarriesThePodsUidAsAPrecondition() {
        // an API server refuses a patch whose metadata.uid differs from the pod's (a pod deleted and created again under
        // the name; most likely 422, an immutable field), and nominate throws it to be counted; the mock server checks no
        // precondition, so only the patch body is checked here
        Pod p = Pod.of("default", "web-2", dev.jig.api.karpenter.ResourceList.ZERO, java.util.Map.of()).with().uid("u-1").build();
        assertThat(KubeCluster.nominationPatch(p, "node-1")).isEqualTo(java.util.Map.of("metadata", java.util.Map.of("uid", "u-1"),
                "status", java.util.Map.of("nominatedNodeName", "node-1")));
        assertThat(((java.util.Map<?, ?>) KubeCluster.nominationPatch(p, null).get("status")).containsKey("nominatedNodeName")).isTrue();
    }

    @Test
    void aNominationByAnotherComponentIsReadAsItIsAndAMissingPodIsSkipped() {
        MockCluster.pod(client, "web-1", null);
        client.pods().inNamespace("default").withName("web-1").subresource("status").patch(
                io.fabric8.kubernetes.client.dsl.base.PatchContext.of(io.fabric8.kubernetes.client.dsl.base.PatchType.JSON_MERGE),
                "{\"status\":{\"nominatedNodeName\":\"node-2\"}}");
        await(() -> "node-2".equals(pod("web-1").nominatedNodeName()));
        assertThat(pod("web-1").ignored()).as("the provisioner, not the reader, tells whose it is").isNull();

        Pod gone = Pod.of("default", "gone", dev.jig.api.karpenter.ResourceList.ZERO, java.util.Map.of());
        assertThat(cluster.nominate(gone, "node-1")).isEqualTo(Cluster.Nomination.SKIPPED);
        assertThat(cluster.nominate(gone, null)).isEqualTo(Cluster.Nomination.SKIPPED);
        assertThat(client.pods().inNamespace("default").withName("gone").get()).isNull();
    }
}
