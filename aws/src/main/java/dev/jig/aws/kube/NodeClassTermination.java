package dev.jig.aws.kube;

import dev.jig.api.karpenter.Finalizers;
import dev.jig.aws.instanceprofile.InstanceProfiles;
import dev.jig.aws.launchtemplate.LaunchTemplateProvider;
import dev.jig.controller.kube.KubeCluster;
import dev.jig.controller.kube.KubeEvents;
import dev.jig.controller.state.ObjectEvent;
import dev.jig.controller.loop.Reconciler;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * EC2NodeClass deletion, as Karpenter's node class termination controller: every EC2NodeClass carries the
 * {@code karpenter.k8s.aws/termination} finalizer; once one is deleted, it waits while NodeClaims still refer to it
 * (their nodes drain and terminate first; an Event {@code WaitingOnNodeClaimTermination} on the EC2NodeClass names them,
 * again when their number changes), then deletes the instance profile Jig made for its {@code spec.role} (the
 * role removed first; a {@code spec.instanceProfile} is the user's and stays) and its launch templates, and only then
 * removes the finalizer. A failure keeps the finalizer, counted in {@code jig_aws_nodeclass_termination_failures_total},
 * and is tried again on the next pass. Runs at most once per {@code period}.
 */
public final class NodeClassTermination implements Reconciler {

    private static final Logger LOG = LoggerFactory.getLogger(NodeClassTermination.class);

    private final KubernetesClient client;
    private final InstanceProfiles profiles;
    private final LaunchTemplateProvider templates;
    private final Clock clock;
    private final Duration period;
    private final Counter failures;
    /** Per deleted node class, how many NodeClaims it waited for at the last Event: a new Event only when that changes. */
    private final Map<String, Integer> waitedFor = new java.util.HashMap<>();
    private Instant next = Instant.MIN;

    public NodeClassTermination(KubernetesClient client, InstanceProfiles profiles, LaunchTemplateProvider templates, Clock clock, Duration period,
                                MeterRegistry registry) {
        this.client = client;
        this.profiles = profiles;
        this.templates = templates;
        this.clock = clock;
        this.period = period;
        this.failures = Counter.builder("jig_aws_nodeclass_termination_failures_total")
                .description("EC2NodeClass finalizer passes that failed (kept, tried again)").register(registry);
    }

    @Override
    public String name() {
        return "nodeclass-termination";
    }

    @Override
    public void reconcile() {
        Instant now = clock.instant();
        if (now.isBefore(next)) return;
        next = now.plus(period);
        List<GenericKubernetesResource> claims = null;
        for (GenericKubernetesResource r : client.genericKubernetesResources(KubeCluster.NODE_CLASSES).list().getItems()) {
            String name = r.getMetadata().getName();
            List<String> finalizers = r.getMetadata().getFinalizers() == null ? List.of() : r.getMetadata().getFinalizers();
            try {
                if (r.getMetadata().getDeletionTimestamp() == null) {
                    if (!finalizers.contains(Finalizers.NODE_CLASS_TERMINATION)) editFinalizers(name, true);
                    continue;
                }
                if (!finalizers.contains(Finalizers.NODE_CLASS_TERMINATION)) continue;
                if (claims == null) claims = client.genericKubernetesResources(KubeCluster.NODE_CLAIMS).list().getItems();
                List<String> using = using(claims, name);
                if (!using.isEmpty()) {
                    if (!Integer.valueOf(using.size()).equals(waitedFor.put(name, using.size()))) {
                        KubeEvents.record(client, new ObjectEvent(ObjectEvent.NODE_CLASS, null, name, r.getMetadata().getUid(), ObjectEvent.NORMAL,
                                "WaitingOnNodeClaimTermination", "Waiting on NodeClaim termination for " + String.join(", ", firstFive(using))));
                    }
                    LOG.atInfo().addKeyValue("event", "nodeclass-terminating").addKeyValue("nodeClass", name).addKeyValue("nodeClaims", using.size())
                            .log("EC2NodeClass {} is deleting; waiting for its {} NodeClaim(s) to go: {}", name, using.size(),
                                    String.join(", ", firstFive(using)));
                    continue;
                }
                waitedFor.remove(name);
                List<String> deleted = templates.deleteFor(name);
                boolean ownProfile = role(r) != null;
                if (ownProfile) profiles.delete(name);
                editFinalizers(name, false);
                LOG.atInfo().addKeyValue("event", "nodeclass-terminated").addKeyValue("nodeClass", name).addKeyValue("launchTemplates", deleted)
                        .log("EC2NodeClass {} terminated: {} launch template(s){} deleted", name, deleted.size(),
                                ownProfile ? " and its instance profile" : "");
            } catch (RuntimeException e) {
                failures.increment();
                LOG.atWarn().addKeyValue("event", "nodeclass-termination-failed").addKeyValue("nodeClass", name)
                        .log("EC2NodeClass {}: finalizer pass failed, tried again in {} s: {}", name, period.toSeconds(), e.getMessage());
            }
        }
    }

    /** The first five of {@code names}, and "..." for the rest. */
    private static List<String> firstFive(List<String> names) {
        if (names.size() <= 5) return names;
        List<String> out = new ArrayList<>(names.subList(0, 5));
        out.add("...");
        return out;
    }

    /** The NodeClaims whose {@code spec.nodeClassRef} names {@code nodeClass}. */
    private static List<String> using(List<GenericKubernetesResource> claims, String nodeClass) {
        List<String> out = new ArrayList<>();
        for (GenericKubernetesResource c : claims) {
            if (nodeClass.equals(map(map(c.getAdditionalProperties().get("spec")).get("nodeClassRef")).get("name"))) out.add(c.getMetadata().getName());
        }
        return out;
    }

    private static Object role(GenericKubernetesResource r) {
        return map(r.getAdditionalProperties().get("spec")).get("role");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o) {
        return o instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    }

    private void editFinalizers(String name, boolean add) {
        client.genericKubernetesResources(KubeCluster.NODE_CLASSES).withName(name).edit(o -> {
            List<String> f = o.getMetadata().getFinalizers() == null ? new ArrayList<>() : new ArrayList<>(o.getMetadata().getFinalizers());
            if (add && !f.contains(Finalizers.NODE_CLASS_TERMINATION)) f.add(Finalizers.NODE_CLASS_TERMINATION);
            if (!add) f.remove(Finalizers.NODE_CLASS_TERMINATION);
            o.getMetadata().setFinalizers(f);
            return o;
        });
    }
}
