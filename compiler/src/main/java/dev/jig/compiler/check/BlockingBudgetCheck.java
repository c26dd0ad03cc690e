package dev.jig.compiler.check;

import dev.jig.api.diag.Diagnostic;
import dev.jig.api.diag.Rule;
import dev.jig.api.karpenter.Cron;
import dev.jig.api.karpenter.GoDuration;
import dev.jig.api.source.Position;
import dev.jig.compiler.generate.PolicyFacts;
import dev.jig.compiler.policy.Budget;
import dev.jig.compiler.policy.Platform;
import dev.jig.compiler.policy.PolicySet;
import dev.jig.compiler.policy.Tenant;
import dev.jig.compiler.schedule.BlockingWindows;
import dev.jig.compiler.schedule.UtcWindow;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * JIG0219: the zero-node budgets and freezes that apply to a pool must leave some time in which
 * each disruption reason (Empty, Drifted, Underutilized) can act. A {@code nodes: "0"} budget
 * without a schedule, or windows that together never close, would stop consolidation, drift and
 * upgrades for good. The platform defaults are judged once; pools with budgets of their own, each.
 */
final class BlockingBudgetCheck implements PolicyCheck {

    private static final List<String> REASONS = List.of("Empty", "Drifted", "Underutilized");

    @Override
    public List<Diagnostic> check(PolicyFacts facts) {
        PolicySet set = facts.set();
        List<Diagnostic> out = new ArrayList<>();
        Platform p = set.platform();
        // A freeze that never ends on its own is reported once, at the freeze; every pool it blocks is a consequence.
        List<PolicyFacts.FreezeTranslation> ending = new ArrayList<>();
        for (PolicyFacts.FreezeTranslation f : facts.freezes()) {
            if (!neverEnds(f, out)) ending.add(f);
        }
        judge(p.defaults().budgets(), ending, "the platform default budgets", out);
        for (Tenant t : set.tenants()) {
            for (Tenant.Pool pool : t.pools()) {
                if (pool.budgets() != null) judge(pool.budgets(), ending, "pool '" + t.name() + "/" + pool.name() + "'", out);
            }
        }
        return out;
    }

    private static boolean neverEnds(PolicyFacts.FreezeTranslation t, List<Diagnostic> out) {
        List<BlockingWindows.Window> windows = new ArrayList<>();
        for (UtcWindow w : t.windows()) windows.add(new BlockingWindows.Window(Cron.parse(w.schedule()), w.durationMinutes()));
        if (!BlockingWindows.coverAllTime(windows)) return false;
        Platform.Freeze f = t.freeze();
        BlockingWindows.Cadence cadence = BlockingWindows.cadence(Cron.parse(f.schedule()));
        String reasons = f.reasons().isEmpty() ? "every disruption reason (" + String.join(", ", REASONS) + ")" : String.join(", ", f.reasons());
        String every = cadence == null ? "" : " (" + cadence.describe() + ")";
        String fix = cadence == null ? "Shorten its duration"
                : "Shorten its duration below the time between its starts (at most " + cadence.longestGap().toHours() + "h here)";
        out.add(Diagnostic.of(Rule.BUDGET_BLOCKS_FOREVER, f.origin().at("duration"),
                "freeze '" + f.name() + "' never ends: it starts at '" + f.schedule() + "' " + f.timeZone() + every
                        + " and lasts " + f.duration() + ", so it blocks " + reasons + " on every pool, for good",
                fix + "; a freeze that never ends stops consolidation, drift and AMI upgrades for good."));
        return true;
    }

    /** Budgets are in UTC as written; freezes are judged by their UTC windows, exactly as emitted. */
    private static void judge(List<Budget> budgets, List<PolicyFacts.FreezeTranslation> freezes, String subject, List<Diagnostic> out) {
        for (String reason : REASONS) {
            List<BlockingWindows.Window> windows = new ArrayList<>();
            Position first = null;
            String alwaysOn = null;
            for (Budget b : budgets) {
                if (!b.blocksAll() || !(b.reasons().isEmpty() || b.reasons().contains(reason))) continue;
                if (first == null) first = b.origin().position();
                if (b.schedule() == null) {
                    alwaysOn = "a budget of " + b.nodes() + " nodes without a schedule";
                    first = b.origin().position();
                    break;
                }
                window(b.schedule(), b.duration()).ifPresent(windows::add);
            }
            for (PolicyFacts.FreezeTranslation f : freezes) {
                if (!(f.freeze().reasons().isEmpty() || f.freeze().reasons().contains(reason))) continue;
                if (first == null) first = f.freeze().origin().position();
                for (UtcWindow w : f.windows()) windows.add(new BlockingWindows.Window(Cron.parse(w.schedule()), w.durationMinutes()));
            }
            if (alwaysOn == null && BlockingWindows.coverAllTime(windows)) alwaysOn = "its zero-node windows that never close";
            if (alwaysOn != null) {
                out.add(Diagnostic.of(Rule.BUDGET_BLOCKS_FOREVER, first,
                        subject + " block " + reason + " disruption forever: " + alwaysOn));
                return; // one finding per budget list is enough to act on
            }
        }
    }

    private static Optional<BlockingWindows.Window> window(String schedule, String duration) {
        try {
            Cron cron = Cron.parse(schedule);
            return GoDuration.parseSeconds(duration).map(s -> new BlockingWindows.Window(cron, s / 60));
        } catch (IllegalArgumentException e) {
            return Optional.empty(); // JIG0216 reports it
        }
    }
}
