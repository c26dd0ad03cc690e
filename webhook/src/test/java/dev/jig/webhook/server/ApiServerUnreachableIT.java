package dev.jig.webhook.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jig.webhook.admission.WebhookSettings;
import dev.jig.webhook.kube.CertificateSecret;
import dev.jig.webhook.kube.SelfManagedCertificates;
import dev.jig.webhook.metrics.WebhookMetrics;
import dev.jig.webhook.rules.WebhookRules;
import dev.jig.webhook.testing.Acme;
import dev.jig.webhook.testing.MovableClock;
import dev.jig.webhook.testing.WebhookConfigurations;
import dev.jig.webhook.tls.RenewalPolicy;
import dev.jig.webhook.tls.ServingMaterial;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.function.BooleanSupplier;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;
import org.junit.jupiter.api.Test;

/**
 * The self-managed mode when the API server does not answer at start: the client reaches it
 * through a proxy that accepts connections and stalls them. The webhook starts anyway with a
 * throwaway certificate, answers {@code /healthz} (so the liveness probe leaves it alone) and is
 * not ready; once the proxy lets the stalled connections through, the Secret is created, its
 * certificate is swapped into the running server and the webhook becomes ready, no restart.
 */
@EnableKubernetesMockClient(crud = true)
class ApiServerUnreachableIT {

    static KubernetesClient client;

    private static final SelfManagedCertificates.Settings SETTINGS = new SelfManagedCertificates.Settings("jig-system",
            "jig-webhook-self-managed-tls", "jig-webhook", List.of(WebhookConfigurations.NAME), RenewalPolicy.defaults());
    private static final WebhookRules RULES = new WebhookRules(WebhookSettings.defaults());

    @Test
    void startsNotReadyWithAThrowawayCertificateAndSwapsInTheSecretsOnceTheApiServerAnswers() throws Exception {
        WebhookConfigurations.create(client);
        URI api = URI.create(client.getConfiguration().getMasterUrl());
        try (StallingProxy proxy = new StallingProxy(api.getPort());
             KubernetesClient stalled = new KubernetesClientBuilder().withConfig(new ConfigBuilder(client.getConfiguration())
                     .withMasterUrl(api.getScheme() + "://" + api.getHost() + ":" + proxy.port() + "/").build()).build()) {
            WebhookMetrics metrics = new WebhookMetrics();
            Instant started = Instant.now();
            try (SelfManagedCertificates certificates = new SelfManagedCertificates(stalled, SETTINGS, new MovableClock(Instant.now()), metrics,
                    Duration.ofMillis(500));
                 WebhookServer webhook = WebhookServer.start(new WebhookServer.Options("127.0.0.1", 0,
                         new WebhookServer.Tls.Supplied(certificates.firstKeyStore()), Duration.ofSeconds(5), false),
                         in -> RULES.validate(in, Optional.of(Acme.view())), in -> RULES.mutate(in, Optional.of(Acme.view())),
                         certificates::notReadyBecause, metrics)) {
                assertThat(Duration.between(started, Instant.now())).as("the start does not block on the API server").isLessThan(Duration.ofSeconds(5));
                certificates.start(webhook.serving(), Duration.ofMillis(100));
                X509Certificate throwaway = webhook.serving().chain().get(0);
                assertThat(client.secrets().inNamespace("jig-system").withName(SETTINGS.secret()).get()).as("nothing reached the API server").isNull();

                assertThat(get(webhook, "/healthz")).startsWith("HTTP/1.1 200");
                assertThat(get(webhook, "/readyz")).startsWith("HTTP/1.1 503").contains("did not answer within 0.5 s");
                assertThat(certificates.ready()).isFalse();
                assertThat(served(webhook)).isEqualTo(throwaway);

                proxy.release();
                await(certificates::ready);
                ServingMaterial inSecret = new CertificateSecret(client, "jig-system", SETTINGS.secret()).read().orElseThrow().material().orElseThrow();
                assertThat(inSecret.serving()).isNotEqualTo(throwaway);
                assertThat(webhook.serving().chain()).containsExactly(inSecret.serving());
                assertThat(served(webhook)).as("the next handshake presents the Secret's certificate").isEqualTo(inSecret.serving());
                assertThat(webhook.serving().swaps()).isEqualTo(1);
                assertThat(get(webhook, "/readyz")).startsWith("HTTP/1.1 200");
            }
        }
    }

    /** Accepts connections at once and holds them, unanswered, until {@link #release()}; then forwards them to {@code target}. */
    private static final class StallingProxy implements AutoCloseable {

        private final ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        private final CountDownLatch released = new CountDownLatch(1);
        private final List<Socket> sockets = new CopyOnWriteArrayList<>();
        private final int target;

        StallingProxy(int target) throws IOException {
            this.target = target;
            daemon(this::accept);
        }

        private static void daemon(Runnable r) {
            Thread t = new Thread(r, "stalling-proxy");
            t.setDaemon(true);
            t.start();
        }

        int port() {
            return listener.getLocalPort();
        }

        void release() {
            released.countDown();
        }

        private void accept() {
            while (!listener.isClosed()) {
                try {
                    Socket in = listener.accept();
                    sockets.add(in);
                    daemon(() -> forward(in));
                } catch (IOException e) {
                    return;
                }
            }
        }

        private void forward(Socket in) {
            try {
                released.await();
                Socket out = new Socket(InetAddress.getLoopbackAddress(), target);
                sockets.add(out);
                daemon(() -> pipe(out, in));
                pipe(in, out);
            } catch (IOException | InterruptedException e) {
                // the connection ends
            }
        }

        private static void pipe(Socket from, Socket to) {
            try (InputStream i = from.getInputStream(); OutputStream o = to.getOutputStream()) {
                i.transferTo(o);
            } catch (IOException e) {
                // closed
            } finally {
                try {
                    from.close();
                    to.close();
                } catch (IOException e) {
                    // closed already
                }
            }
        }

        @Override
        public void close() throws IOException {
            released.countDown();
            listener.close();
            for (Socket s : sockets) s.close();
        }
    }

    /** Trusts any certificate: the throwaway one is signed by a CA nobody has. */
    private static SSLContext trustAll() throws Exception {
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(null, new TrustManager[] {new X509TrustManager() {
            @Override
            public void checkClientTrusted(X509Certificate[] chain, String authType) {
            }

            @Override
            public void checkServerTrusted(X509Certificate[] chain, String authType) {
            }

            @Override
            public X509Certificate[] getAcceptedIssuers() {
                return new X509Certificate[0];
            }
        }}, null);
        return ctx;
    }

    private static SSLSocket connect(WebhookServer webhook) throws Exception {
        Socket plain = new Socket();
        plain.connect(new InetSocketAddress("127.0.0.1", webhook.port()), 5000);
        SSLSocket socket = (SSLSocket) trustAll().getSocketFactory().createSocket(plain, "127.0.0.1", webhook.port(), true);
        socket.setSoTimeout(10_000);
        socket.startHandshake();
        return socket;
    }

    private static X509Certificate served(WebhookServer webhook) throws Exception {
        try (SSLSocket socket = connect(webhook)) {
            return (X509Certificate) socket.getSession().getPeerCertificates()[0];
        }
    }

    private static String get(WebhookServer webhook, String path) throws Exception {
        try (SSLSocket socket = connect(webhook)) {
            OutputStream out = socket.getOutputStream();
            out.write(("GET " + path + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
            ByteArrayOutputStream response = new ByteArrayOutputStream();
            socket.getInputStream().transferTo(response);
            return response.toString(StandardCharsets.UTF_8);
        }
    }

    private static void await(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("condition not met in 30 s");
            Thread.sleep(50);
        }
    }
}
