package dev.jig.compiler.generate;

import static dev.jig.api.karpenter.WellKnownLabels.ARCH;
import static dev.jig.api.karpenter.WellKnownLabels.CAPACITY_TYPE;
import static dev.jig.api.karpenter.WellKnownLabels.INSTANCE_CATEGORY;
import static dev.jig.api.karpenter.WellKnownLabels.INSTANCE_CPU;
import static dev.jig.api.karpenter.WellKnownLabels.INSTANCE_FAMILY;
import static dev.jig.api.karpenter.WellKnownLabels.INSTANCE_GENERATION;
import static dev.jig.api.karpenter.WellKnownLabels.INSTANCE_GPU_COUNT;
import static dev.jig.api.karpenter.WellKnownLabels.INSTANCE_GPU_NAME;
import static dev.jig.api.karpenter.WellKnownLabels.INSTANCE_MEMORY;
import static dev.jig.api.karpenter.WellKnownLabels.OS;
import static dev.jig.api.karpenter.WellKnownLabels.ZONE;

import dev.jig.api.ec2.Catalog;
import dev.jig.api.karpenter.Requirement;
import dev.jig.compiler.policy.IntRange;
import dev.jig.compiler.policy.Origin;
import dev.jig.compiler.policy.Platform;
import dev.jig.compiler.policy.Tenant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The requirements of a pool: its own constraints where it states them, the platform's allowances
 * where it does not. The same list is emitted into the NodePool and used to filter the instance
 * catalog, so what lint says a pool can launch is what Karpenter will consider.
 */
public final class PoolSelection {

    /** Instance categories whose types carry GPUs; non-GPU pools never get them, GPU pools only them. */
    public static final Set<String> GPU_CATEGORIES = Set.of("g", "p");
    static final String DEFAULT_ARCH = "amd64";
    static final String DEFAULT_CAPACITY_TYPE = "on-demand";

    private PoolSelection() {
    }

    /** The pool's constraints in emission order. Offering constraints (capacity type, zone) come first. */
    public static List<Constraint> constraints(Platform platform, Tenant.Pool pool) {
        Platform.Allowed allowed = platform.allowed();
        Origin po = pool.origin();
        Origin plat = platform.origin();
        List<Constraint> out = new ArrayList<>();

        List<String> capacity = pick(pool.capacityTypes(), allowed.capacityTypes(), List.of(DEFAULT_CAPACITY_TYPE));
        out.add(own(Requirement.in(CAPACITY_TYPE, sorted(capacity)), pool, pool.capacityTypes(), "capacityTypes", plat, ALLOWED));

        List<String> zones = pick(pool.zones(), platform.cluster().zones(), platform.cluster().zones());
        out.add(pool.zones().isEmpty()
                ? new Constraint(Requirement.in(ZONE, sorted(zones)), "platform cluster.zones", plat, "spec/cluster/zones")
                : new Constraint(Requirement.in(ZONE, sorted(zones)), "zones", po, "zones"));

        boolean defaultArch = pool.architectures().isEmpty()
                && (allowed.architectures().isEmpty() || allowed.architectures().contains(DEFAULT_ARCH));
        List<String> arch = !pool.architectures().isEmpty() ? pool.architectures()
                : defaultArch ? List.of(DEFAULT_ARCH) : allowed.architectures();
        out.add(defaultArch
                ? new Constraint(Requirement.in(ARCH, List.of(DEFAULT_ARCH)), "architectures (default " + DEFAULT_ARCH + " when not set)", po, "")
                : own(Requirement.in(ARCH, sorted(arch)), pool, pool.architectures(), "architectures", plat, ALLOWED));
        out.add(new Constraint(Requirement.in(OS, List.of("linux")), "(linux nodes)", po, ""));

        List<String> categories = new ArrayList<>(pick(pool.categories(), allowed.categories(), List.of()));
        if (pool.isGpu()) {
            List<String> gpuCats = categories.isEmpty() ? new ArrayList<>(GPU_CATEGORIES) : categories;
            gpuCats.retainAll(GPU_CATEGORIES);
            out.add(own(Requirement.in(INSTANCE_CATEGORY, sorted(gpuCats)), pool, pool.categories(), "categories", plat, ALLOWED));
        } else if (categories.isEmpty()) {
            out.add(new Constraint(new Requirement(INSTANCE_CATEGORY, Requirement.Operator.NotIn, sorted(GPU_CATEGORIES)),
                    "categories (no GPU categories without a gpu section)", po, ""));
        } else {
            categories.removeAll(GPU_CATEGORIES);
            out.add(own(Requirement.in(INSTANCE_CATEGORY, sorted(categories)), pool, pool.categories(), "categories", plat, ALLOWED));
        }

        List<String> families = pick(pool.families(), allowed.families(), List.of());
        if (!families.isEmpty()) {
            out.add(own(Requirement.in(INSTANCE_FAMILY, sorted(families)), pool, pool.families(), "families", plat, ALLOWED));
        }

        IntRange gen = intersect(pool.generations(), allowed.generations());
        boolean ownGen = !pool.generations().isAny();
        if (gen.min() != null) out.add(bound(Requirement.gt(INSTANCE_GENERATION, gen.min() - 1L), ownGen, po, plat));
        if (gen.max() != null) out.add(bound(Requirement.lt(INSTANCE_GENERATION, gen.max() + 1L), ownGen, po, plat));

        if (pool.size() != null) {
            IntRange cpu = pool.size().cpu();
            if (cpu.min() != null) out.add(new Constraint(Requirement.gt(INSTANCE_CPU, cpu.min() - 1L), "size.minCpu", po, "size/minCpu"));
            if (cpu.max() != null) out.add(new Constraint(Requirement.lt(INSTANCE_CPU, cpu.max() + 1L), "size.maxCpu", po, "size/maxCpu"));
            if (pool.size().minMemoryMib() != null) {
                out.add(new Constraint(Requirement.gt(INSTANCE_MEMORY, pool.size().minMemoryMib() - 1), "size.minMemory", po, "size/minMemory"));
            }
            if (pool.size().maxMemoryMib() != null) {
                out.add(new Constraint(Requirement.lt(INSTANCE_MEMORY, pool.size().maxMemoryMib() + 1), "size.maxMemory", po, "size/maxMemory"));
            }
        }

        if (pool.isGpu()) {
            Tenant.GpuRequest g = pool.gpu();
            Platform.GpuAllowance ag = allowed.gpus();
            List<String> names = pick(g.names(), ag == null ? List.of() : ag.names(), List.of());
            if (!names.isEmpty()) out.add(new Constraint(Requirement.in(INSTANCE_GPU_NAME, sorted(names)), "gpu.names", po, "gpu"));
            int min = g.minPerNode() != null ? g.minPerNode() : 1;
            out.add(new Constraint(Requirement.gt(INSTANCE_GPU_COUNT, min - 1L), "gpu.minPerNode", po, "gpu"));
            Integer max = minOf(g.maxPerNode(), ag == null ? null : ag.maxPerNode());
            if (max != null) out.add(new Constraint(Requirement.lt(INSTANCE_GPU_COUNT, max + 1L), "gpu.maxPerNode", po, "gpu"));
        }
        return List.copyOf(out);
    }

    private static final String ALLOWED = "spec/allowed";

    /** A constraint from the pool's own field when it sets one, else from the platform's allowance. */
    private static Constraint own(Requirement r, Tenant.Pool pool, List<String> poolValue, String field, Origin platform, String platformField) {
        return poolValue.isEmpty()
                ? new Constraint(r, "platform allowed." + field, platform, platformField + "/" + field)
                : new Constraint(r, field, pool.origin(), field);
    }

    private static Constraint bound(Requirement r, boolean own, Origin pool, Origin platform) {
        return own ? new Constraint(r, "generations", pool, "generations")
                : new Constraint(r, "platform allowed.generations", platform, ALLOWED + "/generations");
    }

    public static List<Requirement> requirements(List<Constraint> constraints) {
        return constraints.stream().map(Constraint::requirement).toList();
    }

    /** The first constraint after which no instance type is left, if any. */
    public static Optional<Constraint> emptyingConstraint(Catalog catalog, List<Constraint> constraints) {
        int i = catalog.firstEmptying(requirements(constraints));
        return i < 0 ? Optional.empty() : Optional.of(constraints.get(i));
    }

    /**
     * The earlier constraint that the emptying one conflicts with: the first (platform settings
     * before the pool's own) whose removal leaves some type. Names the Platform setting that
     * removed what the pool asked for, such as {@code allowed.categories} against {@code families}.
     */
    public static Optional<Constraint> conflictingConstraint(Catalog catalog, List<Constraint> constraints, Constraint emptying) {
        int end = constraints.indexOf(emptying);
        Constraint own = null;
        for (int j = 0; j < end; j++) {
            List<Requirement> rest = new ArrayList<>();
            for (int k = 0; k <= end; k++) {
                if (k != j) rest.add(constraints.get(k).requirement());
            }
            if (catalog.selection(rest).isEmpty()) continue;
            if (constraints.get(j).field().startsWith("platform")) return Optional.of(constraints.get(j));
            if (own == null) own = constraints.get(j);
        }
        return Optional.ofNullable(own);
    }

    private static List<String> pick(List<String> own, List<String> platform, List<String> fallback) {
        if (!own.isEmpty()) return own;
        return platform.isEmpty() ? fallback : platform;
    }

    static IntRange intersect(IntRange a, IntRange b) {
        return new IntRange(maxOf(a.min(), b.min()), minOf(a.max(), b.max()));
    }

    private static Integer maxOf(Integer a, Integer b) {
        if (a == null) return b;
        return b == null ? a : Math.max(a, b);
    }

    private static Integer minOf(Integer a, Integer b) {
        if (a == null) return b;
        return b == null ? a : Math.min(a, b);
    }

    private static List<String> sorted(java.util.Collection<String> values) {
        return values.stream().distinct().sorted().toList();
    }
}
