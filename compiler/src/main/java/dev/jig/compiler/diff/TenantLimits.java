package dev.jig.compiler.diff;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.jig.api.karpenter.Quantity;
import dev.jig.api.karpenter.WellKnownLabels;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Sums NodePool {@code spec.limits} per tenant, the tenant being the NodePool's template label
 * under the tenancy key. NodePools without that label count under the tenant {@code ""}.
 */
final class TenantLimits {

    private static final List<String> WELL_KNOWN = List.of("cpu", "memory", WellKnownLabels.GPU_RESOURCE);
    static final Comparator<String> RESOURCE_ORDER = Comparator
            .comparingInt((String r) -> WELL_KNOWN.contains(r) ? WELL_KNOWN.indexOf(r) : WELL_KNOWN.size())
            .thenComparing(Comparator.naturalOrder());

    private TenantLimits() {
    }

    /** Per tenant and resource, the totals that differ between the two outputs. */
    static List<TenantLimitChange> changes(List<JsonNode> before, List<JsonNode> after, String tenancyKey) {
        Map<String, List<JsonNode>> limitsBefore = limitsByTenant(before, tenancyKey);
        Map<String, List<JsonNode>> limitsAfter = limitsByTenant(after, tenancyKey);
        TreeSet<String> tenants = new TreeSet<>(limitsBefore.keySet());
        tenants.addAll(limitsAfter.keySet());
        List<TenantLimitChange> changes = new ArrayList<>();
        for (String tenant : tenants) {
            List<JsonNode> b = limitsBefore.getOrDefault(tenant, List.of());
            List<JsonNode> a = limitsAfter.getOrDefault(tenant, List.of());
            TreeSet<String> resources = new TreeSet<>(RESOURCE_ORDER);
            b.forEach(limits -> limits.fieldNames().forEachRemaining(resources::add));
            a.forEach(limits -> limits.fieldNames().forEachRemaining(resources::add));
            for (String resource : resources) {
                Optional<Quantity> totalBefore = total(b, resource);
                Optional<Quantity> totalAfter = total(a, resource);
                if (!totalBefore.equals(totalAfter)) {
                    changes.add(new TenantLimitChange(tenant, resource, totalBefore, totalAfter));
                }
            }
        }
        return changes;
    }

    private static Map<String, List<JsonNode>> limitsByTenant(List<JsonNode> objects, String tenancyKey) {
        Map<String, List<JsonNode>> byTenant = new TreeMap<>();
        for (JsonNode object : objects) {
            if (!"NodePool".equals(object.path("kind").asText())) continue;
            JsonNode spec = object.path("spec");
            String tenant = spec.path("template").path("metadata").path("labels").path(tenancyKey).asText("");
            JsonNode limits = spec.path("limits");
            byTenant.computeIfAbsent(tenant, t -> new ArrayList<>())
                    .add(limits.isObject() ? limits : JsonNodeFactory.instance.objectNode());
        }
        return byTenant;
    }

    /** The sum over the tenant's NodePools; empty (unlimited) when one of them sets no limit. */
    private static Optional<Quantity> total(List<JsonNode> limitsOfPools, String resource) {
        Quantity sum = Quantity.ZERO;
        for (JsonNode limits : limitsOfPools) {
            JsonNode value = limits.path(resource);
            if (value.isMissingNode() || value.isNull()) return Optional.empty();
            sum = sum.plus(quantity(value, resource));
        }
        return Optional.of(sum);
    }

    private static Quantity quantity(JsonNode value, String resource) {
        try {
            return Quantity.fromJson(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("NodePool limit " + resource + ": " + e.getMessage(), e);
        }
    }
}
