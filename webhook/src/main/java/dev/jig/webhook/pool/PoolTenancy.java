package dev.jig.webhook.pool;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.api.diag.Rule;
import dev.jig.api.tenancy.Tenancy.TenantEntry;
import dev.jig.webhook.admission.Finding;
import dev.jig.webhook.tenancy.TenancyView;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A NodePool's tenant claims must agree with each other and with the tenancy ConfigMap. A pool
 * claims a tenant through its label, the label it puts on its nodes (template label or a
 * requirement on the tenancy key) and its taints. Any requirement on the tenancy key other than
 * {@code DoesNotExist} is a claim: Karpenter labels a node with some value that satisfies
 * {@code Exists}, {@code NotIn}, {@code Gt} or {@code Lt}, which may be another tenant's name. So
 * a tenant's pool may only require {@code In [<owner>]}, and a pool no tenant lists may only
 * require {@code DoesNotExist}. The owner is the
 * tenant the ConfigMap lists the pool under: its pool must carry the label on itself and on its
 * nodes (the template's labels: the pool's own labels and an {@code In} requirement are not enough
 * to say so), a dedicated tenant's pool also the taint {@code <key>=<tenant>:NoSchedule} among the
 * template's {@code taints} — a {@code startupTaint} does not isolate, since agents remove it once
 * the node is ready — and nothing may name another tenant (a startup taint included). A pool no
 * tenant lists may claim no tenant: otherwise a hand-made pool could label its nodes as another
 * tenant's and draw that tenant's pods (or be drawn into its quota).
 */
final class PoolTenancy {

    /** The effect of a dedicated tenant's taint: what the compiler writes and the pods' tolerations match. */
    static final String ISOLATION_EFFECT = "NoSchedule";

    private PoolTenancy() {
    }

    /** Adds the findings; returns the owning tenant's name, or null when no tenant owns the pool. */
    static String check(String name, JsonNode pool, TenancyView view, List<Finding> out) {
        String key = view.tenancyKey();
        JsonNode template = pool.path("spec").path("template");
        String label = text(pool.path("metadata").path("labels").path(key));
        String nodeLabel = text(template.path("metadata").path("labels").path(key));
        Set<String> claims = new LinkedHashSet<>();
        if (!label.isEmpty()) claims.add(label);
        if (!nodeLabel.isEmpty()) claims.add(nodeLabel);
        Set<String> otherOperators = new LinkedHashSet<>();
        for (JsonNode r : template.path("spec").path("requirements")) {
            if (!r.path("key").asText("").equals(key)) continue;
            String op = r.path("operator").asText("");
            if (op.equals("In")) {
                r.path("values").forEach(v -> claims.add(v.asText("")));
                if (r.path("values").isEmpty()) otherOperators.add("In []");
            } else if (!op.equals("DoesNotExist")) {
                otherOperators.add(op);
            }
        }
        for (String field : List.of("taints", "startupTaints")) {
            for (JsonNode t : template.path("spec").path(field)) {
                if (t.path("key").asText("").equals(key)) claims.add(t.path("value").asText(""));
            }
        }
        Optional<TenantEntry> owner = view.tenancy().tenantOfNodePool(name);
        if (owner.isEmpty()) {
            if (!claims.isEmpty()) {
                out.add(new Finding(Rule.POOL_TENANT_MISMATCH, "NodePool '" + name + "' claims tenant " + quoted(claims)
                        + " but the tenancy ConfigMap lists it under no tenant"));
            }
            if (!otherOperators.isEmpty()) {
                out.add(new Finding(Rule.POOL_TENANT_MISMATCH, "NodePool '" + name + "' has a requirement on " + key + " (" + String.join(", ", otherOperators)
                        + ") but the tenancy ConfigMap lists it under no tenant; only DoesNotExist may name the key"));
            }
            return null;
        }
        TenantEntry t = owner.get();
        for (String c : claims) {
            if (!c.equals(t.name())) {
                out.add(new Finding(Rule.POOL_TENANT_MISMATCH, "NodePool '" + name + "' of tenant '" + t.name() + "' names tenant '" + c + "'"));
            }
        }
        if (!otherOperators.isEmpty()) {
            out.add(new Finding(Rule.POOL_TENANT_MISMATCH, "NodePool '" + name + "' of tenant '" + t.name() + "' has a requirement on " + key
                    + " (" + String.join(", ", otherOperators) + "); a tenant's pool may only require " + key + " In [" + t.name() + "]"));
        }
        if (!label.equals(t.name())) {
            out.add(new Finding(Rule.POOL_TENANT_MISMATCH, "/metadata/labels: NodePool '" + name + "' lacks the label " + key + "=" + t.name()));
        }
        if (!nodeLabel.equals(t.name())) {
            out.add(new Finding(Rule.POOL_TENANT_MISMATCH, "/spec/template/metadata/labels: NodePool '" + name + "' does not label its nodes "
                    + key + "=" + t.name() + " (its own label and requirements do not put it on nodes)"));
        }
        if (t.dedicated() && !isolates(template.path("spec").path("taints"), key, t.name())) {
            out.add(new Finding(Rule.POOL_TENANT_MISMATCH, "/spec/template/spec/taints: NodePool '" + name + "' of dedicated tenant '" + t.name()
                    + "' lacks the taint " + key + "=" + t.name() + ":" + ISOLATION_EFFECT
                    + " (a startup taint does not count: agents remove it once the node is ready)"));
        }
        return t.name();
    }

    /**
     * Whether {@code taints} (the template's {@code taints}, never its {@code startupTaints}) holds the
     * dedicated tenant's isolation taint: key, value and effect exactly as the compiler writes them.
     */
    private static boolean isolates(JsonNode taints, String key, String tenant) {
        for (JsonNode t : taints) {
            if (key.equals(text(t.path("key"))) && tenant.equals(text(t.path("value"))) && ISOLATION_EFFECT.equals(text(t.path("effect")))) {
                return true;
            }
        }
        return false;
    }

    private static String text(JsonNode n) {
        return n.isTextual() ? n.asText() : "";
    }

    private static String quoted(Set<String> names) {
        return "'" + String.join("', '", names) + "'";
    }
}
