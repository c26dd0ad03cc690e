package dev.jig.compiler.check;

import dev.jig.compiler.catalog.InstanceType;
import dev.jig.compiler.diag.Diagnostic;
import dev.jig.compiler.diag.Rule;
import dev.jig.compiler.generate.PolicyFacts;
import dev.jig.compiler.generate.QuotaPlan;
import dev.jig.compiler.karpenter.Quantity;
import dev.jig.compiler.karpenter.Requirement;
import dev.jig.compiler.karpenter.WellKnownLabels;
import dev.jig.compiler.policy.Platform;
import dev.jig.compiler.policy.PolicySet;
import dev.jig.compiler.policy.Tenant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Reservations: JIG0209 allocations fit in the reserved vCPUs; JIG0210 they go to tenants that
 * exist; JIG0211 a tenant's reserved share fits in its quota; JIG0223 (warning) the tenant runs on
 * the reservation's architecture at all, or the reserved capacity would sit idle.
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
            Set<String> archs = new HashSet<>();
            for (InstanceType t : facts.catalog().all()) {
                if (r.families().contains(t.family())) archs.add(t.architecture());
            }
            for (Platform.Allocation a : r.allocations()) {
                Tenant t = tenants.get(a.tenant());
                if (t == null && set.brokenTenants().contains(a.tenant())) {
                    continue; // its own file's errors are reported already
                } else if (t == null) {
                    out.add(Diagnostic.of(Rule.RESERVATION_UNKNOWN_TENANT, a.origin().at("tenant"),
                            "reservation '" + r.name() + "' is allocated to '" + a.tenant() + "', which is not a tenant " + tenants.keySet().stream().sorted().toList()));
                } else if (!runsOn(facts, t, archs)) {
                    out.add(Diagnostic.of(Rule.UNUSABLE_RESERVATION, a.origin().at("tenant"),
                            "tenant '" + t.name() + "' has no pool on " + archs + ", the architecture of reservation '" + r.name() + "'"));
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

    private static boolean runsOn(PolicyFacts facts, Tenant t, Set<String> archs) {
        for (Tenant.Pool p : t.pools()) {
            for (Requirement r : facts.requirements(p)) {
                if (r.key().equals(WellKnownLabels.ARCH) && r.values().stream().anyMatch(archs::contains)) return true;
            }
        }
        return false;
    }
}
