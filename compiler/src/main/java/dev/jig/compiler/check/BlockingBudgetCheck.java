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
        judge(p.defaults().budgets(), facts.freezes(), "the platform default budgets", out);
        for (Tenant t : set.tenants()) {
            for (Tenant.Pool pool : t.pools()) {
                if (pool.budgets() != null) judge(pool.budgets(), facts.freezes(), "pool '" + t.name() + "/" + pool.name() + "'", out);
            }
        }
        return out;
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
