package dev.jig.webhook.pool;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.webhook.admission.TenancyLabel;
import dev.jig.webhook.tenancy.TenancyView;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What a NodePool says about whose its nodes are, read from every place a value can reach a node or the pool:
 * the pool's own tenancy label, the template's labels, its requirements (Karpenter labels a node with a value that
 * satisfies each one) and its taints and startup taints. Only keys that identify a tenant and that a template can
 * set count: those whose value names a tenant ({@link WellKnownLabels#namesTenant}: the node key, the legacy
 * tenancy key, {@code jig.dev/tenant}, any {@code node-restriction.kubernetes.io/} key), the pool label
 * ({@code jig.dev/pool}) and {@link WellKnownLabels#EC2NODECLASS}. Karpenter's CRD already refuses the other
 * identifying keys ({@code karpenter.sh/nodepool}, {@code kubernetes.io/hostname}) in templates. Presence counts:
 * a label with an empty value is a claim of {@code ""}.
 *
 * @param tenants values naming a tenant, where they are
 * @param pools values of the pool label on the nodes
 * @param classes values of the EC2NodeClass label on the nodes
 * @param open requirements on any of these keys that let Karpenter pick a value ({@code Exists}, {@code NotIn},
 *     {@code Gt}, {@code Lt}, {@code In []}, anything but {@code In} and {@code DoesNotExist}); the value is the operator
 */
record PoolNodeLabels(List<Claim> tenants, List<Claim> pools, List<Claim> classes, List<Claim> open) {

    /** A value for {@code key} at JSON pointer {@code at}. */
    record Claim(String at, String key, String value) {
    }

    private static final String TEMPLATE = "/spec/template";
    private static final String TEMPLATE_LABELS = TEMPLATE + "/metadata/labels";

    static PoolNodeLabels of(JsonNode pool, TenancyView view) {
        PoolNodeLabels out = new PoolNodeLabels(new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        String tenancyKey = view.tenancyKey();
        TenancyLabel.of(pool, tenancyKey).ifPresent(v -> out.tenants.add(new Claim("/metadata/labels", tenancyKey, v)));
        JsonNode template = pool.path("spec").path("template");
        for (Map.Entry<String, JsonNode> e : template.path("metadata").path("labels").properties()) {
            out.add(TEMPLATE_LABELS, e.getKey(), text(e.getValue()), view);
        }
        JsonNode requirements = template.path("spec").path("requirements");
        for (int i = 0; i < requirements.size(); i++) {
            JsonNode r = requirements.get(i);
            String key = text(r.path("key"));
            if (out.listFor(key, view) == null) continue;
            String at = TEMPLATE + "/spec/requirements/" + i;
            String operator = text(r.path("operator"));
            if (operator.equals("In") && !r.path("values").isEmpty()) {
                for (JsonNode v : r.path("values")) out.add(at, key, text(v), view);
            } else if (!operator.equals("DoesNotExist")) {
                out.open.add(new Claim(at, key, operator + (operator.equals("In") ? " []" : "")));
            }
        }
        for (String field : List.of("taints", "startupTaints")) {
            JsonNode taints = template.path("spec").path(field);
            for (int i = 0; i < taints.size(); i++) {
                String key = text(taints.get(i).path("key"));
                if (WellKnownLabels.namesTenant(key, tenancyKey)) {
                    out.tenants.add(new Claim(TEMPLATE + "/spec/" + field + "/" + i, key, text(taints.get(i).path("value"))));
                }
            }
        }
        return out;
    }

    private void add(String at, String key, String value, TenancyView view) {
        List<Claim> list = listFor(key, view);
        if (list != null) list.add(new Claim(at, key, value));
    }

    /** The list a value of {@code key} belongs in, or null when the key identifies no tenant. */
    private List<Claim> listFor(String key, TenancyView view) {
        if (WellKnownLabels.namesTenant(key, view.tenancyKey())) return tenants;
        if (key.equals(WellKnownLabels.JIG_POOL) || key.equals(view.tenancy().poolLabel())) return pools;
        if (key.equals(WellKnownLabels.EC2NODECLASS)) return classes;
        return null;
    }

    /** The value of the template's label {@code key} when it names a tenant, or null when the template has no such label. */
    String templateLabel(String key) {
        for (Claim c : tenants) {
            if (c.at().equals(TEMPLATE_LABELS) && c.key().equals(key)) return c.value();
        }
        return null;
    }

    /** A value's text ({@link TenancyLabel#text}), {@code ""} when absent. */
    static String text(JsonNode n) {
        return n.isMissingNode() ? "" : TenancyLabel.text(n);
    }
}
