package dev.jig.api.tenancy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.karpenter.ApiGroups;
import dev.jig.api.karpenter.Quantity;
import dev.jig.api.karpenter.WellKnownLabels;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Who owns what in the cluster, as the compiler publishes it in the {@code jig-tenancy} ConfigMap
 * (namespace {@code jig-system}, key {@code tenancy.json}) and the admission webhook and the
 * controller read it back: each tenant's isolation, namespaces, quota and NodePools, the reverse
 * indexes namespace → tenant and NodePool → tenant, the tenancy label/taint key, the principals
 * allowed to relabel namespaces, the weight bands and the {@link PlatformDefaults}; which of a
 * tenant's NodePools are reserved (they take the reserved weight band) and which EC2NodeClasses are
 * its own, and the EC2NodeClasses the platform shares with every tenant. One class writes
 * and parses the format, so producer and consumers cannot drift apart. The format grows only by
 * optional fields: a document without {@code platformDefaults} (written before it existed) still
 * parses, with {@link #platformDefaults()} empty. A document written before a tenant's
 * {@code reservedNodePools} or {@code nodeClasses} existed parses too, and the answers that need them
 * ({@link #isReservedPool}, {@link #mayUseNodeClass}) are empty, so each reader fails closed on
 * exactly what it cannot tell; a missing {@code sharedNodeClasses} shares nothing. A document without
 * {@code nodeTenancyKey} has {@link #nodeTenancyKey()} empty.
 */
public record Tenancy(
        String cluster,
        String tenancyKey,
        String poolLabel,
        List<String> labelAdmins,
        WeightBand regularWeights,
        WeightBand reservedWeights,
        Map<String, TenantEntry> tenants,
        Map<String, String> namespaces,
        Map<String, String> nodePools,
        List<String> sharedNodeClasses,
        Optional<PlatformDefaults> platformDefaults,
        Optional<String> nodeTenancyKey) {

    public static final String FORMAT = ApiGroups.JIG_V1ALPHA1;
    public static final String CONFIG_MAP_NAME = "jig-tenancy";
    public static final String CONFIG_MAP_NAMESPACE = "jig-system";
    public static final String DATA_KEY = "tenancy.json";

    private static final ObjectMapper MAPPER = new ObjectMapper();

    public record WeightBand(int min, int max) {
        public boolean contains(int weight) {
            return weight >= min && weight <= max;
        }
    }

    /**
     * One tenant: {@code dedicated} tenants have their own taint, {@code shared} ones only the label.
     *
     * @param reservedNodePools the {@code nodePools} that are the tenant's shares of reservations and take the reserved
     *     weight band; empty when the document does not say (written before the field existed)
     * @param nodeClasses the EC2NodeClasses compiled for the tenant; empty when the document does not say
     */
    public record TenantEntry(String name, boolean dedicated, List<String> namespaces, Quota quota, List<String> nodePools,
                              Optional<List<String>> reservedNodePools, Optional<List<String>> nodeClasses) {

        public TenantEntry {
            namespaces = List.copyOf(namespaces);
            nodePools = List.copyOf(nodePools);
            reservedNodePools = reservedNodePools.map(List::copyOf);
            nodeClasses = nodeClasses.map(List::copyOf);
            for (String r : reservedNodePools.orElse(List.of())) {
                if (!nodePools.contains(r)) {
                    throw new IllegalArgumentException("tenant '" + name + "': reserved NodePool '" + r + "' is not one of its nodePools");
                }
            }
        }

        /** A tenant as documents written before reserved pools and node classes were published describe it. */
        public TenantEntry(String name, boolean dedicated, List<String> namespaces, Quota quota, List<String> nodePools) {
            this(name, dedicated, namespaces, quota, nodePools, Optional.empty(), Optional.empty());
        }
    }

    public Tenancy {
        labelAdmins = List.copyOf(labelAdmins);
        sharedNodeClasses = List.copyOf(sharedNodeClasses);
        Map<String, String> classOwners = new TreeMap<>();
        for (TenantEntry t : tenants.values()) {
            for (String c : t.nodeClasses().orElse(List.of())) {
                String other = classOwners.putIfAbsent(c, t.name());
                if (other != null || sharedNodeClasses.contains(c)) {
                    throw new IllegalArgumentException("EC2NodeClass '" + c + "' is listed for tenant '" + t.name() + "' and for "
                            + (other != null ? "tenant '" + other + "'" : "every tenant (sharedNodeClasses)") + "; a class has one owner");
                }
            }
        }
        tenants = Collections.unmodifiableMap(new TreeMap<>(tenants));
        namespaces = Collections.unmodifiableMap(new TreeMap<>(namespaces));
        nodePools = Collections.unmodifiableMap(new TreeMap<>(nodePools));
    }

    /** Builds the view from its tenants; the reverse indexes follow from them. */
    public static Tenancy of(String cluster, String tenancyKey, String poolLabel, List<String> labelAdmins,
                             WeightBand regular, WeightBand reserved, List<TenantEntry> tenants) {
        Map<String, TenantEntry> byName = new TreeMap<>();
        Map<String, String> namespaces = new TreeMap<>();
        Map<String, String> pools = new TreeMap<>();
        for (TenantEntry t : tenants) {
            byName.put(t.name(), t);
            t.namespaces().forEach(n -> namespaces.put(n, t.name()));
            t.nodePools().forEach(p -> pools.put(p, t.name()));
        }
        return new Tenancy(cluster, tenancyKey, poolLabel, labelAdmins, regular, reserved, byName, namespaces, pools, List.of(), Optional.empty(),
                Optional.empty());
    }

    /**
     * A cluster with no tenants, under the default keys: what the webhook judges by while no tenancy ConfigMap has ever
     * existed ({@link LastGoodTenancy#absent()}). No namespace belongs to a tenant, so pods are judged as non-tenant
     * pods (admitted unless they reach for a tenant's nodes), and no NodePool has an owner.
     */
    public static Tenancy none() {
        return of("", dev.jig.api.karpenter.WellKnownLabels.JIG_TENANT, dev.jig.api.karpenter.WellKnownLabels.JIG_POOL, List.of(),
                new WeightBand(1, 79), new WeightBand(80, 100), List.of());
    }

    /** This tenancy publishing {@code defaults} as the platform's NodePool defaults. */
    public Tenancy withPlatformDefaults(PlatformDefaults defaults) {
        return new Tenancy(cluster, tenancyKey, poolLabel, labelAdmins, regularWeights, reservedWeights, tenants, namespaces, nodePools,
                sharedNodeClasses, Optional.of(defaults), nodeTenancyKey);
    }

    /** This tenancy with {@code classes} as the EC2NodeClasses every tenant's pools may use besides their own. */
    public Tenancy withSharedNodeClasses(List<String> classes) {
        return new Tenancy(cluster, tenancyKey, poolLabel, labelAdmins, regularWeights, reservedWeights, tenants, namespaces, nodePools,
                classes, platformDefaults, nodeTenancyKey);
    }

    /**
     * Whether a NodePool takes the reserved weight band: true for a pool its tenant lists as reserved, false for
     * the tenant's other pools and for pools no tenant lists. Empty when the pool's tenant does not publish its
     * reserved pools: then the band cannot be told, and never from the pool's name, which a tenant chooses.
     */
    public Optional<Boolean> isReservedPool(String nodePool) {
        Optional<TenantEntry> owner = tenantOfNodePool(nodePool);
        if (owner.isEmpty()) return Optional.of(false);
        return owner.get().reservedNodePools().map(reserved -> reserved.contains(nodePool));
    }

    /**
     * Whether a pool of {@code tenant} ({@code null}: a pool no tenant lists) may use the EC2NodeClass
     * {@code nodeClass}: a tenant's pool its own classes and the shared ones; a pool no tenant lists any class
     * no tenant owns. Empty when the document does not say which classes are whose (a tenant written before
     * its node classes were published), so the answer cannot be told.
     */
    public Optional<Boolean> mayUseNodeClass(String tenant, String nodeClass) {
        if (sharedNodeClasses.contains(nodeClass)) return Optional.of(true);
        if (tenant != null && tenants.containsKey(tenant) && tenants.get(tenant).nodeClasses().isPresent()) {
            return Optional.of(tenants.get(tenant).nodeClasses().get().contains(nodeClass));
        }
        return ownerOfNodeClass(nodeClass).map(owner -> tenant == null ? owner.isEmpty() : owner.equals(tenant));
    }

    /**
     * The tenant an EC2NodeClass was compiled for: {@code ""} when no tenant owns it (a shared class, or one
     * Jig did not compile); empty when the document does not say (some tenant does not publish its classes).
     */
    public Optional<String> ownerOfNodeClass(String nodeClass) {
        if (sharedNodeClasses.contains(nodeClass)) return Optional.of("");
        String owner = "";
        for (TenantEntry t : tenants.values()) {
            if (t.nodeClasses().isEmpty()) return Optional.empty();
            if (t.nodeClasses().get().contains(nodeClass)) owner = t.name();
        }
        return Optional.of(owner);
    }

    /**
     * This tenancy with {@code key} as the node tenancy label: compiled pools put it on their nodes beside the
     * legacy {@link #tenancyKey()} label, and pods are steered to it.
     *
     * @throws IllegalArgumentException when {@code key} is not under {@link WellKnownLabels#NODE_RESTRICTION_DOMAIN}
     */
    public Tenancy withNodeTenancyKey(String key) {
        if (!key.startsWith(WellKnownLabels.NODE_RESTRICTION_DOMAIN + "/")) {
            throw new IllegalArgumentException("tenancy field 'nodeTenancyKey' must be a " + WellKnownLabels.NODE_RESTRICTION_DOMAIN
                    + " label, which a kubelet cannot set on its own Node; got '" + key + "'");
        }
        return new Tenancy(cluster, tenancyKey, poolLabel, labelAdmins, regularWeights, reservedWeights, tenants, namespaces, nodePools,
                sharedNodeClasses, platformDefaults, Optional.of(key));
    }

    /**
     * The node label pods are steered to and a node's tenant is read from first: {@link #nodeTenancyKey()}, or the
     * tenancy key for a ConfigMap compiled before nodes carried a label of their own.
     */
    public String nodeKey() {
        return nodeTenancyKey.orElse(tenancyKey);
    }

    /** The node labels that name a node's tenant: {@link #nodeKey()}, then the legacy tenancy key (one entry when they are the same). */
    public List<String> nodeKeys() {
        return nodeKey().equals(tenancyKey) ? List.of(tenancyKey) : List.of(nodeKey(), tenancyKey);
    }

    /**
     * The tenant a node's labels name, {@code ""} for none: the {@link #nodeKey()} label when the node has it, else
     * the legacy tenancy label (nodes launched before the node label existed, for one release). Presence counts, not
     * the value: a node labelled with an empty value names no tenant.
     */
    public String tenantOfNodeLabels(Map<String, String> labels) {
        if (labels == null) return "";
        for (String key : nodeKeys()) {
            if (labels.containsKey(key)) return Objects.requireNonNullElse(labels.get(key), "");
        }
        return "";
    }

    public Optional<TenantEntry> tenantOfNamespace(String namespace) {
        String t = namespaces.get(namespace);
        return t == null ? Optional.empty() : Optional.ofNullable(tenants.get(t));
    }

    public Optional<TenantEntry> tenantOfNodePool(String nodePool) {
        String t = nodePools.get(nodePool);
        return t == null ? Optional.empty() : Optional.ofNullable(tenants.get(t));
    }

    /** The document, pretty-printed with sorted keys, as the ConfigMap carries it. */
    public String toJson() {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode doc = f.objectNode();
        doc.put("format", FORMAT);
        doc.put("cluster", cluster);
        doc.put("tenancyKey", tenancyKey);
        doc.put("poolLabel", poolLabel);
        ArrayNode admins = doc.putArray("labelAdmins");
        labelAdmins.forEach(admins::add);
        ObjectNode bands = doc.putObject("weightBands");
        bands.putObject("regular").put("min", regularWeights.min()).put("max", regularWeights.max());
        bands.putObject("reserved").put("min", reservedWeights.min()).put("max", reservedWeights.max());
        nodeTenancyKey.ifPresent(k -> doc.put("nodeTenancyKey", k));
        platformDefaults.ifPresent(d -> doc.putObject("platformDefaults").put("expireAfter", d.expireAfter()).set("budgets", d.budgets()));
        ArrayNode shared = doc.putArray("sharedNodeClasses");
        sharedNodeClasses.forEach(shared::add);
        ObjectNode ts = doc.putObject("tenants");
        for (TenantEntry t : tenants.values()) {
            ObjectNode tn = ts.putObject(t.name());
            tn.put("isolation", t.dedicated() ? "dedicated" : "shared");
            ArrayNode ns = tn.putArray("namespaces");
            t.namespaces().stream().sorted().forEach(ns::add);
            ObjectNode quota = tn.putObject("quota");
            quota.put("cpu", Quantity.formatCpuMillis(t.quota().cpuMillis()));
            quota.put("memory", Quantity.formatMebibytes(t.quota().memoryMib()));
            quota.put(WellKnownLabels.GPU_RESOURCE, Long.toString(t.quota().gpus()));
            ArrayNode pools = tn.putArray("nodePools");
            t.nodePools().forEach(pools::add);
            t.reservedNodePools().ifPresent(r -> r.forEach(tn.putArray("reservedNodePools")::add));
            t.nodeClasses().ifPresent(c -> c.forEach(tn.putArray("nodeClasses")::add));
        }
        ObjectNode nsNode = doc.putObject("namespaces");
        namespaces.forEach(nsNode::put);
        ObjectNode poolNode = doc.putObject("nodePools");
        nodePools.forEach(poolNode::put);
        DefaultPrettyPrinter printer = new DefaultPrettyPrinter().withObjectIndenter(new DefaultIndenter("  ", "\n"));
        try {
            return MAPPER.writer(printer).writeValueAsString(doc) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Parses a {@code tenancy.json} document. Throws {@link IllegalArgumentException} with a message
     * naming the problem (not JSON, wrong format version, a missing or mistyped field).
     */
    public static Tenancy parse(String json) {
        JsonNode doc;
        try {
            doc = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("tenancy document is not JSON: " + e.getOriginalMessage());
        }
        if (doc == null || !doc.isObject()) throw new IllegalArgumentException("tenancy document is not a JSON object");
        String format = doc.path("format").asText("");
        if (!FORMAT.equals(format)) {
            if (format.startsWith(ApiGroups.JIG + "/")) {
                // version skew: the Argo CD plugin's compiler was upgraded without the webhook and the controller
                throw new IllegalArgumentException("tenancy format '" + format + "' is not " + FORMAT + ", the one jig " + dev.jig.api.Version.current()
                        + " reads: the tenancy was compiled by another jig release. Upgrade the webhook and the controller together with the "
                        + "Argo CD plugin's compiler (charts/jig/README.md, Upgrade)");
            }
            throw new IllegalArgumentException("tenancy format '" + format + "' is not " + FORMAT);
        }
        List<TenantEntry> tenants = new ArrayList<>();
        JsonNode ts = object(doc, "tenants");
        for (var it = ts.fields(); it.hasNext(); ) {
            var e = it.next();
            JsonNode t = e.getValue();
            JsonNode q = object(t, "quota");
            Quota quota = new Quota(
                    quantity(q, "cpu").millis(), quantity(q, "memory").mebibytes(),
                    q.has(WellKnownLabels.GPU_RESOURCE) ? quantity(q, WellKnownLabels.GPU_RESOURCE).millis() / 1000 : 0);
            String isolation = text(t, "isolation");
            if (!isolation.equals("dedicated") && !isolation.equals("shared")) {
                throw new IllegalArgumentException("tenant '" + e.getKey() + "': isolation '" + isolation + "' is neither dedicated nor shared");
            }
            tenants.add(new TenantEntry(e.getKey(), isolation.equals("dedicated"), strings(t, "namespaces"), quota, strings(t, "nodePools"),
                    optionalStrings(t, "reservedNodePools"), optionalStrings(t, "nodeClasses")));
        }
        JsonNode bands = object(doc, "weightBands");
        Tenancy tenancy = of(text(doc, "cluster"), text(doc, "tenancyKey"), text(doc, "poolLabel"), strings(doc, "labelAdmins"),
                band(object(bands, "regular")), band(object(bands, "reserved")), tenants)
                .withSharedNodeClasses(optionalStrings(doc, "sharedNodeClasses").orElse(List.of()));
        if (doc.has("nodeTenancyKey")) {
            tenancy = tenancy.withNodeTenancyKey(text(doc, "nodeTenancyKey"));
        }
        return doc.has("platformDefaults") ? tenancy.withPlatformDefaults(platformDefaults(object(doc, "platformDefaults"))) : tenancy;
    }

    private static PlatformDefaults platformDefaults(JsonNode n) {
        JsonNode budgets = n.get("budgets");
        if (budgets == null || !budgets.isArray()) throw new IllegalArgumentException("tenancy field 'budgets' must be a list");
        return new PlatformDefaults(text(n, "expireAfter"), (ArrayNode) budgets);
    }

    private static WeightBand band(JsonNode n) {
        if (!n.path("min").isInt() || !n.path("max").isInt()) throw new IllegalArgumentException("weight band needs integer min and max");
        return new WeightBand(n.get("min").intValue(), n.get("max").intValue());
    }

    private static JsonNode object(JsonNode n, String field) {
        JsonNode v = n.get(field);
        if (v == null || !v.isObject()) throw new IllegalArgumentException("tenancy field '" + field + "' must be an object");
        return v;
    }

    private static String text(JsonNode n, String field) {
        JsonNode v = n.get(field);
        if (v == null || !v.isTextual()) throw new IllegalArgumentException("tenancy field '" + field + "' must be a string");
        return v.asText();
    }

    private static List<String> strings(JsonNode n, String field) {
        JsonNode v = n.get(field);
        if (v == null || !v.isArray()) throw new IllegalArgumentException("tenancy field '" + field + "' must be a list");
        List<String> out = new ArrayList<>();
        for (JsonNode e : v) {
            if (!e.isTextual()) throw new IllegalArgumentException("tenancy field '" + field + "' must hold strings");
            out.add(e.asText());
        }
        return out;
    }

    /** A list of strings that documents written before the field existed leave out: empty then, never guessed. */
    private static Optional<List<String>> optionalStrings(JsonNode n, String field) {
        return n.has(field) ? Optional.of(strings(n, field)) : Optional.empty();
    }

    private static Quantity quantity(JsonNode n, String field) {
        return Quantity.tryParse(text(n, field))
                .orElseThrow(() -> new IllegalArgumentException("tenancy quota '" + field + "' is not a quantity"));
    }
}
