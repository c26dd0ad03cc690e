package dev.jig.aws.kube;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.ec2.NodeClass;
import dev.jig.aws.nodeclass.NodeClassResolutions;
import dev.jig.aws.nodeclass.NodeClassStatus;
import dev.jig.controller.kube.KubeCluster;
import dev.jig.controller.loop.Reconciler;
import dev.jig.controller.manifest.KarpenterManifests;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes every EC2NodeClass's {@code status} (Karpenter's node class status controller): what its
 * selectors resolve to and its {@code Ready} conditions, so {@code kubectl get ec2nodeclass} shows
 * what Karpenter would. The resolution is the last one {@link NodeClassResolutions} keeps, so this
 * makes no EC2 or IAM call but a node class's first resolution; a refresh that failed shows as the
 * {@code SelectorsRefreshed} condition. Runs at most once per {@code period} however often the loop calls it, writes
 * only when the status changes, and leaves a status alone when a first resolution cannot ask EC2 or IAM (counted in
 * {@code jig_aws_nodeclass_status_failures_total}); a node class that is not ready is counted in
 * {@code jig_aws_nodeclass_not_ready_total} each time it is found so.
 */
public final class NodeClassStatusReconciler implements Reconciler {

    private static final Logger LOG = LoggerFactory.getLogger(NodeClassStatusReconciler.class);

    private final KubernetesClient client;
    private final NodeClassResolutions resolutions;
    private final Clock clock;
    private final Duration period;
    private final Counter failures;
    private final Counter notReady;
    private Instant next = Instant.MIN;

    public NodeClassStatusReconciler(KubernetesClient client, NodeClassResolutions resolutions, Clock clock, Duration period, MeterRegistry registry) {
        this.client = client;
        this.resolutions = resolutions;
        this.clock = clock;
        this.period = period;
        this.failures = Counter.builder("jig_aws_nodeclass_status_failures_total").description("EC2NodeClass status updates that could not resolve or write").register(registry);
        this.notReady = Counter.builder("jig_aws_nodeclass_not_ready_total").description("EC2NodeClasses found not ready").register(registry);
    }

    @Override
    public String name() {
        return "nodeclass-status";
    }

    @Override
    public void reconcile() {
        Instant now = clock.instant();
        if (now.isBefore(next)) return;
        next = now.plus(period);
        for (GenericKubernetesResource r : client.genericKubernetesResources(KubeCluster.NODE_CLASSES).list().getItems()) {
            JsonNode object = client.getKubernetesSerialization().convertValue(r, JsonNode.class);
            try {
                update(r, object, now);
            } catch (RuntimeException e) {
                // one node class that cannot be read, resolved or written never stops the others' status
                failures.increment();
                LOG.atWarn().addKeyValue("event", "nodeclass-status-failed").addKeyValue("nodeClass", r.getMetadata().getName())
                        .log("status of EC2NodeClass {} not updated: {}", r.getMetadata().getName(), e.getMessage());
            }
        }
    }

    private void update(GenericKubernetesResource r, JsonNode object, Instant now) {
        NodeClass nodeClass = KarpenterManifests.nodeClass(object);
        JsonNode previous = object.path("status");
        Long generation = r.getMetadata().getGeneration();
        ObjectNode status = NodeClassStatus.of(resolutions.current(nodeClass), previous, generation == null ? 0 : generation, now);
        if (!NodeClassStatus.ready(status)) notReady.increment();
        if (status.equals(previous)) return;
        r.setAdditionalProperty("status", client.getKubernetesSerialization().convertValue(status, Map.class));
        client.genericKubernetesResources(KubeCluster.NODE_CLASSES).resource(r).updateStatus();
        LOG.atInfo().addKeyValue("event", "nodeclass-status").addKeyValue("nodeClass", nodeClass.name())
                .addKeyValue("ready", NodeClassStatus.ready(status)).log("EC2NodeClass {} status updated", nodeClass.name());
    }
}
