package dev.jig.webhook.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jig.webhook.admission.Decision;
import dev.jig.webhook.admission.Operation;
import dev.jig.webhook.metrics.WebhookMetrics;
import dev.jig.webhook.testing.Pods;
import dev.jig.webhook.testing.Requests;
import dev.jig.webhook.testing.TestCertificates;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Shutdown drops readiness first and lets the request in flight finish. */
class GracefulShutdownIT {

    @Test
    void readinessDropsAndTheRequestInFlightCompletes() throws Exception {
        Path tls = Files.createTempDirectory("tls");
        X509Certificate cert = TestCertificates.write(tls, "localhost");
        CountDownLatch inRules = new CountDownLatch(1);
        WebhookServer server = WebhookServer.start(new WebhookServer.Options("127.0.0.1", 0, tls.resolve("tls.crt"), tls.resolve("tls.key"),
                Duration.ofHours(1), Duration.ofSeconds(10), false), in -> {
                    inRules.countDown();
                    sleep(1500);
                    return Decision.allow();
                }, in -> Decision.allow(), () -> true, new WebhookMetrics());
        HttpClient http = HttpClient.newBuilder().sslContext(TestCertificates.trusting(cert)).build();
        URI base = URI.create("https://localhost:" + server.port());
        assertThat(http.send(HttpRequest.newBuilder(base.resolve("/readyz")).build(), HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(200);

        String body = Requests.review(Requests.pod(Operation.CREATE, Pods.pod("storefront", "slow"), null));
        CompletableFuture<HttpResponse<String>> inFlight = http.sendAsync(HttpRequest.newBuilder(base.resolve("/validate"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(inRules.await(10, TimeUnit.SECONDS)).isTrue();
        Thread stopper = new Thread(() -> server.shutdown(Duration.ofMillis(500)));
        stopper.start();
        Thread.sleep(100);
        assertThat(http.send(HttpRequest.newBuilder(base.resolve("/readyz")).build(), HttpResponse.BodyHandlers.ofString()).statusCode())
                .as("not ready while draining").isEqualTo(503);

        HttpResponse<String> finished = inFlight.get(20, TimeUnit.SECONDS);
        assertThat(finished.statusCode()).isEqualTo(200);
        assertThat(finished.body()).contains("\"allowed\":true");
        stopper.join(20_000);
        HttpClient fresh = HttpClient.newBuilder().sslContext(TestCertificates.trusting(cert)).connectTimeout(Duration.ofSeconds(2)).build();
        assertThatThrownBy(() -> fresh.send(HttpRequest.newBuilder(base.resolve("/healthz")).build(), HttpResponse.BodyHandlers.ofString()))
                .isInstanceOf(java.io.IOException.class);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
