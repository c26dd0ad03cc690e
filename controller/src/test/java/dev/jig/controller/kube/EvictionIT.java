package dev.jig.controller.kube;

import dev.jig.api.karpenter.ResourceList;
import dev.jig.controller.model.Pod;
import dev.jig.controller.state.Eviction;
import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link KubeCluster#evict} against the Eviction API's recorded answers: each HTTP status maps to one typed outcome. */
@EnableKubernetesMockClient
class EvictionIT {

    private static final String PATH = "/api/v1/namespaces/default/pods/web/eviction";

    KubernetesClient client;
    KubernetesMockServer server;
    private KubeCluster cluster;

    @BeforeEach
    void setUp() {
        cluster = new KubeCluster(client);
    }

    @AfterEach
    void tearDown() {
        cluster.close();
    }

    private Eviction evict(int code) {
        server.expect().post().withPath(PATH).andReturn(code, new StatusBuilder().withCode(code).withMessage("answer " + code).build()).once();
        return cluster.evict(Pod.of("default", "web", ResourceList.of(0, 0), Map.of()));
    }

    @Test
    void aCreatedEvictionIsEvicted() {
        assertThat(evict(201)).isEqualTo(Eviction.EVICTED);
    }

    /** One answer only: KubeCluster's eviction client does not retry, so the Terminator's per-pod backoff governs. */
    @Test
    void a429IsABudgetRefusal() {
        Eviction e = evict(429);
        assertThat(e.outcome()).as(e.message()).isEqualTo(Eviction.Outcome.BLOCKED_BY_PDB);
    }

    @Test
    void aMissingOrReplacedPodIsNotFound() {
        assertThat(evict(404)).isEqualTo(Eviction.NOT_FOUND);
        assertThat(evict(409)).isEqualTo(Eviction.NOT_FOUND);
    }

    @Test
    void anyOtherAnswerIsAFailureWithItsStatus() {
        Eviction e = evict(403);
        assertThat(e.outcome()).isEqualTo(Eviction.Outcome.FAILED);
        assertThat(e.message()).contains("403");
    }
}
