package dev.jig.compiler.check;

import dev.jig.api.diag.Diagnostic;
import dev.jig.api.diag.Rule;
import dev.jig.api.karpenter.Quantity;
import dev.jig.compiler.generate.PolicyFacts;
import dev.jig.compiler.generate.QuotaPlan;
import dev.jig.compiler.generate.ReservedCapacity;
import dev.jig.compiler.policy.Platform;
import dev.jig.compiler.policy.PolicySet;
import dev.jig.compiler.policy.Tenant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Reservations: JIG0209 allocations fit in the reserved vCPUs; JIG0210 they go to tenants that
 * exist; JIG0211 a tenant's reserved share fits in its quota; JIG0223 (warning) the tenant can use
 * the reservation at all (on-demand allowed, general-purpose families in the catalog, an
 * architecture its pools run), or no reserved pool is generated for it.
 */
final class ReservationCheck implements PolicyCheck {

    @Override
    public List<Diagnostic> check(PolicyFacts facts) {
        PolicySet set = facts.set();
        List<Diagnostic> out = new ArrayList<>();
        Map<String, Tenant> tenants = set.tenants().stream()
                .collect(Collectors.toMap(Tenant::name, Function.identity(), (a, b) -> a));
        for (Platform.Reservation r : set.platform().reservations()) {
            long allocated = r.allocations().stream().mapToLong(Platform.Allocation::cpu).sum();
            if (allocated > r.cpu()) {
                out.add(Diagnostic.of(Rule.RESERVATION_OVERALLOCATED, r.origin().at("allocations"),
                        "reservation '" + r.name() + "' allocates " + allocated + " vCPUs but reserves only " + r.cpu()));
            }
            for (Platform.Allocation a : r.allocations()) {
                Tenant t = tenants.get(a.tenant());
                if (t == null && set.brokenTenants().contains(a.tenant())) {
                    continue; // its own file's errors are reported already
                } else if (t == null) {
                    out.add(Diagnostic.of(Rule.RESERVATION_UNKNOWN_TENANT, a.origin().at("tenant"),
                            "reservation '" + r.name() + "' is allocated to '" + a.tenant() + "', which is not a tenant " + tenants.keySet().stream().sorted().toList()));
                } else {
                    ReservedCapacity.whyUnusable(set.platform(), r, facts.architectures(t), facts.catalog()).ifPresent(why ->
                            out.add(Diagnostic.of(Rule.UNUSABLE_RESERVATION, a.origin().at("tenant"),
                                    "tenant '" + t.name() + "' cannot use reservation '" + r.name() + "': " + why + "; no reserved pool is generated")));
                }
            }
        }
        for (Tenant t : set.tenants()) {
            QuotaPlan.Plan plan = facts.plan(t);
            if (plan.remaining().cpuMillis() < 0 || plan.remaining().memoryMib() < 0) {
                var reserved = t.quota().minus(plan.remaining());
                out.add(Diagnostic.of(Rule.RESERVATION_OVER_QUOTA, t.origin().at("spec/quota"),
                        "tenant '" + t.name() + "' is allocated reserved capacity of " + Quantity.formatCpuMillis(reserved.cpuMillis()) + " cpu and "
                                + Quantity.formatMebibytes(reserved.memoryMib()) + " memory, more than its quota of "
                                + Quantity.formatCpuMillis(t.quota().cpuMillis()) + " cpu and " + Quantity.formatMebibytes(t.quota().memoryMib())));
            }
        }
        return out;
    }
}
