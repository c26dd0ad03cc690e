package dev.jig.compiler.check;

import dev.jig.api.diag.Diagnostic;
import dev.jig.api.diag.Rule;
import dev.jig.compiler.generate.PolicyFacts;
import dev.jig.compiler.policy.PolicySet;
import dev.jig.compiler.policy.Tenant;
import java.util.ArrayList;
import java.util.List;

/**
 * JIG0208: a tenant's explicit pool shares add up to at most 100%, and leave room for pools that
 * state none (each of those needs at least 1%). Without this the pools' limits could add up to more
 * than the tenant's quota.
 */
final class ShareCheck implements PolicyCheck {

    @Override
    public List<Diagnostic> check(PolicyFacts facts) {
        PolicySet set = facts.set();
        List<Diagnostic> out = new ArrayList<>();
        for (Tenant t : set.tenants()) {
            int explicit = 0;
            int unspecified = 0;
            Tenant.Pool last = null;
            for (Tenant.Pool p : t.pools()) {
                if (p.sharePercent() != null) {
                    explicit += p.sharePercent();
                    last = p;
                } else {
                    unspecified++;
                }
            }
            if (explicit > 100 || explicit + unspecified > 100 && unspecified > 0) {
                var pos = last != null ? last.origin().at("share") : t.origin().at("spec/pools");
                out.add(Diagnostic.of(Rule.SHARES_OVER_QUOTA, pos,
                        "tenant '" + t.name() + "' pools claim " + explicit + "% of the quota"
                                + (unspecified > 0 ? " and " + unspecified + " pool(s) without a share need at least 1% each" : "")));
            }
        }
        return out;
    }
}
