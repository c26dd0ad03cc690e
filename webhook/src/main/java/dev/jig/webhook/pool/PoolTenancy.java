package dev.jig.webhook.pool;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.api.diag.Rule;
import dev.jig.api.tenancy.Tenancy.TenantEntry;
import dev.jig.webhook.admission.Finding;
import dev.jig.webhook.admission.TenancyLabel;
import dev.jig.webhook.pool.PoolNodeLabels.Claim;
import dev.jig.webhook.tenancy.TenancyView;
import java.util.List;
import java.util.Optional;

/**
 * A NodePool's tenant claims must agree with each other and with the tenancy ConfigMap. A pool
 * claims a tenant through its label, every label it puts on its nodes whose value names a tenant
 * (template labels and requirements on the node key, the legacy tenancy key and the other keys of
 * {@link PoolNodeLabels}) and its taints; it names a pool and a class through the pool label and
 * the EC2NodeClass label. Any requirement on such a key other than {@code In} and
 * {@code DoesNotExist} is a claim: Karpenter labels a node with some value that satisfies
 * {@code Exists}, {@code NotIn}, {@code Gt} or {@code Lt}, which may be another tenant's name. So
 * a tenant's pool may only require {@code In [<owner>]}, and a pool no tenant lists may only
 * require {@code DoesNotExist}. The owner is the
 * tenant the ConfigMap lists the pool under: its pool must carry the label on itself and every node
 * key ({@link TenancyView#nodeKeys()}: the node key the ConfigMap publishes and the legacy key) on
 * its nodes (the template's labels: the pool's own labels and an {@code In} requirement are not
 * enough to say so), a dedicated tenant's pool also the taint {@code <key>=<tenant>:NoSchedule}
 * among the template's {@code taints} — under the tenancy key, which the pods' tolerations name; a
 * {@code startupTaint} does not isolate, since agents remove it once the node is ready — and
 * nothing may name another tenant (a startup taint included), another tenant's pool, or a class
 * other than its own. A pool no tenant lists may claim no tenant, with any value: otherwise a
 * hand-made pool could label its nodes as another tenant's and draw that tenant's pods (or be
 * drawn into its quota).
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
        PoolNodeLabels labels = PoolNodeLabels.of(pool, view);
        Optional<TenantEntry> owner = view.tenancy().tenantOfNodePool(name);
        String tenant = owner.map(TenantEntry::name).orElse(null);
        String whose = tenant == null ? "NodePool '" + name + "', which the tenancy ConfigMap lists under no tenant,"
                : "NodePool '" + name + "' of tenant '" + tenant + "'";
        for (Claim c : labels.tenants()) {
            if (!c.value().equals(tenant)) {
                out.add(new Finding(Rule.POOL_TENANT_MISMATCH, c.at() + ": " + whose + " names tenant '" + c.value() + "' by " + c.key()));
            }
        }
        for (Claim c : labels.pools()) {
            if (view.isForeignPoolLabel(tenant, c.value())) {
                out.add(new Finding(Rule.POOL_TENANT_MISMATCH, c.at() + ": " + whose + " labels its nodes " + c.key() + "=" + c.value()
                        + ", the pool label of " + (tenant == null ? "a tenant's pool" : "another tenant's pool")));
            }
        }
        String nodeClass = PoolNodeLabels.text(template.path("spec").path("nodeClassRef").path("name"));
        for (Claim c : labels.classes()) {
            if (!c.value().equals(nodeClass)) {
                out.add(new Finding(Rule.POOL_TENANT_MISMATCH, c.at() + ": " + whose + " labels its nodes " + c.key() + "=" + c.value()
                        + " but launches them from EC2NodeClass '" + nodeClass + "'"));
            }
        }
        for (Claim c : labels.open()) {
            out.add(new Finding(Rule.POOL_TENANT_MISMATCH, c.at() + ": " + whose + " has a requirement " + c.key() + " " + c.value()
                    + ", which lets Karpenter label its nodes with any value; "
                    + (tenant == null ? "only DoesNotExist may name the key" : "only In with its own values, or DoesNotExist, may name the key")));
        }
        if (tenant == null) return null;
        if (!TenancyLabel.of(pool, key).orElse("").equals(tenant)) {
            out.add(new Finding(Rule.POOL_TENANT_MISMATCH, "/metadata/labels: NodePool '" + name + "' lacks the label " + key + "=" + tenant));
        }
        for (String nodeKey : view.nodeKeys()) {
            if (!tenant.equals(labels.templateLabel(nodeKey))) {
                out.add(new Finding(Rule.POOL_TENANT_MISMATCH, "/spec/template/metadata/labels: NodePool '" + name + "' does not label its nodes "
                        + nodeKey + "=" + tenant + " (its own label and requirements do not put it on nodes)"));
            }
        }
        if (owner.get().dedicated() && !isolates(template.path("spec").path("taints"), key, tenant)) {
            out.add(new Finding(Rule.POOL_TENANT_MISMATCH, "/spec/template/spec/taints: NodePool '" + name + "' of dedicated tenant '" + tenant
                    + "' lacks the taint " + key + "=" + tenant + ":" + ISOLATION_EFFECT
                    + " (a startup taint does not count: agents remove it once the node is ready)"));
        }
        return tenant;
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
}
