package dev.jig.compiler.explain;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.api.ec2.Catalog;
import dev.jig.api.ec2.InstanceType;
import dev.jig.api.karpenter.Quantity;
import dev.jig.api.karpenter.Requirement;
import dev.jig.compiler.generate.GeneratedObject;
import dev.jig.compiler.policy.PolicySet;
import dev.jig.compiler.policy.Tenant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What one tenant gets, read off the compiled NodePools themselves (so it cannot disagree with
 * them): each pool's weight, limits, taints and requirements, the instance types it can launch and
 * their on-demand price range.
 */
public final class TenantExplanation {

    private TenantExplanation() {
    }

    public static Optional<String> render(PolicySet set, List<GeneratedObject> objects, Catalog catalog, String tenantName) {
        Optional<Tenant> tenant = set.tenants().stream().filter(t -> t.name().equals(tenantName)).findFirst();
        if (tenant.isEmpty()) return Optional.empty();
        Tenant t = tenant.get();
        String key = set.platform().tenancyKey();
        StringBuilder out = new StringBuilder();
        out.append("Tenant ").append(t.name()).append(" (").append(t.isolation().label()).append(", cost centre ").append(t.costCenter()).append(")\n");
        out.append("  namespaces: ").append(String.join(", ", t.namespaces())).append('\n');
        out.append("  owners:     ").append(String.join(", ", t.owners())).append('\n');
        out.append("  quota:      cpu ").append(Quantity.formatCpuMillis(t.quota().cpuMillis()))
                .append(", memory ").append(Quantity.formatMebibytes(t.quota().memoryMib()))
                .append(", GPUs ").append(t.quota().gpus()).append('\n');
        List<GeneratedObject> pools = objects.stream()
                .filter(o -> o.kind().equals("NodePool") && tenantName.equals(o.body().path("metadata").path("labels").path(key).asText(null)))
                .sorted(Comparator.comparingInt((GeneratedObject o) -> -o.body().path("spec").path("weight").asInt()).thenComparing(GeneratedObject::name))
                .toList();
        for (GeneratedObject pool : pools) pool(pool.body(), catalog, out);
        out.append("\nPrices: on-demand, ").append(catalog.region()).append(", price list of ").append(catalog.priceDate())
                .append(". Spot prices vary and are not in the catalog.\n");
        return Optional.of(out.toString());
    }

    private static void pool(JsonNode np, Catalog catalog, StringBuilder out) {
        JsonNode spec = np.path("spec");
        JsonNode tspec = spec.path("template").path("spec");
        out.append("\nNodePool ").append(np.path("metadata").path("name").asText())
                .append("  weight ").append(spec.path("weight").asText("-"))
                .append("  node class ").append(tspec.path("nodeClassRef").path("name").asText()).append('\n');
        List<String> limits = new ArrayList<>();
        spec.path("limits").fields().forEachRemaining(e -> limits.add(e.getKey() + " " + e.getValue().asText()));
        out.append("  limits:       ").append(String.join(", ", limits)).append('\n');
        List<String> taints = new ArrayList<>();
        tspec.path("taints").forEach(tn -> taints.add(tn.path("key").asText() + (tn.has("value") ? "=" + tn.path("value").asText() : "") + ":" + tn.path("effect").asText()));
        out.append("  taints:       ").append(taints.isEmpty() ? "none" : String.join(", ", taints)).append('\n');
        List<Requirement> reqs = requirements(tspec.path("requirements"));
        for (Requirement r : reqs) out.append("  requires:     ").append(r.describe()).append('\n');
        out.append("  disruption:   ").append(spec.path("disruption").path("consolidationPolicy").asText())
                .append(" after ").append(spec.path("disruption").path("consolidateAfter").asText())
                .append(", ").append(spec.path("disruption").path("budgets").size()).append(" budget(s), expireAfter ")
                .append(tspec.path("expireAfter").asText()).append('\n');

        List<InstanceType> types = new ArrayList<>(catalog.select(reqs));
        types.sort(Comparator.comparingDouble(TenantExplanation::price));
        out.append("  instance types: ").append(types.size());
        if (!types.isEmpty()) {
            InstanceType cheapest = types.get(0);
            InstanceType dearest = types.stream().filter(it -> it.onDemandPrice().isPresent()).reduce((a, b) -> b).orElse(cheapest);
            out.append(String.format(Locale.ROOT, ", on-demand $%.4f/h (%s) to $%.4f/h (%s)",
                    price(cheapest), cheapest.name(), price(dearest), dearest.name()));
            out.append('\n').append("  e.g.          ").append(String.join(", ", types.stream().limit(8).map(InstanceType::name).toList()));
            if (types.size() > 8) out.append(", …");
        }
        out.append('\n');
    }

    private static double price(InstanceType t) {
        OptionalDouble p = t.onDemandPrice();
        return p.isPresent() ? p.getAsDouble() : Double.MAX_VALUE;
    }

    static List<Requirement> requirements(JsonNode list) {
        List<Requirement> out = new ArrayList<>();
        for (JsonNode r : list) {
            List<String> values = new ArrayList<>();
            r.path("values").forEach(v -> values.add(v.asText()));
            out.add(new Requirement(r.path("key").asText(), Requirement.Operator.valueOf(r.path("operator").asText()), List.copyOf(values)));
        }
        return out;
    }
}
