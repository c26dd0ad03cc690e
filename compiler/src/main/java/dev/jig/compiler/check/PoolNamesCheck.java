package dev.jig.compiler.check;

import dev.jig.api.diag.Diagnostic;
import dev.jig.api.diag.Rule;
import dev.jig.api.tenancy.PoolNames;
import dev.jig.compiler.generate.Generator;
import dev.jig.compiler.generate.PolicyFacts;
import dev.jig.compiler.policy.Platform;
import dev.jig.compiler.policy.PolicySet;
import dev.jig.compiler.policy.Tenant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * JIG0205: pool names are unique within a tenant. JIG0206: every generated NodePool name fits in a
 * label value (Karpenter labels each node with its pool's name), and so does every EC2NodeClass name.
 * JIG0226: no two generated NodePools or EC2NodeClasses get the same name.
 */
final class PoolNamesCheck implements PolicyCheck {

    private static final int MAX_LABEL_VALUE = 63;

    @Override
    public List<Diagnostic> check(PolicyFacts facts) {
        PolicySet set = facts.set();
        List<Diagnostic> out = new ArrayList<>();
        Set<String> generated = new HashSet<>();
        Map<String, String> classOwners = new HashMap<>();
        for (Tenant t : set.tenants()) {
            Set<String> names = new HashSet<>();
            for (Tenant.Pool p : t.pools()) {
                if (!names.add(p.name())) {
                    out.add(Diagnostic.of(Rule.POOL_DUPLICATE, p.origin().at("name"),
                            "tenant '" + t.name() + "' already has a pool named '" + p.name() + "'"));
                    continue;
                }
                String name = PoolNames.pool(t.name(), p.name());
                nameFits(name, p.origin().at("name"), generated, out);
                nodeClassFits(set.platform(), t, p, classOwners, out);
            }
        }
        for (Platform.Reservation r : set.platform().reservations()) {
            for (Platform.Allocation a : r.allocations()) {
                nameFits(PoolNames.reservedPool(a.tenant(), r.name()), a.origin().at("tenant"), generated, out);
            }
        }
        return out;
    }

    /**
     * A pool's EC2NodeClass name fits the {@code karpenter.k8s.aws/ec2nodeclass} label and names
     * one class only: pools of a tenant on one image share it; nothing else may produce it.
     */
    private static void nodeClassFits(Platform platform, Tenant t, Tenant.Pool p, Map<String, String> owners, List<Diagnostic> out) {
        String name = Generator.nodeClassName(platform, t.name(), p);
        String identity = t.name() + (p.kubelet().isEmpty() ? " image " + Generator.imageOf(platform, p) : " pool " + p.name());
        var pos = p.kubelet().isEmpty() ? p.origin().at("name") : p.origin().keyOf("kubelet");
        if (name.length() > MAX_LABEL_VALUE) {
            out.add(Diagnostic.of(Rule.NAME_TOO_LONG, pos,
                    "EC2NodeClass name '" + name + "' has " + name.length() + " characters; at most " + MAX_LABEL_VALUE + " fit in the karpenter.k8s.aws/ec2nodeclass label"));
            return;
        }
        String other = owners.putIfAbsent(name, identity);
        if (other != null && !other.equals(identity)) {
            out.add(Diagnostic.of(Rule.POOL_NAME_COLLISION, pos,
                    "EC2NodeClass name '" + name + "' would serve both tenant " + other + " and tenant " + identity));
        }
    }

    private static void nameFits(String name, dev.jig.api.source.Position pos, Set<String> generated, List<Diagnostic> out) {
        if (name.length() > MAX_LABEL_VALUE) {
            out.add(Diagnostic.of(Rule.NAME_TOO_LONG, pos,
                    "NodePool name '" + name + "' has " + name.length() + " characters; at most " + MAX_LABEL_VALUE + " fit in the karpenter.sh/nodepool label"));
        } else if (!generated.add(name)) {
            out.add(Diagnostic.of(Rule.POOL_NAME_COLLISION, pos,
                    "NodePool name '" + name + "' is generated twice; tenant and pool names combine ambiguously"));
        }
    }
}
