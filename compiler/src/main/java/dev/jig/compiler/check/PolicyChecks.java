package dev.jig.compiler.check;

import dev.jig.compiler.catalog.Catalog;
import dev.jig.compiler.diag.Diagnostic;
import dev.jig.compiler.policy.PolicySet;
import java.util.ArrayList;
import java.util.List;

/** Every cross-file check, in the order findings are most useful to read. */
public final class PolicyChecks {

    public static final List<PolicyCheck> ALL = List.of(
            new TenantNamesCheck(),
            new NamespaceOwnershipCheck(),
            new PoolNamesCheck(),
            new ReservedKeysCheck(),
            new PlatformAllowanceCheck(),
            new SizeBoundsCheck(),
            new DurationCheck(),
            new ScheduleCheck(),
            new QuotaCheck(),
            new ShareCheck(),
            new ReservationCheck(),
            new InstanceAvailabilityCheck(),
            new OverlappingPoolsCheck(),
            new BlockingBudgetCheck());

    private PolicyChecks() {
    }

    public static List<Diagnostic> run(PolicySet set, Catalog catalog) {
        List<Diagnostic> out = new ArrayList<>();
        for (PolicyCheck c : ALL) out.addAll(c.check(set, catalog));
        return out;
    }
}
