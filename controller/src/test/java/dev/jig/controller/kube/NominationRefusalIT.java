package dev.jig.controller.kube;

import dev.jig.api.karpenter.ResourceList;
import dev.jig.controller.model.Pod;
import dev.jig.controller.state.Cluster;
import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@link KubeCluster#nominate} against recorded API answers: a 422 (the value refused, or a uid precondition that does
 * not hold) is thrown, so the provisioner counts it as {@code nomination_failed}; a 404 or 409 is skipped quietly.
 */
@EnableKubernetesMockClient
class NominationRefusalIT {

    private static final String PATH = "/api/v1/namespaces/default/pods/web";
    private static final Pod POD = Pod.of("default", "web", ResourceList.ZERO, Map.of()).with().uid("u-1").build();
    private static final io.fabric8.kubernetes.api.model.Pod LIVE = new io.fabric8.kubernetes.api.model.PodBuilder().withNewMetadata()
            .withName("web").withNamespace("default").withUid("u-1").endMetadata().build();

    KubernetesClient client;
    KubernetesMockServer server;

    /** Nominates the pod with the PATCH answered {@code code}. */
    private Cluster.Nomination nominate(int code) {
        server.expect().patch().withPath(PATH + "/status")
                .andReturn(code, code == 200 ? LIVE : new StatusBuilder().withCode(code).withMessage("answer " + code).build()).once();
        try (KubeCluster cluster = new KubeCluster(client)) {
            return cluster.nominate(POD, "node-1");
        }
    }

    @Test
    void a422IsThrownToBeCounted() {
        assertThatThrownBy(() -> nominate(422)).isInstanceOfSatisfying(KubernetesClientException.class,
                e -> assertThat(e.getCode()).isEqualTo(422));
    }

    @Test
    void aGoneOrConflictingPodIsSkipped() {
        assertThat(nominate(404)).isEqualTo(Cluster.Nomination.SKIPPED);
        assertThat(nominate(409)).isEqualTo(Cluster.Nomination.SKIPPED);
    }

    @Test
    void anAcceptedPatchIsWritten() {
        assertThat(nominate(200)).isEqualTo(Cluster.Nomination.WRITTEN);
    }

    /** The chart grants pods/status patch but no get on pods: the write must not read the pod first (fabric8's withName patch does). */
    @Test
    void theWriteIsOnePatchWithoutReadingThePod() throws InterruptedException {
        nominate(200);
        List<String> calls = new ArrayList<>();
        for (var r = server.takeRequest(1, TimeUnit.SECONDS); r != null; r = server.takeRequest(100, TimeUnit.MILLISECONDS)) {
            if (r.getPath().startsWith(PATH)) calls.add(r.getMethod() + " " + r.getPath());
        }
        assertThat(calls).containsExactly("PATCH " + PATH + "/status");
    }
}
