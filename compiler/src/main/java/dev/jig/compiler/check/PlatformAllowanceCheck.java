package dev.jig.compiler.check;

import dev.jig.api.diag.Diagnostic;
import dev.jig.api.diag.Rule;
import dev.jig.compiler.generate.PolicyFacts;
import dev.jig.compiler.policy.IntRange;
import dev.jig.compiler.policy.Platform;
import dev.jig.compiler.policy.PolicySet;
import dev.jig.compiler.policy.Tenant;
import java.util.ArrayList;
import java.util.List;

/**
 * JIG0212: a pool asks only for what the platform allows (families: {@link FamilyCheck}). JIG0221: its zones are the cluster's.
 * JIG0220: its image, and the platform's default image, are ones the platform names.
 * Asking for more is an error rather than being silently narrowed, so a tenant sees at review time
 * that its pool will not get what it says.
 */
final class PlatformAllowanceCheck implements PolicyCheck {

    @Override
    public List<Diagnostic> check(PolicyFacts facts) {
        PolicySet set = facts.set();
        Platform platform = set.platform();
        Platform.Allowed allowed = platform.allowed();
        List<Diagnostic> out = new ArrayList<>();
        if (!platform.images().containsKey(platform.defaultImage())) {
            out.add(Diagnostic.of(Rule.UNKNOWN_IMAGE, platform.origin().at("spec/defaultImage"),
                    "defaultImage '" + platform.defaultImage() + "' is not defined under spec.images " + platform.images().keySet()));
        }
        for (Tenant t : set.tenants()) {
            for (Tenant.Pool p : t.pools()) {
                subset(p, "capacityTypes", p.capacityTypes(), allowed.capacityTypes(), "capacity type", out);
                subset(p, "architectures", p.architectures(), allowed.architectures(), "architecture", out);
                subset(p, "categories", p.categories(), allowed.categories(), "instance category", out);
                generations(p, allowed.generations(), out);
                gpu(p, allowed.gpus(), out);
                for (int i = 0; i < p.zones().size(); i++) {
                    if (!platform.cluster().zones().contains(p.zones().get(i))) {
                        out.add(Diagnostic.of(Rule.UNKNOWN_ZONE, p.origin().at("zones/" + i),
                                "zone '" + p.zones().get(i) + "' is not one of the cluster's zones " + platform.cluster().zones()));
                    }
                }
                if (p.image() != null && !platform.images().containsKey(p.image())) {
                    out.add(Diagnostic.of(Rule.UNKNOWN_IMAGE, p.origin().at("image"),
                            "image '" + p.image() + "' is not defined by the platform; known images: " + platform.images().keySet()));
                }
            }
        }
        return out;
    }

    private static void subset(Tenant.Pool p, String field, List<String> asked, List<String> allowed, String what,
                               List<Diagnostic> out) {
        if (allowed.isEmpty()) return;
        for (int i = 0; i < asked.size(); i++) {
            if (!allowed.contains(asked.get(i))) {
                out.add(Diagnostic.of(Rule.FORBIDDEN_BY_PLATFORM, p.origin().at(field + "/" + i),
                        "pool '" + p.name() + "' asks for " + what + " '" + asked.get(i) + "', which the platform does not allow (allowed: " + allowed + ")"));
            }
        }
    }

    private static void generations(Tenant.Pool p, IntRange allowed, List<Diagnostic> out) {
        Integer min = p.generations().min();
        Integer max = p.generations().max();
        if (min != null && (allowed.min() != null && min < allowed.min() || allowed.max() != null && min > allowed.max())) {
            out.add(Diagnostic.of(Rule.FORBIDDEN_BY_PLATFORM, p.origin().at("generations/min"),
                    "pool '" + p.name() + "' asks for generation " + min + ", outside the platform's " + describe(allowed)));
        }
        if (max != null && (allowed.max() != null && max > allowed.max() || allowed.min() != null && max < allowed.min())) {
            out.add(Diagnostic.of(Rule.FORBIDDEN_BY_PLATFORM, p.origin().at("generations/max"),
                    "pool '" + p.name() + "' asks for generation " + max + ", outside the platform's " + describe(allowed)));
        }
    }

    private static void gpu(Tenant.Pool p, Platform.GpuAllowance allowed, List<Diagnostic> out) {
        if (!p.isGpu()) return;
        if (allowed == null) {
            out.add(Diagnostic.of(Rule.FORBIDDEN_BY_PLATFORM, p.origin().keyOf("gpu"),
                    "pool '" + p.name() + "' asks for GPUs, which the platform does not allow (no spec.allowed.gpus)"));
            return;
        }
        if (!allowed.names().isEmpty()) {
            for (int i = 0; i < p.gpu().names().size(); i++) {
                if (!allowed.names().contains(p.gpu().names().get(i))) {
                    out.add(Diagnostic.of(Rule.FORBIDDEN_BY_PLATFORM, p.origin().at("gpu/names/" + i),
                            "pool '" + p.name() + "' asks for GPU '" + p.gpu().names().get(i) + "' (allowed: " + allowed.names() + ")"));
                }
            }
        }
        Integer asked = p.gpu().minPerNode();
        if (allowed.maxPerNode() != null && asked != null && asked > allowed.maxPerNode()) {
            out.add(Diagnostic.of(Rule.FORBIDDEN_BY_PLATFORM, p.origin().at("gpu/minPerNode"),
                    "pool '" + p.name() + "' asks for at least " + asked + " GPUs per node; the platform allows at most " + allowed.maxPerNode()));
        }
        Integer askedMax = p.gpu().maxPerNode();
        if (allowed.maxPerNode() != null && askedMax != null && askedMax > allowed.maxPerNode()) {
            out.add(Diagnostic.of(Rule.FORBIDDEN_BY_PLATFORM, p.origin().at("gpu/maxPerNode"),
                    "pool '" + p.name() + "' asks for up to " + askedMax + " GPUs per node; the platform allows at most " + allowed.maxPerNode()));
        }
    }

    private static String describe(IntRange r) {
        return (r.min() == null ? "any" : r.min()) + ".." + (r.max() == null ? "any" : r.max());
    }
}
