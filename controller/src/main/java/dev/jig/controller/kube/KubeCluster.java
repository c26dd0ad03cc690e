package dev.jig.controller.kube;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.api.ec2.NodeClass;
import dev.jig.api.karpenter.ApiGroups;
import dev.jig.api.karpenter.Taint;
import dev.jig.api.tenancy.LastGoodTenancy;
import dev.jig.api.tenancy.Tenancy;
import dev.jig.controller.manifest.ClusterManifests;
import dev.jig.controller.manifest.KarpenterManifests;
import dev.jig.controller.manifest.PodManifests;
import dev.jig.controller.model.Node;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.NodePool;
import dev.jig.controller.model.Pod;
import dev.jig.controller.model.PodDisruptionBudget;
import dev.jig.controller.state.Cluster;
import dev.jig.controller.state.Eviction;
import dev.jig.controller.state.ObjectEvent;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import dev.jig.controller.state.ClusterSnapshot;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The controller's {@link Cluster} on a real API server, through fabric8: informers keep Pods,
 * Nodes, DaemonSets, NodePools, EC2NodeClasses, NodeClaims, PodDisruptionBudgets and the
 * {@code jig-tenancy} ConfigMap in memory, and their events keep one model per object ({@link ModelCache}, converted once
 * per resourceVersion with the same readers {@code simulate} uses), so {@link #snapshot()} assembles models and costs
 * nothing while nothing changed; writes create and update karpenter.sh/v1 NodeClaims (status through the
 * status subresource) and set labels and taints on Nodes. Objects that do not parse are logged and
 * left out, never fatal.
 */
public final class KubeCluster implements Cluster, AutoCloseable {

    public static final ResourceDefinitionContext NODE_POOLS = context(ApiGroups.KARPENTER, "NodePool", "nodepools");
    public static final ResourceDefinitionContext NODE_CLASSES = context(ApiGroups.KARPENTER_AWS, "EC2NodeClass", "ec2nodeclasses");
    public static final ResourceDefinitionContext NODE_CLAIMS = context(ApiGroups.KARPENTER, "NodeClaim", "nodeclaims");
    private static final Logger LOG = LoggerFactory.getLogger(KubeCluster.class);
    /** The {@code source.component} and reporting controller of the Events Jig records. */
    public static final String EVENT_SOURCE = KubeEvents.SOURCE;

    private final KubernetesClient client;
    private final KubernetesSerialization json;
    /** The same API server without client-side retries, for the Eviction API. */
    private final KubernetesClient evictions;
    private final SharedIndexInformer<io.fabric8.kubernetes.api.model.Pod> pods;
    private final SharedIndexInformer<io.fabric8.kubernetes.api.model.Node> nodes;
    private final SharedIndexInformer<DaemonSet> daemonSets;
    private final SharedIndexInformer<GenericKubernetesResource> nodePools;
    private final SharedIndexInformer<GenericKubernetesResource> nodeClasses;
    private final SharedIndexInformer<GenericKubernetesResource> nodeClaims;
    private final SharedIndexInformer<ConfigMap> tenancy;
    private final SharedIndexInformer<io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget> pdbs;
    private final Map<String, SharedIndexInformer<?>> informers = new LinkedHashMap<>();
    private final List<Runnable> unboundPodListeners = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final Map<String, String> failures = new ConcurrentHashMap<>();
    private final RecentNominations recentNominations = new RecentNominations();
    /** Bumped by every informer event that changes a model (or the tenancy ConfigMap); see {@link Cluster#generation()}. */
    private final java.util.concurrent.atomic.AtomicLong generation = new java.util.concurrent.atomic.AtomicLong();
    private final ModelCache<Pod> podModels;
    private final ModelCache<Node> nodeModels;
    private final ModelCache<Pod> daemonSetModels;
    private final ModelCache<NodePool> poolModels;
    private final ModelCache<NodeClass> classModels;
    private final ModelCache<NodeClaim> claimModels;
    private final ModelCache<PodDisruptionBudget> pdbModels;
    /** The last snapshot, and the generation it was assembled at. */
    private ClusterSnapshot last;
    private long lastGeneration = -1;

    /**
     * Starts the informers without waiting for them: {@link #synced()} says when every one has
     * listed its objects, {@link #unsynced()} which ones have not yet and why.
     */
    public KubeCluster(KubernetesClient client) {
        this.client = client;
        this.json = client.getKubernetesSerialization();
        // fabric8 retries a 429 with backoff before evict() answers false; the Terminator keeps its own per-pod backoff
        this.evictions = new KubernetesClientBuilder().withConfig(new ConfigBuilder(client.getConfiguration()).withRequestRetryBackoffLimit(0).build()).build();
        podModels = new ModelCache<>("Pod", o -> PodManifests.pod(tree(o)));
        nodeModels = new ModelCache<>("Node", o -> Optional.of(ClusterManifests.node(tree(o))));
        daemonSetModels = new ModelCache<>("DaemonSet", o -> Optional.of(daemonSetTemplate(tree(o))));
        poolModels = new ModelCache<>("NodePool", o -> Optional.of(KarpenterManifests.nodePool(tree(o))));
        classModels = new ModelCache<>("EC2NodeClass", o -> Optional.of(KarpenterManifests.nodeClass(tree(o))));
        claimModels = new ModelCache<>("NodeClaim", o -> Optional.of(ClusterManifests.nodeClaim(tree(o))));
        pdbModels = new ModelCache<>("PodDisruptionBudget", o -> Optional.of(PodManifests.podDisruptionBudget(tree(o))));
        pods = start("pods", client.pods().inAnyNamespace().runnableInformer(0), podModels, KubeCluster::unboundPodChanged);
        nodes = start("nodes", client.nodes().runnableInformer(0), nodeModels);
        daemonSets = start("daemonsets", client.apps().daemonSets().inAnyNamespace().runnableInformer(0), daemonSetModels);
        nodePools = start("nodepools.karpenter.sh", client.genericKubernetesResources(NODE_POOLS).runnableInformer(0), poolModels);
        nodeClasses = start("ec2nodeclasses.karpenter.k8s.aws", client.genericKubernetesResources(NODE_CLASSES).runnableInformer(0), classModels);
        nodeClaims = start("nodeclaims.karpenter.sh", client.genericKubernetesResources(NODE_CLAIMS).runnableInformer(0), claimModels);
        tenancy = start("configmap " + Tenancy.CONFIG_MAP_NAMESPACE + "/" + Tenancy.CONFIG_MAP_NAME,
                client.configMaps().inNamespace(Tenancy.CONFIG_MAP_NAMESPACE).withName(Tenancy.CONFIG_MAP_NAME).runnableInformer(0), null);
        pdbs = start("poddisruptionbudgets.policy", client.policy().v1().podDisruptionBudget().inAnyNamespace().runnableInformer(0), pdbModels);
    }

    /** The object as the model readers take it (the same tree {@code simulate}'s manifests give them). */
    private JsonNode tree(Object object) {
        return json.convertValue(object, JsonNode.class);
    }

    /** A DaemonSet's pod template as a pod of the DaemonSet. */
    private static Pod daemonSetTemplate(JsonNode o) {
        JsonNode template = o.path("spec").path("template");
        Map<String, String> labels = new LinkedHashMap<>();
        template.path("metadata").path("labels").properties().forEach(e -> labels.put(e.getKey(), e.getValue().asText()));
        return PodManifests.template(o.path("metadata").path("namespace").asText(), o.path("metadata").path("name").asText(), labels,
                template.path("spec")).with().daemonSet(true).build();
    }

    /**
     * Registers the informer under {@code name} and starts it. Its events keep {@code models} (null for the tenancy
     * ConfigMap, read at each snapshot) and move the generation when a model changed: the model is updated first,
     * so a snapshot that sees the old generation may hold the new model, never the reverse.
     */
    private <T extends io.fabric8.kubernetes.api.model.HasMetadata> SharedIndexInformer<T> start(String name, SharedIndexInformer<T> informer,
                                                                                                ModelCache<?> models) {
        return start(name, informer, models, (cluster, object) -> { });
    }

    /** As above; {@code changed} is told of each object whose model changed, after the generation moved. */
    private <T extends io.fabric8.kubernetes.api.model.HasMetadata> SharedIndexInformer<T> start(String name, SharedIndexInformer<T> informer,
                                                                                                ModelCache<?> models,
                                                                                                java.util.function.BiConsumer<KubeCluster, T> changed) {
        informers.put(name, informer);
        informer.addEventHandler(new io.fabric8.kubernetes.client.informers.ResourceEventHandler<T>() {
            @Override
            public void onAdd(T obj) {
                if (models == null || models.put(obj)) {
                    generation.incrementAndGet();
                    changed.accept(KubeCluster.this, obj);
                }
            }

            @Override
            public void onUpdate(T old, T now) {
                if (models != null) {
                    if (models.put(now)) {
                        generation.incrementAndGet();
                        changed.accept(KubeCluster.this, now);
                    }
                } else if (!java.util.Objects.equals(old.getMetadata().getResourceVersion(), now.getMetadata().getResourceVersion())) {
                    // a resync delivers the same object again: only a new resourceVersion is a change
                    generation.incrementAndGet();
                }
            }

            @Override
            public void onDelete(T obj, boolean deletedFinalStateUnknown) {
                if (models == null || models.remove(obj)) generation.incrementAndGet();
            }
        });
        informer.start().whenComplete((ok, failure) -> {
            if (failure != null) {
                String why = KubeFailures.describe(failure);
                failures.put(name, why);
                LOG.atWarn().addKeyValue("event", "informer-failed").addKeyValue("informer", name).addKeyValue("reason", why)
                        .log("informer for {} could not list: {} (it keeps retrying)", name, why);
            } else {
                failures.remove(name);
            }
        });
        return informer;
    }

    @Override
    public void onUnboundPod(Runnable listener) {
        unboundPodListeners.add(listener);
    }

    /** Tells the listeners of an unbound pod that changed (its model is in the cache already). */
    private void unboundPodChanged(io.fabric8.kubernetes.api.model.Pod pod) {
        if (pod.getSpec() != null && pod.getSpec().getNodeName() != null && !pod.getSpec().getNodeName().isEmpty()) return;
        for (Runnable l : unboundPodListeners) {
            try {
                l.run();
            } catch (RuntimeException e) {
                LOG.atWarn().addKeyValue("event", "listener-failed").setCause(e).log("unbound-pod listener failed: {}", e.toString());
            }
        }
    }

    /** Whether every informer has listed its objects once. */
    public boolean synced() {
        return unsynced().isEmpty();
    }

    /** The informers that have not listed their objects yet, each with the last failure when there was one. */
    public List<String> unsynced() {
        List<String> out = new ArrayList<>();
        informers.forEach((name, informer) -> {
            if (!informer.hasSynced()) out.add(failures.containsKey(name) ? name + " (" + failures.get(name) + ")" : name);
        });
        return out;
    }

    /** The last tenancy that parsed: a deleted or unparseable ConfigMap must not lift every quota. */
    private final TenancySource tenancySource = new TenancySource();

    /** The tenancy state as of the last {@link #snapshot()}: in force, stale, and why. */
    LastGoodTenancy tenancyState() {
        return tenancySource.state();
    }

    @Override
    public long generation() {
        return generation.get();
    }

    /**
     * The models the informers' events keep ({@link ModelCache}): nothing is parsed here. While the generation has not
     * moved and the tenancy reads the same, the previous snapshot is returned as it is; otherwise the lists of the
     * kinds are assembled again from the models, which unchanged objects share with earlier snapshots.
     */
    @Override
    public synchronized ClusterSnapshot snapshot() {
        long g = generation.get();
        List<ConfigMap> tenancyMaps = tenancy.getStore().list();
        ConfigMap cm = tenancyMaps.isEmpty() ? null : tenancyMaps.get(0);
        Optional<Tenancy> t = tenancySource.read(cm != null, cm == null || cm.getData() == null ? null : cm.getData().get(Tenancy.DATA_KEY));
        if (last != null && g == lastGeneration && last.tenancy().equals(t)) return last;
        Map<String, NodeClass> classes = new HashMap<>();
        for (NodeClass nc : classModels.list()) classes.put(nc.name(), nc);
        last = new ClusterSnapshot(podModels.list(), nodeModels.list(), claimModels.list(), poolModels.list(), classes, daemonSetModels.list(), t,
                pdbModels.list());
        lastGeneration = g;
        return last;
    }

    @Override
    public void create(NodeClaim claim) {
        GenericKubernetesResource r = json.convertValue(ClusterManifests.nodeClaim(claim.withStatus(null)), GenericKubernetesResource.class);
        client.genericKubernetesResources(NODE_CLAIMS).resource(r).create();
        if (claim.status() != null) update(claim);
    }

    /**
     * Writes {@code claim}'s labels, annotations and finalizers (added to the live ones), then its status. A conflict
     * (another worker wrote the NodeClaim between the read and the write: a condition from disruption, a finalizer from
     * termination) is read again and applied again, twice at most, rather than failing the caller's reconcile.
     */
    @Override
    public void update(NodeClaim claim) {
        var resource = client.genericKubernetesResources(NODE_CLAIMS).withName(claim.name());
        GenericKubernetesResource desired = json.convertValue(ClusterManifests.nodeClaim(claim), GenericKubernetesResource.class);
        for (int attempt = 0; ; attempt++) {
            GenericKubernetesResource current = resource.get();
            if (current == null) return;
            try {
                write(current, desired, claim);
                return;
            } catch (KubernetesClientException e) {
                if (e.getCode() != 409 || attempt >= 2) throw e;
            }
        }
    }

    private void write(GenericKubernetesResource current, GenericKubernetesResource desired, NodeClaim claim) {
        current.getMetadata().setLabels(desired.getMetadata().getLabels());
        Map<String, String> annotations = current.getMetadata().getAnnotations() == null ? new HashMap<>() : new HashMap<>(current.getMetadata().getAnnotations());
        if (desired.getMetadata().getAnnotations() != null) annotations.putAll(desired.getMetadata().getAnnotations());
        current.getMetadata().setAnnotations(annotations);
        List<String> finalizers = current.getMetadata().getFinalizers() == null ? new ArrayList<>() : new ArrayList<>(current.getMetadata().getFinalizers());
        for (String f : claim.finalizers()) if (!finalizers.contains(f)) finalizers.add(f);
        current.getMetadata().setFinalizers(finalizers);
        current = client.genericKubernetesResources(NODE_CLAIMS).resource(current).update();
        if (claim.status() != null) {
            current.setAdditionalProperty("status", json.convertValue(ClusterManifests.nodeClaimStatus(claim.status()), Map.class));
            client.genericKubernetesResources(NODE_CLAIMS).resource(current).updateStatus();
        }
    }

    /** Read, change one condition, write the status back; a conflict (another writer in between) is read again, twice at most. */
    @Override
    @SuppressWarnings("unchecked")
    public void nodeClaimCondition(String name, String type, NodeClaim.Condition condition) {
        var resource = client.genericKubernetesResources(NODE_CLAIMS).withName(name);
        for (int attempt = 0; ; attempt++) {
            GenericKubernetesResource current = resource.get();
            if (current == null || !(current.getAdditionalProperties().get("status") instanceof Map<?, ?> live)) return;
            Map<String, Object> status = new LinkedHashMap<>((Map<String, Object>) live);
            List<Object> conditions = new ArrayList<>();
            if (status.get("conditions") instanceof List<?> list) {
                for (Object c : list) if (!(c instanceof Map<?, ?> m && type.equals(m.get("type")))) conditions.add(c);
            }
            if (condition != null) conditions.add(json.convertValue(ClusterManifests.condition(condition), Map.class));
            status.put("conditions", conditions);
            current.setAdditionalProperty("status", status);
            try {
                client.genericKubernetesResources(NODE_CLAIMS).resource(current).updateStatus();
                return;
            } catch (KubernetesClientException e) {
                if (e.getCode() != 409 || attempt >= 2) throw e;
            }
        }
    }

    /** Records {@code event} ({@link KubeEvents#record}); a refused write is logged and dropped. */
    @Override
    public void publish(ObjectEvent event) {
        KubeEvents.record(client, event);
    }

    /** A JSON merge patch of the status subresource that sets {@code lastPodEventTime} alone; a NodeClaim gone meanwhile is no error. */
    @Override
    public void stampPodEvent(NodeClaim claim, java.time.Instant at) {
        try {
            client.genericKubernetesResources(NODE_CLAIMS).withName(claim.name()).subresource("status")
                    .patch(PatchContext.of(PatchType.JSON_MERGE), json.asJson(Map.of("status", Map.of("lastPodEventTime", at.truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString()))));
        } catch (KubernetesClientException e) {
            if (e.getCode() != 404) throw e;
        }
    }

    /**
     * One JSON merge patch of the status subresource: {@code status.nominatedNodeName} with {@code metadata.uid} as a
     * precondition, so a pod deleted and created again under the same name refuses a nomination meant for the old one.
     * A pod gone (404) or changed under the write (409) is skipped quietly. Anything else is thrown for the caller to
     * count, a 422 included: the value refused, or a pod deleted and created again under the name (a {@code metadata.uid}
     * that differs is an immutable field's change, which the API server refuses as Invalid); a lasting refusal is then
     * seen in {@code nomination_failed} rather than hidden behind a PATCH a second. The same write is not sent again
     * while the pod informer has not delivered it ({@link RecentNominations}).
     */
    @Override
    public Nomination nominate(Pod pod, String node) {
        var cached = pods.getIndexer().getByKey(pod.namespace() + "/" + pod.name());
        String version = cached == null ? null : cached.getMetadata().getResourceVersion();
        java.time.Instant now = java.time.Instant.now();
        if (recentNominations.inFlight(pod.uid(), node, version, now)) return Nomination.ALREADY_SENT;
        try {
            // resource(stub), not withName: withName's patch reads the pod first (a GET the RBAC does not grant)
            io.fabric8.kubernetes.api.model.Pod stub = new io.fabric8.kubernetes.api.model.PodBuilder().withNewMetadata()
                    .withNamespace(pod.namespace()).withName(pod.name()).endMetadata().build();
            client.pods().inNamespace(pod.namespace()).resource(stub).subresource("status")
                    .patch(PatchContext.of(PatchType.JSON_MERGE), json.asJson(nominationPatch(pod, node)));
            recentNominations.wrote(pod.uid(), node, version, now);
            return Nomination.WRITTEN;
        } catch (KubernetesClientException e) {
            if (e.getCode() != 404 && e.getCode() != 409) throw e;
            LOG.debug("nomination of pod {} skipped: {}", pod.key(), e.getMessage());
            return Nomination.SKIPPED;
        }
    }

    /** The merge patch {@link #nominate} sends: the pod's uid (a precondition) and the nomination, null to clear it. */
    static Map<String, Object> nominationPatch(Pod pod, String node) {
        Map<String, Object> nominated = new java.util.HashMap<>();
        nominated.put("nominatedNodeName", node);
        return Map.of("metadata", Map.of("uid", pod.uid()), "status", nominated);
    }

    @Override
    public void delete(NodeClaim claim) {
        client.genericKubernetesResources(NODE_CLAIMS).withName(claim.name()).delete();
    }

    @Override
    public void update(Node node) {
        client.nodes().withName(node.name()).edit(n -> {
            n.getMetadata().setLabels(new LinkedHashMap<>(node.labels()));
            List<io.fabric8.kubernetes.api.model.Taint> taints = new ArrayList<>();
            for (Taint t : node.taints()) taints.add(new io.fabric8.kubernetes.api.model.Taint(t.effect(), t.key(), null, t.value()));
            n.getSpec().setTaints(taints);
            return n;
        });
    }

    @Override
    public void editNode(String name, Map<String, String> labels, java.util.Set<String> removeTaintKeys, List<Taint> addTaints) {
        client.nodes().withName(name).edit(n -> {
            Map<String, String> l = n.getMetadata().getLabels() == null ? new LinkedHashMap<>() : new LinkedHashMap<>(n.getMetadata().getLabels());
            l.putAll(labels);
            n.getMetadata().setLabels(l);
            List<io.fabric8.kubernetes.api.model.Taint> live = n.getSpec().getTaints() == null ? List.of() : n.getSpec().getTaints();
            List<io.fabric8.kubernetes.api.model.Taint> taints = new ArrayList<>();
            for (var t : live) if (!removeTaintKeys.contains(t.getKey())) taints.add(t);
            for (Taint t : addTaints) {
                if (taints.stream().noneMatch(o -> t.key().equals(o.getKey()) && t.effect().equals(o.getEffect()))) {
                    taints.add(new io.fabric8.kubernetes.api.model.Taint(t.effect(), t.key(), null, t.value()));
                }
            }
            n.getSpec().setTaints(taints);
            return n;
        });
    }

    @Override
    public void annotateNode(String name, Map<String, String> annotations) {
        if (annotations.isEmpty()) return;
        client.nodes().withName(name).edit(n -> {
            Map<String, String> a = n.getMetadata().getAnnotations() == null ? new LinkedHashMap<>() : new LinkedHashMap<>(n.getMetadata().getAnnotations());
            a.putAll(annotations);
            n.getMetadata().setAnnotations(a);
            return n;
        });
    }

    /** The Eviction API: fabric8 answers false for HTTP 429 (a PodDisruptionBudget refused) and throws for other answers. */
    @Override
    public Eviction evict(Pod pod) {
        try {
            boolean evicted = evictions.pods().inNamespace(pod.namespace()).withName(pod.name()).evict();
            return evicted ? Eviction.EVICTED : Eviction.blocked("the Eviction API answered 429 for " + pod.key());
        } catch (KubernetesClientException e) {
            // 409: the pod's UID changed, so the pod this eviction meant is gone (Karpenter treats it as 404)
            if (e.getCode() == 404 || e.getCode() == 409) return Eviction.NOT_FOUND;
            if (e.getCode() == 429) return Eviction.blocked(e.getMessage());
            return Eviction.failed("evicting " + pod.key() + ": HTTP " + e.getCode() + " " + e.getMessage());
        }
    }

    @Override
    public void deletePod(Pod pod) {
        client.pods().inNamespace(pod.namespace()).withName(pod.name()).delete();
    }

    /**
     * Removes the finalizer with a JSON patch that first tests the finalizers it read: a concurrent change fails the
     * patch (the next reconcile tries again) instead of dropping another controller's finalizer.
     */
    @Override
    public void removeFinalizer(NodeClaim claim, String finalizer) {
        var resource = client.genericKubernetesResources(NODE_CLAIMS).withName(claim.name());
        GenericKubernetesResource live = resource.get();
        if (live == null || live.getMetadata().getFinalizers() == null || !live.getMetadata().getFinalizers().contains(finalizer)) return;
        resource.patch(PatchContext.of(PatchType.JSON), finalizersPatch(live.getMetadata().getFinalizers(), finalizer));
    }

    @Override
    public void deleteNode(String name, String finalizer) {
        var resource = client.nodes().withName(name);
        io.fabric8.kubernetes.api.model.Node live = resource.get();
        if (live == null) return;
        List<String> finalizers = live.getMetadata().getFinalizers();
        if (finalizers != null && finalizers.contains(finalizer)) {
            resource.patch(PatchContext.of(PatchType.JSON), finalizersPatch(finalizers, finalizer));
        }
        resource.delete();
    }

    private String finalizersPatch(List<String> live, String remove) {
        List<String> rest = new ArrayList<>(live);
        rest.remove(remove);
        return json.asJson(List.of(Map.of("op", "test", "path", "/metadata/finalizers", "value", live),
                Map.of("op", "replace", "path", "/metadata/finalizers", "value", rest)));
    }

    @Override
    public void close() {
        informers.values().forEach(SharedIndexInformer::close);
        evictions.close();
    }

    private static ResourceDefinitionContext context(String group, String kind, String plural) {
        return new ResourceDefinitionContext.Builder().withGroup(group).withVersion("v1").withKind(kind).withPlural(plural).withNamespaced(false).build();
    }
}
