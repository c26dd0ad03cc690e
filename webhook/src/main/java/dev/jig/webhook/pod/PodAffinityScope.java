package dev.jig.webhook.pod;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.api.diag.Rule;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.api.tenancy.Tenancy.TenantEntry;
import dev.jig.webhook.admission.Finding;
import dev.jig.webhook.tenancy.TenancyView;
import java.util.List;
import java.util.Objects;

/**
 * Pod affinity and anti-affinity terms that reach other tenants' pods. Affinity towards another
 * tenant's pods aims the pod at that tenant's nodes; a required anti-affinity term is honoured
 * symmetrically by the scheduler, so a term over all namespaces with a zone topology key lets one
 * tenant keep another tenant's matching pods out of whole zones. So a term may only name the
 * pod's own tenant's namespaces: {@code namespaces} must not list another tenant's namespace nor,
 * for a tenant's pod, a namespace of no tenant (whose pods may run anywhere, so the term would
 * reach outside the tenant just the same), and
 * a {@code namespaceSelector} must pin the tenant, by the tenancy label (which only label admins
 * set) or by {@code kubernetes.io/metadata.name}. A pod of no tenant may not reach any tenant's
 * namespace. Terms without {@code namespaces} and {@code namespaceSelector} stay in the pod's own
 * namespace and are fine.
 */
final class PodAffinityScope {


    private PodAffinityScope() {
    }

    static void check(JsonNode spec, TenantEntry tenant, TenancyView view, List<Finding> out) {
        for (String kind : List.of("podAffinity", "podAntiAffinity")) {
            JsonNode a = spec.path("affinity").path(kind);
            for (JsonNode term : a.path("requiredDuringSchedulingIgnoredDuringExecution")) {
                term(kind, term, tenant, view, out);
            }
            for (JsonNode pref : a.path("preferredDuringSchedulingIgnoredDuringExecution")) {
                term(kind, pref.path("podAffinityTerm"), tenant, view, out);
            }
        }
    }

    private static void term(String kind, JsonNode term, TenantEntry tenant, TenancyView view, List<Finding> out) {
        String own = tenant == null ? null : tenant.name();
        for (JsonNode ns : term.path("namespaces")) {
            String owner = view.tenantOfNamespace(ns.asText("")).map(TenantEntry::name).orElse(null);
            if (!Objects.equals(owner, own)) {
                out.add(new Finding(Rule.POD_FOREIGN_POD_AFFINITY, kind + " term names namespace '" + ns.asText()
                        + "' of " + (owner == null ? "no tenant" : "tenant '" + owner + "'")));
            }
        }
        JsonNode selector = term.get("namespaceSelector");
        if (selector != null && !selector.isNull() && !pinsOwnTenant(selector, tenant, view)) {
            out.add(new Finding(Rule.POD_FOREIGN_POD_AFFINITY, kind + " term's namespaceSelector " + selector
                    + " reaches namespaces outside " + (own == null ? "namespaces of no tenant" : "tenant '" + own + "'")));
        }
    }

    /** Whether the selector provably matches only the tenant's namespaces (for no tenant: only namespaces of no tenant). */
    private static boolean pinsOwnTenant(JsonNode selector, TenantEntry tenant, TenancyView view) {
        String key = view.tenancyKey();
        JsonNode labels = selector.path("matchLabels");
        if (tenant != null && labels.path(key).asText("").equals(tenant.name())) return true;
        if (labels.has(WellKnownLabels.METADATA_NAME) && ownsNamespace(labels.path(WellKnownLabels.METADATA_NAME).asText(""), tenant, view)) return true;
        for (JsonNode e : selector.path("matchExpressions")) {
            String k = e.path("key").asText("");
            String op = e.path("operator").asText("");
            List<String> values = NodeTargets.texts(e.path("values"));
            if (op.equals("In") && !values.isEmpty()) {
                if (tenant != null && k.equals(key) && values.stream().allMatch(tenant.name()::equals)) return true;
                if (k.equals(WellKnownLabels.METADATA_NAME) && values.stream().allMatch(v -> ownsNamespace(v, tenant, view))) return true;
            }
        }
        return false;
    }

    private static boolean ownsNamespace(String namespace, TenantEntry tenant, TenancyView view) {
        var owner = view.tenantOfNamespace(namespace);
        return tenant == null ? owner.isEmpty() : owner.map(t -> t.name().equals(tenant.name())).orElse(false);
    }
}
