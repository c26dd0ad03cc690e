package dev.jig.controller.kube;

import dev.jig.api.karpenter.ApiGroups;
import dev.jig.controller.state.ObjectEvent;
import io.fabric8.kubernetes.api.model.EventBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Writes the controller's Kubernetes Events: one core/v1 Event per {@link ObjectEvent}, named as the API server's
 * recorder names them ({@code <object>.<hex nanos>}). A Pod's goes in the pod's namespace with the pod (and its uid,
 * so {@code kubectl describe pod} lists it) as involvedObject; those of the cluster-scoped Node, NodeClaim and
 * EC2NodeClass in {@code default}, where Kubernetes puts them. A refused write is logged and dropped: an Event is worth
 * a log line, never a failed reconcile.
 */
public final class KubeEvents {

    /** The component the Events name as their source. */
    public static final String SOURCE = "jig-controller";
    private static final Logger LOG = LoggerFactory.getLogger(KubeEvents.class);
    private static final AtomicLong SEQUENCE = new AtomicLong();

    private KubeEvents() {
    }

    public static void record(KubernetesClient client, ObjectEvent event) {
        String now = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        String namespace = event.namespace() == null ? "default" : event.namespace();
        try {
            client.v1().events().inNamespace(namespace).resource(new EventBuilder()
                    .withNewMetadata().withName(event.name() + "." + Long.toHexString(System.nanoTime() + SEQUENCE.incrementAndGet()))
                    .withNamespace(namespace).endMetadata()
                    .withNewInvolvedObject().withApiVersion(apiVersion(event.kind())).withKind(event.kind()).withNamespace(event.namespace())
                    .withName(event.name()).withUid(event.uid()).endInvolvedObject()
                    .withType(event.type()).withReason(event.reason()).withMessage(event.message()).withCount(1)
                    .withFirstTimestamp(now).withLastTimestamp(now).withReportingComponent(SOURCE).withReportingInstance(SOURCE)
                    .withNewSource().withComponent(SOURCE).endSource().build()).create();
        } catch (KubernetesClientException e) {
            LOG.atWarn().addKeyValue("event", "event-not-recorded").addKeyValue("reason", event.reason())
                    .log("could not record the Event {} on {} {}: {}", event.reason(), event.kind(),
                            event.namespace() == null ? event.name() : event.namespace() + "/" + event.name(), KubeFailures.describe(e));
        }
    }

    private static String apiVersion(String kind) {
        return switch (kind) {
            case ObjectEvent.NODE_CLAIM -> ApiGroups.KARPENTER_V1;
            case ObjectEvent.NODE_CLASS -> ApiGroups.KARPENTER_AWS_V1;
            default -> "v1";
        };
    }
}
