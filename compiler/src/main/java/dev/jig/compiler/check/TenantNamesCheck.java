package dev.jig.compiler.check;

import dev.jig.api.diag.Diagnostic;
import dev.jig.api.diag.Rule;
import dev.jig.compiler.generate.PolicyFacts;
import dev.jig.compiler.policy.PolicySet;
import dev.jig.compiler.policy.Tenant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** JIG0203: tenant names are unique across the repository. */
final class TenantNamesCheck implements PolicyCheck {

    @Override
    public List<Diagnostic> check(PolicyFacts facts) {
        PolicySet set = facts.set();
        List<Diagnostic> out = new ArrayList<>();
        Map<String, Tenant> seen = new HashMap<>();
        for (Tenant t : set.tenants()) {
            Tenant first = seen.putIfAbsent(t.name(), t);
            if (first != null) {
                out.add(Diagnostic.of(Rule.TENANT_DUPLICATE, t.origin().at("metadata/name"),
                        "tenant '" + t.name() + "' is already defined in " + first.origin().at("metadata/name")));
            }
        }
        return out;
    }
}
