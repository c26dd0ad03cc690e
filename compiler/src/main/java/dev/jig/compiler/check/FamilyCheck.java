package dev.jig.compiler.check;

import dev.jig.api.diag.Diagnostic;
import dev.jig.api.diag.NearestName;
import dev.jig.api.diag.Rule;
import dev.jig.api.ec2.Catalog;
import dev.jig.api.ec2.InstanceType;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.compiler.generate.Constraint;
import dev.jig.compiler.generate.PolicyFacts;
import dev.jig.compiler.policy.Platform;
import dev.jig.compiler.policy.Tenant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Every instance family a policy names must be one the catalog has (JIG0229, with "did you mean"),
 * and every family a pool asks for must survive the pool's other requirements: the platform's
 * allowances (JIG0212, naming the setting) and the pool's own fields (JIG0230). Otherwise the
 * pool's requirement silently drops the family, and the pool launches less than it says.
 */
final class FamilyCheck implements PolicyCheck {

    @Override
    public List<Diagnostic> check(PolicyFacts facts) {
        List<Diagnostic> out = new ArrayList<>();
        Platform platform = facts.platform();
        Set<String> known = families(facts.catalog());
        List<String> allowedFamilies = platform.allowed().families();
        for (int i = 0; i < allowedFamilies.size(); i++) {
            unknown(allowedFamilies.get(i), known, "the platform allows", platform.origin().at("spec/allowed/families/" + i)).ifPresent(out::add);
        }
        for (Platform.Reservation r : platform.reservations()) {
            for (int i = 0; i < r.families().size(); i++) {
                unknown(r.families().get(i), known, "reservation '" + r.name() + "' covers", r.origin().at("families/" + i)).ifPresent(out::add);
            }
        }
        for (Tenant t : facts.set().tenants()) {
            for (Tenant.Pool p : t.pools()) out.addAll(poolFindings(facts, t, p, known));
        }
        return out;
    }

    /** The findings about one pool's families; a pool all of whose families have one matches nothing because of them. */
    static List<Diagnostic> poolFindings(PolicyFacts facts, Tenant t, Tenant.Pool p) {
        return poolFindings(facts, t, p, families(facts.catalog()));
    }

    private static List<Diagnostic> poolFindings(PolicyFacts facts, Tenant t, Tenant.Pool p, Set<String> known) {
        List<Diagnostic> out = new ArrayList<>();
        String pool = "pool '" + t.name() + "/" + p.name() + "'";
        List<String> allowed = facts.platform().allowed().families();
        for (int i = 0; i < p.families().size(); i++) {
            String family = p.families().get(i);
            var at = p.origin().at("families/" + i);
            var unknown = unknown(family, known, pool + " asks for", at);
            if (unknown.isPresent()) {
                out.add(unknown.get());
                continue;
            }
            if (!allowed.isEmpty() && !allowed.contains(family)) {
                out.add(Diagnostic.of(Rule.FORBIDDEN_BY_PLATFORM, at, pool + " asks for instance family '" + family
                        + "', which the platform does not allow (spec.allowed.families: " + allowed + ")"));
                continue;
            }
            List<InstanceType> types = facts.catalog().all().stream().filter(it -> it.family().equals(family)).toList();
            for (Constraint c : facts.constraints(p)) {
                String key = c.requirement().key();
                if (key.equals(WellKnownLabels.INSTANCE_FAMILY) || WellKnownLabels.isOfferingKey(key)) continue;
                if (types.stream().anyMatch(it -> c.requirement().matches(it.label(key)))) continue;
                String has = family + " has " + shortKey(key) + " " + values(types, key);
                boolean platformSetting = c.field().startsWith("platform");
                out.add(platformSetting
                        ? Diagnostic.of(Rule.FORBIDDEN_BY_PLATFORM, at, pool + " asks for instance family '" + family + "', which "
                                + c.field().replace("platform ", "the platform's ") + " excludes (" + c.requirement().describe() + "; " + has + ")",
                                "Drop the family, or ask the platform team to allow it (spec.allowed)."
                                        + " The pool's requirements would otherwise launch none of it.")
                        : Diagnostic.of(Rule.FAMILY_EXCLUDED, at, pool + " asks for instance family '" + family + "', which its "
                                + c.field() + " exclude (" + c.requirement().describe() + "; " + has + ")"));
                break;
            }
        }
        return out;
    }

    private static java.util.Optional<Diagnostic> unknown(String family, Set<String> known, String subject, dev.jig.api.source.Position at) {
        if (known.contains(family)) return java.util.Optional.empty();
        String near = NearestName.of(family, known).map(n -> " (did you mean '" + n + "'?)").orElse("");
        return java.util.Optional.of(Diagnostic.of(Rule.UNKNOWN_FAMILY, at,
                subject + " instance family '" + family + "', which the instance catalog does not have" + near));
    }

    static Set<String> families(Catalog catalog) {
        Set<String> out = new TreeSet<>();
        for (InstanceType it : catalog.all()) out.add(it.family());
        return out;
    }

    private static String shortKey(String key) {
        int slash = key.indexOf('/');
        return slash < 0 ? key : key.substring(slash + 1);
    }

    private static String values(List<InstanceType> types, String key) {
        Set<String> v = new TreeSet<>();
        for (InstanceType it : types) {
            String label = it.label(key);
            v.add(label == null ? "none" : label);
        }
        return v.size() == 1 ? v.iterator().next() : String.join("/", v);
    }
}
