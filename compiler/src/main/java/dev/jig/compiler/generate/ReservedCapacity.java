package dev.jig.compiler.generate;

import dev.jig.api.ec2.Catalog;
import dev.jig.api.ec2.InstanceType;
import dev.jig.api.karpenter.Requirement;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.compiler.policy.Platform;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * When and how a tenant's share of a reservation becomes a reserved NodePool. A reserved pool
 * buys on-demand capacity of the reserved families, on the architectures the tenant's own pools
 * run (never others: an amd64-only team must not get Graviton nodes first). A reservation the
 * tenant cannot use gets no pool, and its quota stays with the regular pools; the checks warn.
 */
public final class ReservedCapacity {

    private ReservedCapacity() {
    }

    /** The architectures of the reserved families that the tenant runs, sorted. */
    public static List<String> architectures(Platform.Reservation r, Set<String> tenantArchitectures, Catalog catalog) {
        TreeSet<String> out = new TreeSet<>();
        for (InstanceType t : catalog.all()) {
            if (r.families().contains(t.family()) && tenantArchitectures.contains(t.architecture())) out.add(t.architecture());
        }
        return List.copyOf(out);
    }

    /** Why the tenant cannot use the reservation, or empty when it can. */
    public static Optional<String> whyUnusable(Platform platform, Platform.Reservation r, Set<String> tenantArchitectures, Catalog catalog) {
        List<String> capacity = platform.allowed().capacityTypes();
        if (!capacity.isEmpty() && !capacity.contains("on-demand")) {
            return Optional.of("the platform allows no on-demand capacity, which reserved pools buy");
        }
        boolean any = false;
        for (InstanceType t : catalog.all()) {
            if (!r.families().contains(t.family())) continue;
            any = true;
            if (t.gpu().isPresent()) return Optional.of("family " + t.family() + " has GPUs; reservations cover general-purpose capacity only");
        }
        if (!any) return Optional.of("no instance type of families " + r.families() + " is in the catalog");
        if (architectures(r, tenantArchitectures, catalog).isEmpty()) {
            return Optional.of("none of the tenant's pools runs on the reserved families' architecture");
        }
        return Optional.empty();
    }

    /** Reserved pools buy on-demand capacity of the reserved families only, in every platform zone. */
    static List<Requirement> requirements(Platform platform, Platform.Reservation r, Set<String> tenantArchitectures, Catalog catalog) {
        return List.of(
                Requirement.in(WellKnownLabels.CAPACITY_TYPE, List.of("on-demand")),
                Requirement.in(WellKnownLabels.ZONE, platform.cluster().zones().stream().sorted().toList()),
                Requirement.in(WellKnownLabels.ARCH, architectures(r, tenantArchitectures, catalog)),
                Requirement.in(WellKnownLabels.OS, List.of("linux")),
                Requirement.in(WellKnownLabels.INSTANCE_FAMILY, r.families().stream().distinct().sorted().toList()));
    }
}
