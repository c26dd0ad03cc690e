package dev.jig.controller.app;

import dev.jig.controller.loop.Reconciler;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectReferenceBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Finds Karpenter's own controller running beside Jig's, which would act on the same NodePools and NodeClaims (two
 * controllers launching for one pending pod, each disrupting the other's nodes): a Deployment labelled
 * {@code app.kubernetes.io/name: karpenter} with replicas, in any namespace (as Karpenter's chart installs it); its
 * held {@code karpenter-leader-election} Lease in the Deployment's namespace says it is running.
 * Found, it says so loudly: an error log line, the gauge {@code jig_karpenter_controller_detected} (1; 0 when none,
 * -1 when it could not look, for want of permission), and a Warning Event {@code KarpenterControllerDetected} on the
 * Deployment. Runs at start and then every {@link #PERIOD}.
 */
final class KarpenterDetector implements Reconciler {

    private static final Logger LOG = LoggerFactory.getLogger(KarpenterDetector.class);
    static final Duration PERIOD = Duration.ofMinutes(5);
    static final String NAME_LABEL = dev.jig.api.karpenter.WellKnownLabels.APP_NAME;

    private final KubernetesClient client;
    private final AtomicInteger detected = new AtomicInteger(0);
    private String reported;

    KarpenterDetector(KubernetesClient client, MeterRegistry registry) {
        this.client = client;
        Gauge.builder("jig.karpenter.controller.detected", detected, AtomicInteger::get)
                .description("1 when Karpenter's own controller runs beside Jig's (a Deployment or its leader Lease), 0 when not, -1 when it could not be checked")
                .register(registry);
    }

    @Override
    public String name() {
        return "karpenter-detector";
    }

    @Override
    public void reconcile() {
        List<HasMetadata> found;
        try {
            found = find();
        } catch (KubernetesClientException e) {
            detected.set(-1);
            if (!"unknown".equals(reported)) {
                LOG.atWarn().addKeyValue("event", "karpenter-check-failed").log("could not check for a Karpenter controller beside Jig's (HTTP {}): {}",
                        e.getCode(), e.getMessage());
                reported = "unknown";
            }
            return;
        }
        detected.set(found.isEmpty() ? 0 : 1);
        String what = describe(found);
        if (found.isEmpty() || what.equals(reported)) {
            if (found.isEmpty()) reported = null;
            return;
        }
        reported = what;
        LOG.atError().addKeyValue("event", "karpenter-detected").addKeyValue("objects", what)
                .log("Karpenter's own controller runs beside Jig's ({}): both act on the same NodePools and NodeClaims; scale it to 0 or uninstall it", what);
        for (HasMetadata o : found) event(o);
    }

    /** Karpenter Deployments with replicas, in every namespace. */
    List<HasMetadata> find() {
        List<HasMetadata> out = new ArrayList<>();
        for (Deployment d : client.apps().deployments().inAnyNamespace().withLabel(NAME_LABEL, "karpenter").list().getItems()) {
            Integer replicas = d.getSpec() == null ? null : d.getSpec().getReplicas();
            if (replicas == null || replicas > 0) out.add(d);
        }
        return out;
    }

    private static String describe(List<HasMetadata> found) {
        List<String> out = new ArrayList<>();
        for (HasMetadata o : found) out.add(o.getKind() + " " + o.getMetadata().getNamespace() + "/" + o.getMetadata().getName());
        return String.join(", ", out);
    }

    private void event(HasMetadata o) {
        String now = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        try {
            client.v1().events().inNamespace(o.getMetadata().getNamespace()).resource(new io.fabric8.kubernetes.api.model.EventBuilder()
                    .withNewMetadata().withGenerateName("karpenter-detected-").withNamespace(o.getMetadata().getNamespace()).endMetadata()
                    .withInvolvedObject(new ObjectReferenceBuilder().withApiVersion(o.getApiVersion()).withKind(o.getKind())
                            .withNamespace(o.getMetadata().getNamespace()).withName(o.getMetadata().getName()).withUid(o.getMetadata().getUid()).build())
                    .withType("Warning").withReason("KarpenterControllerDetected")
                    .withMessage("Karpenter's own controller runs beside Jig's: both act on the same NodePools and NodeClaims; scale it to 0 or uninstall it")
                    .withFirstTimestamp(now).withLastTimestamp(now).withCount(1).withNewSource().withComponent("jig-controller").endSource().build())
                    .create();
        } catch (KubernetesClientException e) {
            LOG.atWarn().addKeyValue("event", "event-not-recorded").log("could not record the KarpenterControllerDetected Event: {}", e.getMessage());
        }
    }

    /** The gauge's value: 1 found, 0 none, -1 unknown. */
    int detected() {
        return detected.get();
    }

    Optional<String> reported() {
        return Optional.ofNullable(reported);
    }
}
