package dev.jig.compiler.check;

import dev.jig.api.diag.Diagnostic;
import dev.jig.api.diag.Rule;
import dev.jig.api.karpenter.GoDuration;
import dev.jig.api.source.Position;
import dev.jig.compiler.generate.PolicyFacts;
import dev.jig.compiler.policy.Budget;
import dev.jig.compiler.policy.Platform;
import dev.jig.compiler.policy.PolicySet;
import dev.jig.compiler.policy.Tenant;
import java.util.ArrayList;
import java.util.List;

/**
 * JIG0215: durations parse and make sense where they are used: expiry and grace periods are
 * positive, budget and freeze windows are not zero (the schema already keeps them to minutes and
 * hours, as cron has no seconds).
 */
final class DurationCheck implements PolicyCheck {

    @Override
    public List<Diagnostic> check(PolicyFacts facts) {
        PolicySet set = facts.set();
        List<Diagnostic> out = new ArrayList<>();
        Platform p = set.platform();
        Platform.Defaults d = p.defaults();
        lifetime(d.expireAfter(), Kind.LIFETIME, p.origin().at("spec/defaults/expireAfter"), "expireAfter", out);
        lifetime(d.terminationGracePeriod(), Kind.GRACE, p.origin().at("spec/defaults/terminationGracePeriod"), "terminationGracePeriod", out);
        lifetime(d.consolidation().after(), Kind.DELAY, p.origin().at("spec/defaults/consolidation/after"), "consolidation.after", out);
        budgets(d.budgets(), out);
        for (Platform.Freeze f : p.freezes()) window(f.duration(), f.origin().at("duration"), "freeze duration", out);
        for (Tenant t : set.tenants()) {
            for (Tenant.Pool pool : t.pools()) {
                if (pool.expireAfter() != null) lifetime(pool.expireAfter(), Kind.LIFETIME, pool.origin().at("expireAfter"), "expireAfter", out);
                if (pool.terminationGracePeriod() != null) {
                    lifetime(pool.terminationGracePeriod(), Kind.GRACE, pool.origin().at("terminationGracePeriod"), "terminationGracePeriod", out);
                }
                if (pool.consolidation() != null && pool.consolidation().after() != null) {
                    lifetime(pool.consolidation().after(), Kind.DELAY, pool.origin().at("disruption/consolidation/after"), "consolidation.after", out);
                }
                if (pool.budgets() != null) budgets(pool.budgets(), out);
            }
        }
        return out;
    }

    private static void budgets(List<Budget> budgets, List<Diagnostic> out) {
        for (Budget b : budgets) {
            if (b.duration() != null) window(b.duration(), b.origin().at("duration"), "budget duration", out);
        }
    }

    /** Node lifetimes may be Never but not zero; grace periods neither; a consolidation delay may be both. */
    private enum Kind { LIFETIME, GRACE, DELAY }

    private static void lifetime(String value, Kind kind, Position pos, String what, List<Diagnostic> out) {
        if (kind != Kind.GRACE && "Never".equals(value)) return;
        var seconds = GoDuration.parseSeconds(value);
        if (seconds.isEmpty()) {
            out.add(Diagnostic.of(Rule.BAD_DURATION, pos, what + " '" + value + "' is not a duration"));
        } else if (seconds.get() == 0 && kind != Kind.DELAY) {
            out.add(Diagnostic.of(Rule.BAD_DURATION, pos, what + " '" + value + "' is zero; nodes would be replaced or killed at once"));
        }
    }

    private static void window(String value, Position pos, String what, List<Diagnostic> out) {
        var seconds = GoDuration.parseSeconds(value);
        if (seconds.isEmpty()) {
            out.add(Diagnostic.of(Rule.BAD_DURATION, pos, what + " '" + value + "' is not a duration"));
        } else if (seconds.get() == 0) {
            out.add(Diagnostic.of(Rule.BAD_DURATION, pos, what + " '" + value + "' is zero; the window would never be open",
                    "Use minutes and hours, e.g. `30m`, `8h`, `1h30m`."));
        }
    }
}
