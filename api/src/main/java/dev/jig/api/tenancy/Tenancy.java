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
 * allowed to relabel namespaces, the weight bands and the {@link PlatformDefaults}. One class writes
 * and parses the format, so producer and consumers cannot drift apart. The format grows only by
 * optional fields: a document without {@code platformDefaults} or {@code nodeTenancyKey} (written
 * before they existed) still parses, with {@link #platformDefaults()} or {@link #nodeTenancyKey()} empty.
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

    /** One tenant: {@code dedicated} tenants have their own taint, {@code shared} ones only the label. */
    public record TenantEntry(String name, boolean dedicated, List<String> namespaces, Quota quota, List<String> nodePools) {
    }

    public Tenancy {
        labelAdmins = List.copyOf(labelAdmins);
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
        return new Tenancy(cluster, tenancyKey, poolLabel, labelAdmins, regular, reserved, byName, namespaces, pools, Optional.empty(),
                Optional.empty());
    }

    /** This tenancy publishing {@code defaults} as the platform's NodePool defaults. */
    public Tenancy withPlatformDefaults(PlatformDefaults defaults) {
        return new Tenancy(cluster, tenancyKey, poolLabel, labelAdmins, regularWeights, reservedWeights, tenants, namespaces, nodePools,
                Optional.of(defaults), nodeTenancyKey);
    }

    /**
     * This tenancy with {@code key} as the node tenancy label: compiled pools put it on their nodes beside the
     * legacy {@link #tenancyKey()} label, and pods are steered to it.
     */
    public Tenancy withNodeTenancyKey(String key) {
        return new Tenancy(cluster, tenancyKey, poolLabel, labelAdmins, regularWeights, reservedWeights, tenants, namespaces, nodePools,
                platformDefaults, Optional.of(key));
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
            tenants.add(new TenantEntry(e.getKey(), isolation.equals("dedicated"), strings(t, "namespaces"), quota, strings(t, "nodePools")));
        }
        JsonNode bands = object(doc, "weightBands");
        Tenancy tenancy = of(text(doc, "cluster"), text(doc, "tenancyKey"), text(doc, "poolLabel"), strings(doc, "labelAdmins"),
                band(object(bands, "regular")), band(object(bands, "reserved")), tenants);
        if (doc.has("nodeTenancyKey")) {
            String nodeKey = text(doc, "nodeTenancyKey");
            if (!nodeKey.startsWith(WellKnownLabels.NODE_RESTRICTION_DOMAIN + "/")) {
                throw new IllegalArgumentException("tenancy field 'nodeTenancyKey' must be a " + WellKnownLabels.NODE_RESTRICTION_DOMAIN
                        + " label, which a kubelet cannot set on its own Node; got '" + nodeKey + "'");
            }
            tenancy = tenancy.withNodeTenancyKey(nodeKey);
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

    private static Quantity quantity(JsonNode n, String field) {
        return Quantity.tryParse(text(n, field))
                .orElseThrow(() -> new IllegalArgumentException("tenancy quota '" + field + "' is not a quantity"));
    }
}
