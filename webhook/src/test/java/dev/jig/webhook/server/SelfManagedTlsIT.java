package dev.jig.webhook.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jig.webhook.admission.Operation;
import dev.jig.webhook.admission.WebhookSettings;
import dev.jig.webhook.kube.CertificateSecret;
import dev.jig.webhook.kube.SelfManagedCertificates;
import dev.jig.webhook.metrics.WebhookMetrics;
import dev.jig.webhook.rules.WebhookRules;
import dev.jig.webhook.testing.Acme;
import dev.jig.webhook.testing.MovableClock;
import dev.jig.webhook.testing.Pods;
import dev.jig.webhook.testing.Requests;
import dev.jig.webhook.testing.TestCertificates;
import dev.jig.webhook.testing.WebhookConfigurations;
import dev.jig.webhook.tls.CertificateIssuer;
import dev.jig.webhook.tls.RenewalPolicy;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Test;

/**
 * The self-managed mode end to end, over real HTTPS against the mock API server (CRUD mode): the
 * webhook starts with no Secret, makes its CA and certificate, patches both configurations and
 * becomes ready; a client that trusts only the {@code caBundle} of the patched
 * ValidatingWebhookConfiguration, and checks the host name as the API server does
 * ({@code jig-webhook.jig-system.svc}), gets an AdmissionReview answered. Renewals are forced by
 * moving the webhook's clock; the next handshake presents the new certificate, no restart. The
 * certificates are short-lived (a 45-minute serving certificate, a one-hour CA) so that every
 * certificate issued on the moved clock is already valid for the client's real one.
 */
@EnableKubernetesMockClient(crud = true)
class SelfManagedTlsIT {

    static KubernetesClient client;

    private static final String HOST = "jig-webhook.jig-system.svc";
    private static final SelfManagedCertificates.Settings SETTINGS = new SelfManagedCertificates.Settings("jig-system", "jig-webhook-self-managed-tls",
            "jig-webhook", List.of(WebhookConfigurations.NAME), new RenewalPolicy(Duration.ofHours(1), Duration.ofMinutes(45)));
    private static final WebhookRules RULES = new WebhookRules(WebhookSettings.defaults());

    @Test
    void servesWithItsOwnCertificateOnceTrustedAndRenewsWithoutARestart() throws Exception {
        Instant t0 = Instant.now();
        MovableClock clock = new MovableClock(t0);
        WebhookMetrics metrics = new WebhookMetrics();
        try (SelfManagedCertificates certificates = new SelfManagedCertificates(client, SETTINGS, clock, metrics);
             WebhookServer webhook = WebhookServer.start(new WebhookServer.Options("127.0.0.1", 0,
                     new WebhookServer.Tls.Supplied(certificates.firstKeyStore()), Duration.ofSeconds(5), false),
                     in -> RULES.validate(in, Optional.of(Acme.view())), in -> RULES.mutate(in, Optional.of(Acme.view())),
                     certificates::notReadyBecause, metrics)) {
            certificates.start(webhook.serving(), Duration.ofMillis(100));
            X509Certificate first = webhook.serving().chain().get(0);

            // no webhook configurations yet: the certificate is made, but nobody trusts it
            Thread.sleep(300);
            assertThat(certificates.ready()).isFalse();
            assertThat(get(webhook, TestCertificates.trusting(caOf(first)), "/readyz")).startsWith("HTTP/1.1 503")
                    .contains("do not trust the serving certificate yet: webhook configuration jig-webhook not found");

            WebhookConfigurations.create(client);
            await(certificates::ready);
            SSLContext trustBundle = TestCertificates.trusting(WebhookConfigurations.bundle(
                    WebhookConfigurations.validating(client).getWebhooks().get(0).getClientConfig()).toArray(X509Certificate[]::new));
            assertThat(get(webhook, trustBundle, "/readyz")).startsWith("HTTP/1.1 200");
            assertThat(served(webhook, trustBundle)).isEqualTo(first);
            String response = post(webhook, trustBundle, "/validate",
                    Requests.review(Requests.pod(Operation.CREATE, Pods.steered(Pods.pod("storefront", "r"), "storefront", false), null)));
            assertThat(response).startsWith("HTTP/1.1 200").contains("\"kind\":\"AdmissionReview\"").contains("\"allowed\":true");
            assertThat(metrics.scrape()).contains("jig_webhook_tls_trusted 1.0");

            // the serving certificate is due: the next handshake presents the renewed one, same CA
            clock.set(RenewalPolicy.renewAt(first));
            await(() -> !webhook.serving().chain().get(0).equals(first));
            X509Certificate second = served(webhook, trustBundle);
            assertThat(second).isNotEqualTo(first).isEqualTo(webhook.serving().chain().get(0));
            assertThat(CertificateIssuer.signedBy(second, caOf(first))).isTrue();
            assertThat(post(webhook, trustBundle, "/validate", Requests.review(Requests.pod(Operation.CREATE, Pods.pod("kube-system", "dns"), null))))
                    .contains("\"allowed\":true");

            // the CA is due: both CAs are trusted first, the serving certificate stays the old CA's ...
            X509Certificate oldCa = caOf(first);
            clock.set(RenewalPolicy.renewAt(oldCa));
            await(() -> WebhookConfigurations.clientConfigs(client).stream().allMatch(c -> WebhookConfigurations.bundle(c).size() == 2));
            List<X509Certificate> both = WebhookConfigurations.bundle(WebhookConfigurations.mutating(client).getWebhooks().get(1).getClientConfig());
            assertThat(both).endsWith(oldCa);
            assertThat(served(webhook, trustBundle)).as("the old bundle still works during the overlap").isEqualTo(second);

            // ... and a settle after the configurations were first seen trusting the new CA, it signs the serving certificate
            await(() -> secret().trustedSince().isPresent() && secret().material().orElseThrow().ca().equals(both.get(0)));
            assertThat(secret().trustedSince()).hasValue(clock.instant());
            clock.advance(RenewalPolicy.SETTLE.minusSeconds(1));
            Thread.sleep(300);
            assertThat(webhook.serving().chain().get(0)).as("not settled yet").isEqualTo(second);
            clock.advance(Duration.ofSeconds(1));
            await(() -> CertificateIssuer.signedBy(webhook.serving().chain().get(0), both.get(0)));
            await(certificates::ready);
            SSLContext trustBoth = TestCertificates.trusting(both.toArray(X509Certificate[]::new));
            X509Certificate third = served(webhook, trustBoth);
            assertThat(CertificateIssuer.signedBy(third, both.get(0))).isTrue();
            assertThat(post(webhook, trustBoth, "/mutate", Requests.review(Requests.pod(Operation.CREATE, Pods.pod("kube-system", "dns"), null))))
                    .startsWith("HTTP/1.1 200");
            assertThatThrownBy(() -> served(webhook, trustBundle)).as("the old CA alone no longer verifies it")
                    .isInstanceOf(SSLHandshakeException.class);
            assertThat(webhook.serving().swaps()).isEqualTo(2);
        }
    }

    private static CertificateSecret.Stored secret() {
        return new CertificateSecret(client, "jig-system", "jig-webhook-self-managed-tls").read().orElseThrow();
    }

    /** The CA in the Secret's bundle that signed {@code serving}. */
    private static X509Certificate caOf(X509Certificate serving) {
        return new CertificateSecret(client, "jig-system", "jig-webhook-self-managed-tls").read().orElseThrow().material().orElseThrow().trusted().stream()
                .filter(ca -> CertificateIssuer.signedBy(serving, ca)).findFirst().orElseThrow();
    }

    /** A TLS connection as the API server makes it: to the pod's address, verifying the Service's DNS name. */
    private static SSLSocket connect(WebhookServer webhook, SSLContext trust) throws Exception {
        Socket plain = new Socket();
        plain.connect(new InetSocketAddress("127.0.0.1", webhook.port()), 5000);
        SSLSocket socket = (SSLSocket) trust.getSocketFactory().createSocket(plain, HOST, webhook.port(), true);
        SSLParameters params = socket.getSSLParameters();
        params.setEndpointIdentificationAlgorithm("HTTPS");
        params.setServerNames(List.of(new SNIHostName(HOST)));
        socket.setSSLParameters(params);
        socket.setSoTimeout(10_000);
        socket.startHandshake();
        return socket;
    }

    private static X509Certificate served(WebhookServer webhook, SSLContext trust) throws Exception {
        try (SSLSocket socket = connect(webhook, trust)) {
            return (X509Certificate) socket.getSession().getPeerCertificates()[0];
        }
    }

    private static String get(WebhookServer webhook, SSLContext trust, String path) throws Exception {
        return exchange(webhook, trust, "GET " + path + " HTTP/1.1\r\nHost: " + HOST + "\r\nConnection: close\r\n\r\n");
    }

    private static String post(WebhookServer webhook, SSLContext trust, String path, String body) throws Exception {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        return exchange(webhook, trust, "POST " + path + " HTTP/1.1\r\nHost: " + HOST + "\r\nContent-Type: application/json\r\nContent-Length: "
                + bytes.length + "\r\nConnection: close\r\n\r\n" + body);
    }

    private static String exchange(WebhookServer webhook, SSLContext trust, String request) throws Exception {
        try (SSLSocket socket = connect(webhook, trust)) {
            OutputStream out = socket.getOutputStream();
            out.write(request.getBytes(StandardCharsets.UTF_8));
            out.flush();
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream response = new ByteArrayOutputStream();
            in.transferTo(response);
            return response.toString(StandardCharsets.UTF_8);
        }
    }

    private static void await(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("condition not met in 20 s");
            Thread.sleep(20);
        }
    }
}
