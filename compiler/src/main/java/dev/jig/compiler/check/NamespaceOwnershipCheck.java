package dev.jig.compiler.check;

import dev.jig.api.diag.Diagnostic;
import dev.jig.api.diag.Rule;
import dev.jig.api.source.Position;
import dev.jig.compiler.generate.PolicyFacts;
import dev.jig.compiler.policy.PolicySet;
import dev.jig.compiler.policy.Tenant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** JIG0204: a namespace belongs to exactly one tenant. JIG0228: and never to a tenant if the platform needs it. */
final class NamespaceOwnershipCheck implements PolicyCheck {

    private static final Set<String> RESERVED = Set.of("default", "jig-system", "karpenter", "argocd");

    static boolean reserved(String namespace) {
        return RESERVED.contains(namespace) || namespace.startsWith("kube-");
    }

    @Override
    public List<Diagnostic> check(PolicyFacts facts) {
        PolicySet set = facts.set();
        List<Diagnostic> out = new ArrayList<>();
        Map<String, String> owner = new HashMap<>();
        Map<String, Position> where = new HashMap<>();
        for (Tenant t : set.tenants()) {
            for (int i = 0; i < t.namespaces().size(); i++) {
                String ns = t.namespaces().get(i);
                Position pos = t.origin().at("spec/namespaces/" + i);
                if (reserved(ns)) {
                    out.add(Diagnostic.of(Rule.RESERVED_NAMESPACE, pos, "namespace '" + ns + "' belongs to the platform, not to tenant '" + t.name() + "'"));
                }
                String first = owner.putIfAbsent(ns, t.name());
                if (first == null) {
                    where.put(ns, pos);
                } else {
                    String whom = first.equals(t.name()) ? "this tenant already" : "tenant '" + first + "'";
                    out.add(Diagnostic.of(Rule.NAMESPACE_CLAIMED_TWICE, pos,
                            "namespace '" + ns + "' is claimed by " + whom + " at " + where.get(ns)));
                }
            }
        }
        return out;
    }
}
