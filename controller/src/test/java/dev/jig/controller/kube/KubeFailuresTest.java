package dev.jig.controller.kube;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.client.KubernetesClientException;
import java.net.ConnectException;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

class KubeFailuresTest {

    @Test
    void aRefusedConnectionNamesTheInnermostCauseInsteadOfFabric8sGenericMessage() {
        Throwable e = new KubernetesClientException("An error has occurred.", new ConnectException("Connection refused"));
        assertThat(KubeFailures.describe(e)).isEqualTo("ConnectException: Connection refused");
    }

    @Test
    void anAnswerFromTheApiServerNamesItsStatusEvenWhenWrapped() {
        Throwable e = new CompletionException(new KubernetesClientException("the server could not find the requested resource", 404, null));
        assertThat(KubeFailures.describe(e)).isEqualTo("HTTP 404 the server could not find the requested resource");
    }

    @Test
    void causesWithoutMessagesAreNamedByTheirTypesNotByFabric8sGenericMessage() {
        // the JDK HTTP client's refused connection: no cause says anything but its type
        Throwable e = new KubernetesClientException("An error has occurred.",
                new ConnectException().initCause(new java.nio.channels.ClosedChannelException()));
        assertThat(KubeFailures.describe(e)).isEqualTo("ConnectException: ClosedChannelException");
    }

    @Test
    void aCauseWithoutMessageIsNamedByItsType() {
        assertThat(KubeFailures.describe(new IllegalStateException())).isEqualTo("IllegalStateException");
    }
}
