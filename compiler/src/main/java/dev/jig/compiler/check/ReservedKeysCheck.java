package dev.jig.compiler.check;

import dev.jig.api.diag.Diagnostic;
import dev.jig.api.diag.Rule;
import dev.jig.api.karpenter.ApiGroups;
import dev.jig.api.karpenter.Taint;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.compiler.generate.PolicyFacts;
import dev.jig.compiler.policy.PolicySet;
import dev.jig.compiler.policy.Tenant;
import java.util.ArrayList;
import java.util.List;

/**
 * JIG0224: tenants cannot set labels or taints that Jig or Karpenter manage. A pool label
 * {@code jig.dev/tenant: other} would otherwise make a pool look like another tenant's; every key whose value
 * names a tenant ({@link WellKnownLabels#namesTenant}) is reserved, whatever the platform's tenancy key.
 */
final class ReservedKeysCheck implements PolicyCheck {

    private static final List<String> RESERVED_DOMAINS = List.of(ApiGroups.KARPENTER, ApiGroups.KARPENTER_AWS,
            WellKnownLabels.KUBERNETES_DOMAIN, WellKnownLabels.K8S_DOMAIN);

    @Override
    public List<Diagnostic> check(PolicyFacts facts) {
        PolicySet set = facts.set();
        List<Diagnostic> out = new ArrayList<>();
        String tenancyKey = set.platform().tenancyKey();
        for (Tenant t : set.tenants()) {
            for (Tenant.Pool p : t.pools()) {
                for (String key : p.labels().keySet()) {
                    if (reserved(key, tenancyKey)) {
                        out.add(Diagnostic.of(Rule.RESERVED_LABEL, p.origin().keyOf("labels/" + escape(key)),
                                "label '" + key + "' is managed by " + owner(key, tenancyKey)));
                    }
                }
                for (int i = 0; i < p.taints().size(); i++) {
                    Taint taint = p.taints().get(i);
                    if (reserved(taint.key(), tenancyKey)) {
                        out.add(Diagnostic.of(Rule.RESERVED_LABEL, p.origin().at("taints/" + i + "/key"),
                                "taint key '" + taint.key() + "' is managed by " + owner(taint.key(), tenancyKey)));
                    }
                }
            }
        }
        return out;
    }

    static boolean reserved(String key, String tenancyKey) {
        // Every key whose value names a tenant on a node, even when the platform's tenancy key is another: the
        // webhook refuses a pool whose node labels name another tenant by any of them.
        if (WellKnownLabels.namesTenant(key, tenancyKey) || key.equals(WellKnownLabels.JIG_POOL)) return true;
        int slash = key.indexOf('/');
        if (slash < 0) return false;
        String domain = key.substring(0, slash);
        for (String d : RESERVED_DOMAINS) {
            if (domain.equals(d) || domain.endsWith("." + d)) return true;
        }
        return false;
    }

    private static String owner(String key, String tenancyKey) {
        return WellKnownLabels.identifiesTenant(key, tenancyKey) && !key.equals(WellKnownLabels.HOSTNAME) || key.equals(WellKnownLabels.JIG_POOL)
                ? "Jig (tenancy)" : "Kubernetes or Karpenter";
    }

    private static String escape(String key) {
        return dev.jig.api.source.SourceMap.escape(key);
    }
}
