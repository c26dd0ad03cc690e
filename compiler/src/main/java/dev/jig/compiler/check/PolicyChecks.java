package dev.jig.compiler.check;

import dev.jig.api.diag.Diagnostic;
import dev.jig.compiler.generate.PolicyFacts;
import java.util.ArrayList;
import java.util.List;

/** Every cross-file check, in the order findings are most useful to read. */
public final class PolicyChecks {

    public static final List<PolicyCheck> ALL = List.of(
            new TenantNamesCheck(),
            new NamespaceOwnershipCheck(),
            new PoolNamesCheck(),
            new ReservedKeysCheck(),
            new ClusterCheck(),
            new PlatformAllowanceCheck(),
            new FamilyCheck(),
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

    /** Runs every check; they are independent, so in parallel, with findings collected in check order. */
    public static List<Diagnostic> run(PolicyFacts facts) {
        List<Diagnostic> out = new ArrayList<>();
        ALL.parallelStream().map(c -> c.check(facts)).toList().forEach(out::addAll);
        return out;
    }
}
