package dev.jig.compiler.check;

import dev.jig.api.diag.Diagnostic;
import dev.jig.api.diag.Rule;
import dev.jig.api.diag.NearestName;
import dev.jig.api.karpenter.Cron;
import dev.jig.api.karpenter.TimeZones;
import dev.jig.compiler.generate.PolicyFacts;
import dev.jig.compiler.policy.Budget;
import dev.jig.compiler.policy.Platform;
import dev.jig.compiler.policy.PolicySet;
import dev.jig.compiler.policy.Tenant;
import java.util.ArrayList;
import java.util.List;

/**
 * JIG0216: cron expressions of budgets and freezes parse; JIG0234: and fire at all. JIG0217: freeze time
 * zones are tzdata zones ({@link TimeZones}).
 * JIG0401: each freeze has a faithful UTC form (Karpenter has no time zones).
 */
final class ScheduleCheck implements PolicyCheck {

    @Override
    public List<Diagnostic> check(PolicyFacts facts) {
        PolicySet set = facts.set();
        List<Diagnostic> out = new ArrayList<>();
        Platform p = set.platform();
        budgets(p.defaults().budgets(), out);
        for (Tenant t : set.tenants()) {
            for (Tenant.Pool pool : t.pools()) {
                if (pool.budgets() != null) budgets(pool.budgets(), out);
            }
        }
        for (PolicyFacts.FreezeTranslation t : facts.freezes()) {
            Platform.Freeze f = t.freeze();
            parse(f.schedule(), f.origin().at("schedule"), out);
            if (TimeZones.of(f.timeZone()).isEmpty()) {
                String near = NearestName.of(f.timeZone(), TimeZones.names()).map(n -> " (did you mean '" + n + "'?)").orElse("");
                out.add(Diagnostic.of(Rule.BAD_TIME_ZONE, f.origin().at("timeZone"), "'" + f.timeZone() + "' is not a tzdata time zone" + near));
            }
            if (t.untranslatable() != null) {
                out.add(Diagnostic.of(Rule.FREEZE_NOT_TRANSLATABLE, f.origin().at("schedule"),
                        "freeze '" + f.name() + "' in " + f.timeZone() + ": " + t.untranslatable()));
            }
        }
        return out;
    }

    private static void budgets(List<Budget> budgets, List<Diagnostic> out) {
        for (Budget b : budgets) {
            if (b.schedule() != null) parse(b.schedule(), b.origin().at("schedule"), out);
        }
    }

    private static Cron parse(String expression, dev.jig.api.source.Position pos, List<Diagnostic> out) {
        try {
            Cron cron = Cron.parse(expression);
            if (cron.neverFires()) {
                out.add(Diagnostic.of(Rule.SCHEDULE_NEVER_FIRES, pos, "'" + expression + "' never fires: no month among '"
                        + cron.monthField() + "' has a day '" + cron.dayOfMonthField() + "'"));
            }
            return cron;
        } catch (IllegalArgumentException e) {
            out.add(Diagnostic.of(Rule.BAD_CRON, pos, "'" + expression + "': " + e.getMessage()));
            return null;
        }
    }
}
