package dev.jig.controller.kube;

import dev.jig.controller.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static dev.jig.controller.kube.KubeClusterIT.await;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Jig's nomination on the mock API server: {@link KubeCluster#nominate} writes the {@code jig.dev/nominated-node} mark
 * and {@code status.nominatedNodeName}, the snapshot reads the pod back as Jig's (pending, not preemption's), a clear
 * removes both, and the pod's other fields stay.
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
    void aNominationIsWrittenWithItsMarkReadBackAsJigsAndCleared() {
        MockCluster.pod(client, "web-0", null);
        client.pods().inNamespace("default").withName("web-0").edit(p -> {
            p.getMetadata().setAnnotations(new java.util.HashMap<>(java.util.Map.of("team", "a")));
            return p;
        });
        await(() -> "a".equals(pod("web-0").annotations().get("team")));

        cluster.nominate(pod("web-0"), "node-1");
        var live = client.pods().inNamespace("default").withName("web-0").get();
        assertThat(live.getStatus().getNominatedNodeName()).isEqualTo("node-1");
        assertThat(live.getMetadata().getAnnotations()).containsEntry(Pod.NOMINATED_BY_JIG, "node-1").containsEntry("team", "a");
        assertThat(live.getSpec().getContainers()).hasSize(1);
        await(() -> "node-1".equals(pod("web-0").nominatedNodeName()));
        Pod read = pod("web-0");
        assertThat(read.nominatedByJig()).isTrue();
        assertThat(read.ignored()).isNull();
        assertThat(cluster.snapshot().pendingPods()).extracting(Pod::name).contains("web-0");

        cluster.nominate(read, null);
        live = client.pods().inNamespace("default").withName("web-0").get();
        assertThat(live.getStatus().getNominatedNodeName()).isNull();
        // a merge patch's null removes the key on an API server; the mock server keeps it with a null value
        assertThat(live.getMetadata().getAnnotations().get(Pod.NOMINATED_BY_JIG)).isNull();
        assertThat(live.getMetadata().getAnnotations()).containsEntry("team", "a");
        await(() -> pod("web-0").nominatedNodeName() == null);
    }

    @Test
    void aNominationByAnotherComponentIsPreemptionsAndAMissingPodIsNoError() {
        MockCluster.pod(client, "web-1", null);
        client.pods().inNamespace("default").withName("web-1").subresource("status").patch(
                io.fabric8.kubernetes.client.dsl.base.PatchContext.of(io.fabric8.kubernetes.client.dsl.base.PatchType.JSON_MERGE),
                "{\"status\":{\"nominatedNodeName\":\"node-2\"}}");
        await(() -> "node-2".equals(pod("web-1").nominatedNodeName()));
        assertThat(pod("web-1").ignored()).contains("preemption");
        assertThat(cluster.snapshot().pendingPods()).extracting(Pod::name).doesNotContain("web-1");

        Pod gone = Pod.of("default", "gone", dev.jig.api.karpenter.ResourceList.ZERO, java.util.Map.of());
        cluster.nominate(gone, "node-1");
        cluster.nominate(gone, null);
        assertThat(client.pods().inNamespace("default").withName("gone").get()).isNull();
    }
}
