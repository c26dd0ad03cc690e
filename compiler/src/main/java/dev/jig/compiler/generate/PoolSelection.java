package dev.jig.compiler.generate;

import static dev.jig.compiler.karpenter.WellKnownLabels.ARCH;
import static dev.jig.compiler.karpenter.WellKnownLabels.CAPACITY_TYPE;
import static dev.jig.compiler.karpenter.WellKnownLabels.INSTANCE_CATEGORY;
import static dev.jig.compiler.karpenter.WellKnownLabels.INSTANCE_CPU;
import static dev.jig.compiler.karpenter.WellKnownLabels.INSTANCE_FAMILY;
import static dev.jig.compiler.karpenter.WellKnownLabels.INSTANCE_GENERATION;
import static dev.jig.compiler.karpenter.WellKnownLabels.INSTANCE_GPU_COUNT;
import static dev.jig.compiler.karpenter.WellKnownLabels.INSTANCE_GPU_NAME;
import static dev.jig.compiler.karpenter.WellKnownLabels.INSTANCE_MEMORY;
import static dev.jig.compiler.karpenter.WellKnownLabels.OS;
import static dev.jig.compiler.karpenter.WellKnownLabels.ZONE;

import dev.jig.compiler.catalog.Catalog;
import dev.jig.compiler.catalog.InstanceType;
import dev.jig.compiler.karpenter.Requirement;
import dev.jig.compiler.karpenter.WellKnownLabels;
import dev.jig.compiler.policy.IntRange;
import dev.jig.compiler.policy.Platform;
import dev.jig.compiler.policy.Tenant;
import dev.jig.compiler.source.Position;
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
        Position pp = pool.origin().position();
        Position ap = platform.origin().at("spec/allowed");
        List<Constraint> out = new ArrayList<>();

        List<String> capacity = pick(pool.capacityTypes(), allowed.capacityTypes(), List.of(DEFAULT_CAPACITY_TYPE));
        out.add(new Constraint(Requirement.in(CAPACITY_TYPE, sorted(capacity)), field(pool.capacityTypes(), "capacityTypes"),
                where(pool, pool.capacityTypes(), "capacityTypes", ap)));

        List<String> zones = pick(pool.zones(), platform.cluster().zones(), platform.cluster().zones());
        out.add(new Constraint(Requirement.in(ZONE, sorted(zones)), field(pool.zones(), "zones"),
                where(pool, pool.zones(), "zones", platform.origin().at("spec/cluster/zones"))));

        List<String> arch = !pool.architectures().isEmpty() ? pool.architectures()
                : allowed.architectures().isEmpty() || allowed.architectures().contains(DEFAULT_ARCH) ? List.of(DEFAULT_ARCH)
                : allowed.architectures();
        out.add(new Constraint(Requirement.in(ARCH, sorted(arch)), field(pool.architectures(), "architectures"),
                where(pool, pool.architectures(), "architectures", ap)));
        out.add(new Constraint(Requirement.in(OS, List.of("linux")), "(linux nodes)", pp));

        List<String> categories = new ArrayList<>(pick(pool.categories(), allowed.categories(), List.of()));
        Position catPos = where(pool, pool.categories(), "categories", ap);
        if (pool.isGpu()) {
            List<String> gpuCats = categories.isEmpty() ? new ArrayList<>(GPU_CATEGORIES) : categories;
            gpuCats.retainAll(GPU_CATEGORIES);
            out.add(new Constraint(Requirement.in(INSTANCE_CATEGORY, sorted(gpuCats)), "categories (GPU categories only)", catPos));
        } else if (categories.isEmpty()) {
            out.add(new Constraint(new Requirement(INSTANCE_CATEGORY, Requirement.Operator.NotIn, sorted(GPU_CATEGORIES)),
                    "categories (no GPU categories)", pp));
        } else {
            categories.removeAll(GPU_CATEGORIES);
            out.add(new Constraint(Requirement.in(INSTANCE_CATEGORY, sorted(categories)), field(pool.categories(), "categories") + " (GPU categories need a gpu section)", catPos));
        }

        List<String> families = pick(pool.families(), allowed.families(), List.of());
        if (!families.isEmpty()) {
            out.add(new Constraint(Requirement.in(INSTANCE_FAMILY, sorted(families)), field(pool.families(), "families"),
                    where(pool, pool.families(), "families", ap)));
        }

        IntRange gen = intersect(pool.generations(), allowed.generations());
        Position genPos = pool.generations().isAny() ? ap : pool.origin().at("generations");
        String genField = pool.generations().isAny() ? "platform allowed.generations" : "generations";
        if (gen.min() != null) out.add(new Constraint(Requirement.gt(INSTANCE_GENERATION, gen.min() - 1L), genField, genPos));
        if (gen.max() != null) out.add(new Constraint(Requirement.lt(INSTANCE_GENERATION, gen.max() + 1L), genField, genPos));

        if (pool.size() != null) {
            IntRange cpu = pool.size().cpu();
            if (cpu.min() != null) out.add(new Constraint(Requirement.gt(INSTANCE_CPU, cpu.min() - 1L), "size.minCpu", pool.origin().at("size/minCpu")));
            if (cpu.max() != null) out.add(new Constraint(Requirement.lt(INSTANCE_CPU, cpu.max() + 1L), "size.maxCpu", pool.origin().at("size/maxCpu")));
            if (pool.size().minMemoryMib() != null) {
                out.add(new Constraint(Requirement.gt(INSTANCE_MEMORY, pool.size().minMemoryMib() - 1), "size.minMemory", pool.origin().at("size/minMemory")));
            }
            if (pool.size().maxMemoryMib() != null) {
                out.add(new Constraint(Requirement.lt(INSTANCE_MEMORY, pool.size().maxMemoryMib() + 1), "size.maxMemory", pool.origin().at("size/maxMemory")));
            }
        }

        if (pool.isGpu()) {
            Tenant.GpuRequest g = pool.gpu();
            Platform.GpuAllowance ag = allowed.gpus();
            List<String> names = pick(g.names(), ag == null ? List.of() : ag.names(), List.of());
            Position gp = pool.origin().at("gpu");
            if (!names.isEmpty()) out.add(new Constraint(Requirement.in(INSTANCE_GPU_NAME, sorted(names)), "gpu.names", gp));
            int min = g.minPerNode() != null ? g.minPerNode() : 1;
            out.add(new Constraint(Requirement.gt(INSTANCE_GPU_COUNT, min - 1L), "gpu.minPerNode", gp));
            Integer max = minOf(g.maxPerNode(), ag == null ? null : ag.maxPerNode());
            if (max != null) out.add(new Constraint(Requirement.lt(INSTANCE_GPU_COUNT, max + 1L), "gpu.maxPerNode", gp));
        }
        return List.copyOf(out);
    }

    public static List<Requirement> requirements(List<Constraint> constraints) {
        return constraints.stream().map(Constraint::requirement).toList();
    }

    /** The catalog types that satisfy every instance-type constraint (offering constraints do not filter types). */
    public static List<InstanceType> matching(Catalog catalog, List<Constraint> constraints) {
        List<InstanceType> types = catalog.all();
        for (Constraint c : constraints) {
            types = filter(types, c.requirement());
        }
        return types;
    }

    /** The first constraint after which no instance type is left, if any. */
    public static Optional<Constraint> emptyingConstraint(Catalog catalog, List<Constraint> constraints) {
        List<InstanceType> types = catalog.all();
        for (Constraint c : constraints) {
            types = filter(types, c.requirement());
            if (types.isEmpty()) return Optional.of(c);
        }
        return Optional.empty();
    }

    private static List<InstanceType> filter(List<InstanceType> types, Requirement r) {
        if (WellKnownLabels.isOfferingKey(r.key())) return types;
        List<InstanceType> kept = new ArrayList<>(types.size());
        for (InstanceType t : types) {
            if (r.matches(t.label(r.key()))) kept.add(t);
        }
        return kept;
    }

    private static List<String> pick(List<String> own, List<String> platform, List<String> fallback) {
        if (!own.isEmpty()) return own;
        return platform.isEmpty() ? fallback : platform;
    }

    private static String field(List<String> own, String name) {
        return own.isEmpty() ? "platform allowed." + name : name;
    }

    private static Position where(Tenant.Pool pool, List<String> own, String name, Position platformPos) {
        return own.isEmpty() ? platformPos : pool.origin().at(name);
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
