package dev.jig.webhook.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jig.webhook.admission.Decision;
import dev.jig.webhook.admission.Operation;
import dev.jig.webhook.admission.WebhookSettings;
import dev.jig.webhook.metrics.WebhookMetrics;
import dev.jig.webhook.rules.WebhookRules;
import dev.jig.webhook.testing.Acme;
import dev.jig.webhook.testing.Pods;
import dev.jig.webhook.testing.Requests;
import dev.jig.webhook.testing.TestCertificates;
import dev.jig.webhook.tls.CertificateReloader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Test;

/**
 * The serving certificate rotates under load without a restart; missing certificates fail fast.
 * The tenancy view is the compiled example's, fixed: this test is about TLS, not the informers.
 */
class CertificateRotationIT {

    private static final WebhookRules RULES = new WebhookRules(WebhookSettings.defaults());

    /** A server on loopback with a fresh certificate in {@code tls}. */
    private static WebhookServer serve(Path tls) throws Exception {
        return serve(tls, new WebhookMetrics());
    }

    private static WebhookServer serve(Path tls, WebhookMetrics metrics) throws Exception {
        return WebhookServer.start(new WebhookServer.Options("127.0.0.1", 0, tls.resolve("tls.crt"), tls.resolve("tls.key"), Duration.ofHours(1),
                Duration.ofSeconds(5), false), in -> RULES.validate(in, Optional.of(Acme.view())), in -> RULES.mutate(in, Optional.of(Acme.view())),
                () -> true, metrics);
    }

    @Test
    void rotatedCertificateIsServedWhileRequestsKeepSucceeding() throws Exception {
        Path tls = Files.createTempDirectory("tls");
        X509Certificate first = TestCertificates.write(tls, "jig-webhook");
        try (WebhookServer webhook = serve(tls)) {
            URI validate = URI.create("https://localhost:" + webhook.port() + "/validate");
            assertThat(served(webhook, TestCertificates.trusting(first))).isEqualTo(first);

            X509Certificate[] trusted = {first, null};
            AtomicBoolean running = new AtomicBoolean(true);
            AtomicInteger ok = new AtomicInteger();
            AtomicInteger failed = new AtomicInteger();
            byte[] body = Requests.review(Requests.pod(Operation.CREATE, Pods.steered(Pods.pod("storefront", "r"), "storefront", false), null))
                    .getBytes(StandardCharsets.UTF_8);
            X509Certificate second = TestCertificates.write(tls.resolve("next"), "jig-webhook-rotated");
            trusted[1] = second;
            SSLContext both = TestCertificates.trusting(trusted);
            Thread load = new Thread(() -> {
                while (running.get()) {
                    try {
                        HttpClient fresh = HttpClient.newBuilder().sslContext(both).build();
                        HttpResponse<String> r = fresh.send(HttpRequest.newBuilder(validate).header("Content-Type", "application/json")
                                .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(), HttpResponse.BodyHandlers.ofString());
                        if (r.statusCode() == 200 && r.body().contains("\"allowed\":true")) ok.incrementAndGet(); else failed.incrementAndGet();
                    } catch (Exception e) {
                        failed.incrementAndGet();
                    }
                }
            });
            load.start();
            Thread.sleep(200);
            Files.copy(tls.resolve("next/tls.key"), tls.resolve("tls.key.new"));
            Files.copy(tls.resolve("next/tls.crt"), tls.resolve("tls.crt.new"));
            Files.move(tls.resolve("tls.key.new"), tls.resolve("tls.key"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            Files.move(tls.resolve("tls.crt.new"), tls.resolve("tls.crt"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            assertThat(webhook.reloader().poll()).isTrue();
            Thread.sleep(300);
            running.set(false);
            load.join();

            assertThat(served(webhook, TestCertificates.trusting(second))).isEqualTo(second);
            assertThat(failed.get()).as("requests failed during rotation").isZero();
            assertThat(ok.get()).isPositive();
            assertThat(webhook.reloader().reloads()).isEqualTo(1);
        }
    }

    @Test
    void halfWrittenRotationKeepsServingTheOldCertificate() throws Exception {
        Path tls = Files.createTempDirectory("tls");
        X509Certificate cert = TestCertificates.write(tls, "jig-webhook");
        WebhookMetrics metrics = new WebhookMetrics();
        try (WebhookServer webhook = serve(tls, metrics)) {
            Files.writeString(tls.resolve("tls.crt"), "-----BEGIN CERTIFICATE-----\ntruncated");
            assertThat(webhook.reloader().poll()).isFalse();
            assertThat(served(webhook, TestCertificates.trusting(cert))).isEqualTo(cert);
            assertThat(webhook.reloader().failures()).isEqualTo(1);
            assertThat(metrics.scrape()).contains("jig_webhook_tls_reload_failures_total 1.0");
        }
    }

    @Test
    void theStartupDigestIsOfTheBytesThatServe() throws Exception {
        Path tls = Files.createTempDirectory("tls");
        X509Certificate cert = TestCertificates.write(tls, "jig-webhook");
        CertificateReloader.Snapshot snapshot = CertificateReloader.Snapshot.read(tls.resolve("tls.crt"), tls.resolve("tls.key"));
        assertThat(snapshot.keyStore().chain().get(0)).isEqualTo(cert);
        assertThat(snapshot.digest()).isEqualTo(CertificateReloader.digest(tls.resolve("tls.crt"), tls.resolve("tls.key")));
        TestCertificates.write(tls, "rotated");
        assertThat(snapshot.digest()).isNotEqualTo(CertificateReloader.digest(tls.resolve("tls.crt"), tls.resolve("tls.key")));
    }

    @Test
    void missingCertificateFailsFastWithAClearMessage() {
        Path nowhere = Path.of("/nonexistent/jig/tls.crt");
        assertThatThrownBy(() -> WebhookServer.start(new WebhookServer.Options("127.0.0.1", 0, nowhere, Path.of("/nonexistent/jig/tls.key"),
                Duration.ofSeconds(1), Duration.ofSeconds(1), false), in -> Decision.allow(), in -> Decision.allow(), () -> true, new WebhookMetrics()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("TLS certificate file /nonexistent/jig/tls.crt does not exist")
                .hasMessageContaining("--tls-cert");
    }

    @Test
    void keyOfAnotherCertificateIsRefused() throws Exception {
        Path a = Files.createTempDirectory("tls");
        Path b = Files.createTempDirectory("tls");
        TestCertificates.write(a, "a");
        TestCertificates.write(b, "b");
        assertThatThrownBy(() -> dev.jig.webhook.tls.PemKeyStore.load(a.resolve("tls.crt"), b.resolve("tls.key")))
                .hasMessageContaining("does not belong to the certificate");
    }

    private static X509Certificate served(WebhookServer webhook, SSLContext trust) throws Exception {
        try (SSLSocket socket = (SSLSocket) trust.getSocketFactory().createSocket("127.0.0.1", webhook.port())) {
            socket.startHandshake();
            return (X509Certificate) socket.getSession().getPeerCertificates()[0];
        }
    }
}
