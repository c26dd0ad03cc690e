package dev.jig.webhook.pod;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.api.diag.Rule;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.webhook.admission.Finding;
import dev.jig.webhook.tenancy.TenancyView;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds node selection aimed at another tenant: {@code spec.nodeSelector}, required and preferred
 * node affinity ({@code matchExpressions} and {@code matchFields}) and topology spread
 * constraints. The keys that identify a tenant's nodes are listed once, in
 * {@link WellKnownLabels#identifiesTenant} (plus the platform's tenancy and pool keys), and a term
 * aims at a tenant when it selects
 * <ul>
 *   <li>a tenancy label (the node key, the legacy tenancy key) with another tenant's name,</li>
 *   <li>{@code karpenter.sh/nodepool} or {@code jig.dev/pool} naming another tenant's pool,</li>
 *   <li>{@code karpenter.k8s.aws/ec2nodeclass} naming a class only other tenants' pools launch from,</li>
 *   <li>{@code kubernetes.io/hostname} or {@code metadata.name} naming another tenant's node,</li>
 *   <li>any other label only other tenants' pools put on their nodes (template labels, In requirements).</li>
 * </ul>
 * {@code In} (and nodeSelector equality) aims at each value; {@code Exists}, {@code Gt} and
 * {@code Lt} on an identifying key match every tenant's nodes and are refused;
 * {@code NotIn} and {@code DoesNotExist} only exclude nodes and never aim. The pod's own tenant
 * ({@code null} for a pod of no tenant, for which every tenant is foreign) is never foreign.
 * <p>Preferred terms are judged like required ones: a preference cannot move a tenant's pod (its
 * nodeSelector pins it) nor a pod of no tenant (the mutating webhook makes it require that the
 * tenancy label does not exist), so a foreign preference only states an intent, and is refused
 * with the same message. A node name the view does not know yet is not foreign: only a registered
 * node has a tenant, and the pod's own steering keeps it off tenant nodes that register later.
 */
final class NodeTargets {

    /** The only field a node selector term's {@code matchFields} may use. */
    private static final String METADATA_NAME_FIELD = "metadata.name";

    private final TenancyView view;
    private final String tenant;
    private final List<Finding> out;

    NodeTargets(TenancyView view, String tenant, List<Finding> out) {
        this.view = view;
        this.tenant = tenant;
        this.out = out;
    }

    void check(JsonNode spec) {
        spec.path("nodeSelector").properties().forEach(e ->
                expression("nodeSelector", e.getKey(), "In", List.of(e.getValue().asText()), false));
        JsonNode nodeAffinity = spec.path("affinity").path("nodeAffinity");
        for (JsonNode term : nodeAffinity.path("requiredDuringSchedulingIgnoredDuringExecution").path("nodeSelectorTerms")) {
            term(term, "required node affinity");
        }
        for (JsonNode pref : nodeAffinity.path("preferredDuringSchedulingIgnoredDuringExecution")) {
            term(pref.path("preference"), "preferred node affinity");
        }
        for (JsonNode c : spec.path("topologySpreadConstraints")) {
            String key = c.path("topologyKey").asText("");
            if (view.isIdentifying(key) && !key.equals(WellKnownLabels.HOSTNAME)) {
                out.add(new Finding(Rule.POD_FOREIGN_SELECTOR,
                        "topology spread constraint over '" + key + "' spreads the pod across other tenants' nodes"));
            }
            if (tenant != null && c.path("nodeAffinityPolicy").asText("").equals("Ignore")) {
                out.add(new Finding(Rule.POD_FOREIGN_SELECTOR,
                        "topology spread constraint with nodeAffinityPolicy Ignore counts other tenants' nodes; use Honor"));
            }
        }
    }

    private void term(JsonNode term, String where) {
        for (JsonNode e : term.path("matchExpressions")) {
            expression(where, e.path("key").asText(""), e.path("operator").asText(""), texts(e.path("values")), false);
        }
        for (JsonNode e : term.path("matchFields")) {
            expression(where, e.path("key").asText(""), e.path("operator").asText(""), texts(e.path("values")), true);
        }
    }

    private void expression(String where, String key, String operator, List<String> values, boolean field) {
        boolean identifying = field ? key.equals(METADATA_NAME_FIELD) : view.isIdentifying(key);
        switch (operator) {
            case "In" -> values.forEach(v -> {
                String owner = foreignOwner(key, v, field);
                if (owner != null) {
                    out.add(new Finding(Rule.POD_FOREIGN_SELECTOR, where + " " + key + "=" + v + " selects " + owner));
                }
            });
            case "Exists", "Gt", "Lt" -> {
                if (identifying) {
                    out.add(new Finding(Rule.POD_FOREIGN_SELECTOR, where + " " + key + " " + operator
                            + " matches every tenant's nodes; select your own with `In`"));
                }
            }
            default -> {
                // NotIn and DoesNotExist only exclude nodes.
            }
        }
    }

    /** A description of the foreign owner that {@code key=value} selects, or null when it is not foreign. */
    private String foreignOwner(String key, String value, boolean field) {
        if (field || key.equals(WellKnownLabels.HOSTNAME)) {
            String nodeTenant = view.tenantOfNode(value).orElse("");
            return isForeign(nodeTenant) ? "node of tenant '" + nodeTenant + "'" : null;
        }
        if (view.isTenancyKey(key)) {
            boolean foreign = tenant != null ? !value.equals(tenant) : view.tenant(value).isPresent();
            return foreign ? "tenant '" + value + "'" : null;
        }
        if (key.equals(WellKnownLabels.NODEPOOL)) {
            String owner = view.ownerOfPool(value).orElse("");
            return isForeign(owner) ? "NodePool of tenant '" + owner + "'" : null;
        }
        if (key.equals(WellKnownLabels.EC2NODECLASS)) {
            var owners = view.ownersOfNodeClass(value);
            return owners.isEmpty() || (tenant != null && owners.contains(tenant)) ? null
                    : "EC2NodeClass of tenant '" + String.join("', '", owners.stream().sorted().toList()) + "'";
        }
        if (key.equals(view.tenancy().poolLabel())) {
            return view.isForeignPoolLabel(tenant, value) ? "another tenant's pool" : null;
        }
        var owners = view.tenantsLabelling(key, value);
        if (!owners.isEmpty() && (tenant == null || !owners.contains(tenant))) {
            return "nodes of tenant '" + String.join("', '", owners.stream().sorted().toList()) + "'";
        }
        return null;
    }

    private boolean isForeign(String owner) {
        return !owner.isEmpty() && !owner.equals(tenant);
    }

    static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        for (JsonNode v : array) out.add(v.asText(""));
        return out;
    }
}
