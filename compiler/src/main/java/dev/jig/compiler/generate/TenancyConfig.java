package dev.jig.compiler.generate;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.compiler.karpenter.Quantity;
import dev.jig.compiler.karpenter.WellKnownLabels;
import dev.jig.compiler.policy.Platform;
import dev.jig.compiler.policy.PolicySet;
import dev.jig.compiler.policy.Tenant;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.TreeMap;

/**
 * The tenancy ConfigMap that the admission webhook and the controller read: which namespace and
 * which NodePool belongs to which tenant, each tenant's isolation and quota, the tenancy key, the
 * principals allowed to relabel namespaces, and the weight bands. Format {@code jig.dev/v1alpha1},
 * documented in policies/README.md.
 */
public final class TenancyConfig {

    public static final String NAME = "jig-tenancy";
    public static final String NAMESPACE = "jig-system";
    public static final String DATA_KEY = "tenancy.json";
    public static final String FORMAT = "jig.dev/v1alpha1";

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private TenancyConfig() {
    }

    static GeneratedObject configMap(PolicySet set, Map<String, QuotaPlan.Plan> plans) {
        Platform p = set.platform();
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode doc = f.objectNode();
        doc.put("format", FORMAT);
        doc.put("cluster", p.cluster().name());
        doc.put("tenancyKey", p.tenancyKey());
        doc.put("poolLabel", Generator.POOL_LABEL);
        ArrayNode admins = doc.putArray("labelAdmins");
        p.labelAdmins().forEach(admins::add);
        ObjectNode bands = doc.putObject("weightBands");
        bands.putObject("regular").put("min", 1).put("max", Generator.REGULAR_WEIGHT_MAX);
        bands.putObject("reserved").put("min", Generator.RESERVED_WEIGHT_MIN).put("max", 100);

        ObjectNode tenants = doc.putObject("tenants");
        Map<String, String> namespaces = new TreeMap<>();
        Map<String, String> pools = new TreeMap<>();
        for (Tenant t : set.tenants()) {
            ObjectNode tn = tenants.putObject(t.name());
            tn.put("isolation", t.isolation().label());
            ArrayNode ns = tn.putArray("namespaces");
            t.namespaces().stream().sorted().forEach(ns::add);
            ObjectNode quota = tn.putObject("quota");
            quota.put("cpu", Quantity.formatCpuMillis(t.quota().cpuMillis()));
            quota.put("memory", Quantity.formatMebibytes(t.quota().memoryMib()));
            quota.put(WellKnownLabels.GPU_RESOURCE, Long.toString(t.quota().gpus()));
            ArrayNode tp = tn.putArray("nodePools");
            QuotaPlan.Plan plan = plans.get(t.name());
            plan.reserved().forEach(r -> tp.add(Generator.reservedPoolName(t.name(), r.reservation().name())));
            t.pools().forEach(pool -> tp.add(Generator.poolName(t.name(), pool.name())));
            t.namespaces().forEach(n -> namespaces.put(n, t.name()));
            tp.forEach(n -> pools.put(n.asText(), t.name()));
        }
        ObjectNode nsNode = doc.putObject("namespaces");
        namespaces.forEach(nsNode::put);
        ObjectNode poolNode = doc.putObject("nodePools");
        pools.forEach(poolNode::put);

        ObjectNode cm = f.objectNode();
        cm.put("apiVersion", "v1");
        cm.put("kind", "ConfigMap");
        ObjectNode meta = cm.putObject("metadata");
        meta.put("name", NAME);
        meta.put("namespace", NAMESPACE);
        meta.putObject("labels").put(Manifests.MANAGED_BY, "jig");
        cm.putObject("data").put(DATA_KEY, pretty(doc));
        return new GeneratedObject("v1", "ConfigMap", NAMESPACE, NAME, cm, p.origin().position());
    }

    static GeneratedObject namespace(Platform p, Tenant t, String name) {
        ObjectNode ns = Manifests.tenantObject("v1", "Namespace", name, p.tenancyKey(), t.name());
        return new GeneratedObject("v1", "Namespace", null, name, ns, t.origin().position());
    }

    private static String pretty(ObjectNode doc) {
        DefaultPrettyPrinter printer = new DefaultPrettyPrinter().withObjectIndenter(new DefaultIndenter("  ", "\n"));
        try {
            return MAPPER.writer(printer).writeValueAsString(doc) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
