package dev.jig.webhook.kube;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jig.api.karpenter.ApiGroups;
import dev.jig.api.tenancy.LastGoodTenancy;
import dev.jig.api.tenancy.Tenancy;
import dev.jig.webhook.metrics.WebhookMetrics;
import dev.jig.webhook.tenancy.TenancyView;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the {@link TenancyView} in step with the cluster through three fabric8 informers: the
 * tenancy ConfigMap ({@code jig-system/jig-tenancy}), the Nodes and the Karpenter NodePools. A
 * change that matters (the ConfigMap, a pool, a Node's tenant label — not a Node's status
 * heartbeat) publishes a new immutable view, swapped in atomically. A Node's tenant is read with
 * {@link Tenancy#tenantOfNodeLabels}: the node key, else the legacy tenancy key. Which tenancy is in force
 * follows {@link LastGoodTenancy}, the one rule the webhook and the controller share:
 * <ul>
 *   <li><b>Before sync</b> — until the ConfigMap has been parsed once and the Node and NodePool
 *       informers have listed — there is no view: {@code /readyz} answers 503 and the rules fail
 *       closed (see {@code WebhookRules}).</li>
 *   <li><b>Missing or malformed ConfigMap after a good one</b> — the last good tenancy is kept (a
 *       deleted or broken ConfigMap must not open the cluster, nor close it), the problem is
 *       logged, {@code jig_webhook_tenancy_errors_total} counts it and
 *       {@code jig_webhook_tenancy_stale} is 1 until a good ConfigMap returns.</li>
 *   <li><b>No ConfigMap at all</b> — listed, and none exists (a fresh install, before Argo CD delivers the
 *       tenancy): the view is {@link Tenancy#none()}, a cluster without tenants, so the webhook does not lock the
 *       cluster out; {@code jig_webhook_tenancy_absent} is 1 and a warning is logged.</li>
 *   <li><b>A ConfigMap that never parsed</b> — the webhook stays not ready.</li>
 * </ul>
 */
public final class TenancyWatch implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(TenancyWatch.class);

    /** Karpenter's NodePool resource, named explicitly so that no API discovery is needed. */
    public static final ResourceDefinitionContext NODE_POOLS = new ResourceDefinitionContext.Builder()
            .withGroup(ApiGroups.KARPENTER).withVersion(ApiGroups.V1).withKind("NodePool").withPlural("nodepools").withNamespaced(false).build();

    private final KubernetesClient client;
    private final WebhookMetrics metrics;
    private final ObjectMapper mapper = new ObjectMapper();
    private final AtomicReference<Optional<TenancyView>> view = new AtomicReference<>(Optional.empty());
    private final Map<String, String> nodeTenants = new HashMap<>();
    private final Map<String, JsonNode> pools = new HashMap<>();
    private List<String> nodeKeys;
    private volatile LastGoodTenancy state = LastGoodTenancy.initial();
    /** Whether the view in force is {@link Tenancy#none()}: the cluster has no tenancy ConfigMap yet. */
    private volatile boolean bootstrap;
    private SharedIndexInformer<ConfigMap> configMaps;
    private SharedIndexInformer<Node> nodes;
    private SharedIndexInformer<GenericKubernetesResource> nodePools;

    public TenancyWatch(KubernetesClient client, WebhookMetrics metrics) {
        this.client = client;
        this.metrics = metrics;
        metrics.gauge("jig.webhook.tenancy.synced", () -> view.get().isPresent());
        metrics.gauge("jig.webhook.tenancy.stale", () -> state.stale());
        metrics.gauge("jig.webhook.tenancy.absent", () -> bootstrap);
    }

    /**
     * Starts the informers and returns at once; the view appears when all three have listed. An
     * informer whose list or watch fails (API server down, Karpenter CRDs not installed yet) keeps
     * retrying, and the webhook stays not ready meanwhile.
     */
    public synchronized TenancyWatch start() {
        configMaps = client.configMaps().inNamespace(Tenancy.CONFIG_MAP_NAMESPACE).withName(Tenancy.CONFIG_MAP_NAME).runnableInformer(0);
        nodes = client.nodes().runnableInformer(0);
        nodePools = client.genericKubernetesResources(NODE_POOLS).runnableInformer(0);
        configMaps.addEventHandler(new Handler<>(c -> configMapChanged(), c -> configMapChanged()));
        nodes.addEventHandler(new Handler<>(this::nodeChanged, this::nodeDeleted));
        nodePools.addEventHandler(new Handler<>(this::poolChanged, this::poolDeleted));
        for (SharedIndexInformer<?> informer : informers()) {
            informer.exceptionHandler((started, t) -> {
                LOG.warn("informer failed, retrying: " + t);
                return true;
            });
            informer.start().whenComplete((ok, failure) -> configMapChanged());
        }
        return this;
    }

    private SharedIndexInformer<?>[] informers() {
        return new SharedIndexInformer<?>[] {configMaps, nodes, nodePools};
    }

    /** The current view; empty until synced. */
    public Optional<TenancyView> view() {
        return view.get();
    }

    public boolean isSynced() {
        return view.get().isPresent();
    }

    public boolean isStale() {
        return state.stale();
    }

    /** Whether the cluster has no tenancy ConfigMap yet and the view is a cluster without tenants. */
    public boolean isAbsent() {
        return bootstrap;
    }

    private synchronized void configMapChanged() {
        if (configMaps == null || !configMaps.hasSynced()) return;
        ConfigMap cm = configMaps.getStore().getByKey(Tenancy.CONFIG_MAP_NAMESPACE + "/" + Tenancy.CONFIG_MAP_NAME);
        LastGoodTenancy previous = state;
        state = cm == null ? previous.missing() : previous.seen(cm.getData() == null ? null : cm.getData().get(Tenancy.DATA_KEY));
        if (state.problem().isPresent()) {
            metrics.tenancyError();
            LOG.atError().addKeyValue("event", "tenancy-invalid").addKeyValue("keptLastGood", state.stale())
                    .log("tenancy view: " + state.problem().get() + "; " + (state.stale() ? "keeping the last good tenancy" : "staying not ready"));
        } else if (previous.problem().isPresent()) {
            LOG.atInfo().addKeyValue("event", "tenancy-loaded").addKeyValue("tenants", state.tenancy().orElseThrow().tenants().size())
                    .addKeyValue("resourceVersion", cm.getMetadata().getResourceVersion()).log("tenancy ConfigMap loaded");
        }
        rebuild();
    }

    /** A Node's tenant label changed, or a Node came: republish only when the tenant it names changed (not on status updates). */
    private synchronized void nodeChanged(Node node) {
        String tenant = state.tenancy().map(t -> t.tenantOfNodeLabels(node.getMetadata().getLabels())).orElse("");
        if (!tenant.equals(nodeTenants.put(node.getMetadata().getName(), tenant))) rebuild();
    }

    private synchronized void nodeDeleted(Node node) {
        nodeTenants.remove(node.getMetadata().getName());
        rebuild();
    }

    private synchronized void poolChanged(GenericKubernetesResource pool) {
        pools.put(pool.getMetadata().getName(), mapper.valueToTree(pool));
        rebuild();
    }

    private synchronized void poolDeleted(GenericKubernetesResource pool) {
        pools.remove(pool.getMetadata().getName());
        rebuild();
    }

    private synchronized void rebuild() {
        Tenancy tenancy = state.tenancy().orElse(state.absent() ? Tenancy.none() : null);
        if (tenancy == null) {
            // a ConfigMap appeared that does not parse, and none ever did: closed again, not a cluster without tenants
            view.set(Optional.empty());
            bootstrap = false;
            return;
        }
        if (nodes == null || nodePools == null || !nodes.hasSynced() || !nodePools.hasSynced()) return;
        boolean none = state.tenancy().isEmpty();
        if (none && !bootstrap) {
            LOG.atWarn().addKeyValue("event", "tenancy-absent").log("no tenancy ConfigMap " + Tenancy.CONFIG_MAP_NAMESPACE + "/" + Tenancy.CONFIG_MAP_NAME
                    + " exists: judging as a cluster without tenants (pods admitted unless they reach for tenancy-labelled nodes) until one is applied");
        }
        bootstrap = none;
        if (!tenancy.nodeKeys().equals(nodeKeys)) {
            // First view (the informers' caches are complete once synced, their add events may still
            // be on the way), or the node tenancy keys changed: read everything from the caches.
            nodeKeys = tenancy.nodeKeys();
            nodeTenants.clear();
            for (Node n : nodes.getStore().list()) {
                nodeTenants.put(n.getMetadata().getName(), tenancy.tenantOfNodeLabels(n.getMetadata().getLabels()));
            }
            for (GenericKubernetesResource p : nodePools.getStore().list()) {
                pools.put(p.getMetadata().getName(), mapper.valueToTree(p));
            }
        }
        view.set(Optional.of(TenancyView.of(tenancy, nodeTenants, pools)));
    }

    @Override
    public void close() {
        for (SharedIndexInformer<?> i : informers()) {
            if (i != null) i.close();
        }
    }

    /** Calls back with the object on every add and update, and on every delete. */
    private record Handler<T>(Consumer<T> onChange, Consumer<T> onDelete) implements ResourceEventHandler<T> {
        @Override
        public void onAdd(T obj) {
            onChange.accept(obj);
        }

        @Override
        public void onUpdate(T oldObj, T newObj) {
            onChange.accept(newObj);
        }

        @Override
        public void onDelete(T obj, boolean deletedFinalStateUnknown) {
            onDelete.accept(obj);
        }
    }
}
