package dev.jig.webhook.kube;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jig.webhook.metrics.WebhookMetrics;
import dev.jig.webhook.testing.MovableClock;
import dev.jig.webhook.testing.WebhookConfigurations;
import dev.jig.webhook.tls.RenewalPolicy;
import dev.jig.webhook.tls.ServingCertificate;
import dev.jig.webhook.tls.ServingMaterial;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.MutatingWebhookConfigurationBuilder;
import dev.jig.webhook.tls.CertificateIssuer;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The self-managed Secret between three replicas against the mock API server (CRUD mode): the
 * API server arbitrates creation and every update is made at the version read, so all replicas
 * end with one CA and one serving certificate, at start and at a renewal.
 */
@EnableKubernetesMockClient(crud = true)
class CertificateSecretIT {

    static KubernetesClient client;

    private static final String NS = "jig-system";
    private static final Instant START = Instant.parse("2026-11-25T12:00:00Z");
    private static final SelfManagedCertificates.Settings SETTINGS = settings("jig-webhook-tls");

    private final ExecutorService pool = Executors.newFixedThreadPool(3);
    private final List<KubernetesClient> replicas = IntStream.range(0, 3)
            .mapToObj(i -> new KubernetesClientBuilder().withConfig(client.getConfiguration()).build()).toList();

    @AfterEach
    void close() {
        pool.shutdownNow();
        replicas.forEach(KubernetesClient::close);
    }

    /** Runs {@code task(i)} for the three replicas at once, released together by a barrier. */
    private <T> List<T> race(java.util.function.IntFunction<Callable<T>> task) throws Exception {
        CyclicBarrier start = new CyclicBarrier(3);
        List<Future<T>> futures = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Callable<T> c = task.apply(i);
            futures.add(pool.submit(() -> {
                start.await();
                return c.call();
            }));
        }
        List<T> out = new ArrayList<>();
        for (Future<T> f : futures) out.add(f.get());
        return out;
    }

    @Test
    void threeReplicasCreatingAtOnceAllAdoptTheWinnersSecret() throws Exception {
        List<ServingMaterial> candidates = IntStream.range(0, 3).mapToObj(i -> RenewalPolicy.defaults().initial(START, SETTINGS.dnsNames())).toList();
        List<CertificateSecret.Stored> results = race(i -> () -> new CertificateSecret(replicas.get(i), NS, "race").createOrAdopt(candidates.get(i)));

        List<ServingMaterial> kept = results.stream().map(r -> r.material().orElseThrow()).toList();
        X509Certificate ca = kept.get(0).ca();
        assertThat(kept).allSatisfy(m -> {
            assertThat(m.ca()).isEqualTo(ca);
            assertThat(m.serving()).isEqualTo(kept.get(0).serving());
        });
        assertThat(IntStream.range(0, 3).filter(i -> candidates.get(i).ca().equals(ca)).count()).as("exactly one replica won").isEqualTo(1);
        Secret stored = client.secrets().inNamespace(NS).withName("race").get();
        assertThat(stored.getType()).isEqualTo("kubernetes.io/tls");
        assertThat(stored.getData()).containsOnlyKeys("tls.crt", "tls.key", "ca.crt", "ca.key");
        assertThat(new CertificateSecret(client, NS, "race").read().orElseThrow().material().orElseThrow().ca()).isEqualTo(ca);
    }

    @Test
    void threeReplicasStartingTogetherServeTheSameCaAndCertificate() throws Exception {
        MovableClock clock = new MovableClock(START);
        SelfManagedCertificates.Settings settings = settings("start");
        List<SelfManagedCertificates> certs = replicas.stream()
                .map(k -> new SelfManagedCertificates(k, settings, clock, new WebhookMetrics())).toList();
        List<X509Certificate> served = race(i -> () -> certs.get(i).firstKeyStore().chain().get(0));
        assertThat(served).hasSize(3).allMatch(c -> c.equals(served.get(0)));
        ServingMaterial inSecret = new CertificateSecret(client, NS, settings.secret()).read().orElseThrow().material().orElseThrow();
        assertThat(served.get(0)).isEqualTo(inSecret.serving());
    }

    @Test
    void aRenewalDueOnThreeReplicasAtOnceHappensOnceAndAllServeIt() throws Exception {
        WebhookConfigurations.create(client);
        MovableClock clock = new MovableClock(START);
        SelfManagedCertificates.Settings settings = settings("renewal");
        List<SelfManagedCertificates> certs = replicas.stream()
                .map(k -> new SelfManagedCertificates(k, settings, clock, new WebhookMetrics())).toList();
        List<ServingCertificate> serving = new ArrayList<>();
        for (SelfManagedCertificates c : certs) {
            ServingCertificate s = new ServingCertificate(c.firstKeyStore());
            serving.add(s);
            c.start(s, Duration.ofHours(1));
        }
        CertificateSecret secret = new CertificateSecret(client, NS, settings.secret());
        ServingMaterial before = secret.read().orElseThrow().material().orElseThrow();
        // the replicas' first reconciles race on the caBundle patch (its resourceVersion test refuses all but one),
        // so a replica may need its next period to see the bundle; run those periods here instead of waiting an hour
        await(() -> certs.stream().map(c -> c.ready() || c.reconcile()).reduce(true, Boolean::logicalAnd));

        clock.set(RenewalPolicy.renewAt(before.serving()));
        ch.qos.logback.classic.Logger log = (ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory.getLogger(SelfManagedCertificates.class);
        ch.qos.logback.core.read.ListAppender<ch.qos.logback.classic.spi.ILoggingEvent> events = new ch.qos.logback.core.read.ListAppender<>();
        events.start();
        log.addAppender(events);
        List<Boolean> ready;
        try {
            ready = race(i -> certs.get(i)::reconcile);
            certs.forEach(SelfManagedCertificates::reconcile);
        } finally {
            log.detachAppender(events);
        }
        assertThat(events.list.stream().filter(e -> e.getKeyValuePairs().toString().contains("tls-renewed"))).as("one replica renews").hasSize(1);

        ServingMaterial after = secret.read().orElseThrow().material().orElseThrow();
        assertThat(after.serving()).isNotEqualTo(before.serving());
        assertThat(after.ca()).isEqualTo(before.ca());
        assertThat(serving).allSatisfy(s -> assertThat(s.chain()).containsExactly(after.serving()));
        assertThat(ready).containsOnly(true);
        assertThat(certs).allMatch(SelfManagedCertificates::ready);
        certs.forEach(SelfManagedCertificates::close);
    }

    @Test
    void anUpdateAtAStaleVersionIsRefused() {
        CertificateSecret secret = new CertificateSecret(client, NS, "stale");
        CertificateSecret.Stored first = secret.createOrAdopt(RenewalPolicy.defaults().initial(START, SETTINGS.dnsNames()));
        ServingMaterial next = RenewalPolicy.defaults().initial(START, SETTINGS.dnsNames());
        CertificateSecret.Stored second = secret.replace(first, next).orElseThrow();
        assertThat(second.resourceVersion()).isNotEqualTo(first.resourceVersion());
        assertThat(secret.replace(first, RenewalPolicy.defaults().initial(START, SETTINGS.dnsNames()))).as("409 at the old version").isEmpty();
        assertThat(secret.read().orElseThrow().material().orElseThrow().ca()).isEqualTo(next.ca());

    }

    @Test
    void aSecretWithoutOurManagedByLabelIsNeverReplacedAndItStaysNotReady() {
        // cert-manager's Secret under the same name: a serving pair and ca.crt, but no ca.key
        ServingMaterial theirs = RenewalPolicy.defaults().initial(START, SETTINGS.dnsNames());
        Secret foreign = client.secrets().inNamespace(NS).resource(new SecretBuilder().withNewMetadata().withName("foreign").withNamespace(NS)
                .addToLabels("app.kubernetes.io/managed-by", "cert-manager").endMetadata().withType("kubernetes.io/tls")
                .addToData("tls.crt", b64(theirs.pemData().get("tls.crt"))).addToData("tls.key", b64(theirs.pemData().get("tls.key")))
                .addToData("ca.crt", b64(theirs.bundlePem())).build()).create();
        SelfManagedCertificates certs = new SelfManagedCertificates(client, settings("foreign"), new MovableClock(START), new WebhookMetrics());
        ServingCertificate serving = new ServingCertificate(certs.firstKeyStore());
        certs.start(serving, Duration.ofHours(1));
        assertThat(certs.reconcile()).isFalse();
        Secret after = client.secrets().inNamespace(NS).withName("foreign").get();
        assertThat(after.getMetadata().getResourceVersion()).as("never written").isEqualTo(foreign.getMetadata().getResourceVersion());
        assertThat(after.getData()).isEqualTo(foreign.getData());
        assertThat(certs.notReadyBecause()).hasValueSatisfying(r -> assertThat(r).contains("not managed by jig-webhook"));
        certs.close();
    }

    @Test
    void itsOwnUnusableSecretIsReplacedAndTheOldCaStaysTrustedDuringTheSwitch() {
        ServingMaterial old = RenewalPolicy.defaults().initial(START, SETTINGS.dnsNames());
        client.secrets().inNamespace(NS).resource(new SecretBuilder().withNewMetadata().withName("unusable").withNamespace(NS)
                .addToLabels("app.kubernetes.io/managed-by", "jig-webhook").endMetadata().withType("kubernetes.io/tls")
                .addToData("tls.crt", b64(old.pemData().get("tls.crt"))).addToData("tls.key", b64(old.pemData().get("tls.key")))
                .addToData("ca.crt", b64(old.bundlePem())).addToData("ca.key", "").build()).create();
        SelfManagedCertificates certs = new SelfManagedCertificates(client, settings("unusable"), new MovableClock(START), new WebhookMetrics());
        X509Certificate served = certs.firstKeyStore().chain().get(0);
        ServingMaterial replaced = new CertificateSecret(client, NS, "unusable").read().orElseThrow().material().orElseThrow();
        assertThat(replaced.serving()).isEqualTo(served);
        assertThat(replaced.ca()).isNotEqualTo(old.ca());
        assertThat(replaced.trusted()).as("replicas still serving the old certificate stay trusted").containsExactly(replaced.ca(), old.ca());
        certs.close();
    }

    @Test
    void aReplacementKeepsTheLabelsAndAnnotationsOthersPutOnTheSecret() {
        CertificateSecret secret = new CertificateSecret(client, NS, "annotated");
        secret.createOrAdopt(RenewalPolicy.defaults().initial(START, SETTINGS.dnsNames()));
        client.secrets().inNamespace(NS).withName("annotated").edit(s -> new SecretBuilder(s).editMetadata().addToLabels("team", "platform")
                .addToAnnotations("backup.example.com/exclude", "true").endMetadata().build());
        ServingMaterial next = RenewalPolicy.defaults().initial(START, SETTINGS.dnsNames());
        secret.replace(secret.read().orElseThrow(), next).orElseThrow();
        Secret after = client.secrets().inNamespace(NS).withName("annotated").get();
        assertThat(after.getMetadata().getLabels()).containsEntry("team", "platform").containsEntry("app.kubernetes.io/managed-by", "jig-webhook");
        assertThat(after.getMetadata().getAnnotations()).containsEntry("backup.example.com/exclude", "true");
        assertThat(secret.read().orElseThrow().material().orElseThrow().ca()).isEqualTo(next.ca());
    }

    @Test
    void aNewCaSignsOnlyASettleAfterTheConfigurationsWereFirstSeenTrustingIt() throws Exception {
        MovableClock clock = new MovableClock(START);
        SelfManagedCertificates.Settings settings = new SelfManagedCertificates.Settings(NS, "settle", "jig-webhook", List.of("settle-late"),
                new RenewalPolicy(Duration.ofDays(30), Duration.ofDays(30)));
        SelfManagedCertificates certs = new SelfManagedCertificates(client, settings, clock, new WebhookMetrics());
        ServingCertificate serving = new ServingCertificate(certs.firstKeyStore());
        certs.start(serving, Duration.ofHours(1));
        CertificateSecret secret = new CertificateSecret(client, NS, "settle");
        assertThat(certs.reconcile()).as("no configuration yet").isFalse();
        assertThat(secret.read().orElseThrow().trustedSince()).isEmpty();
        createLateConfiguration();
        assertThat(certs.reconcile()).isTrue();
        assertThat(secret.read().orElseThrow().trustedSince()).hasValue(START);
        assertThat(client.secrets().inNamespace(NS).withName("settle").get().getMetadata().getAnnotations())
                .containsEntry("jig.dev/ca-trusted-since", START.toString());

        // the CA is due: a new CA joins the bundle, and the trust recorded for the old one goes
        ServingMaterial before = secret.read().orElseThrow().material().orElseThrow();
        Instant caDue = RenewalPolicy.renewAt(before.ca());
        clock.set(caDue);
        certs.reconcile();
        ServingMaterial rotated = secret.read().orElseThrow().material().orElseThrow();
        assertThat(rotated.ca()).isNotEqualTo(before.ca());
        // the configurations disappear for ten minutes before they can carry the new CA
        client.admissionRegistration().v1().mutatingWebhookConfigurations().withName("settle-late").delete();
        await(() -> client.admissionRegistration().v1().mutatingWebhookConfigurations().withName("settle-late").get() == null);
        clock.set(caDue.plusSeconds(1));
        assertThat(certs.reconcile()).isFalse();
        assertThat(secret.read().orElseThrow().trustedSince()).isEmpty();
        Instant seen = caDue.plus(Duration.ofMinutes(10));
        clock.set(seen);
        createLateConfiguration();
        certs.reconcile();
        assertThat(secret.read().orElseThrow().trustedSince()).hasValue(seen);
        clock.set(seen.plusSeconds(1));
        certs.reconcile();
        assertThat(serving.chain().get(0)).as("the new CA is old enough, its trust is not").isEqualTo(before.serving());
        clock.set(seen.plus(RenewalPolicy.SETTLE));
        certs.reconcile();
        assertThat(CertificateIssuer.signedBy(serving.chain().get(0), rotated.ca())).isTrue();
        assertThat(certs.ready()).isTrue();
        certs.close();
    }

    private static void createLateConfiguration() {
        client.resource(new MutatingWebhookConfigurationBuilder().withNewMetadata().withName("settle-late").endMetadata()
                .addNewWebhook().withName("pods.jig.dev").withNewClientConfig().withNewService().withNamespace(NS).withName("jig-webhook")
                .endService().endClientConfig().withAdmissionReviewVersions("v1").withSideEffects("None").endWebhook().build()).create();
    }

    private static String b64(String pem) {
        return Base64.getEncoder().encodeToString(pem.getBytes(StandardCharsets.US_ASCII));
    }

    /** The mock API server lives as long as the class, so every test keeps its own Secret. */
    private static SelfManagedCertificates.Settings settings(String secret) {
        return new SelfManagedCertificates.Settings(NS, secret, "jig-webhook", List.of(WebhookConfigurations.NAME), RenewalPolicy.defaults());
    }

    static void await(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("condition not met in 20 s");
            Thread.sleep(20);
        }
    }
}
