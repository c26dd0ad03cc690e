package dev.jig.controller.disruption;

import dev.jig.controller.model.NodePool;
import dev.jig.controller.model.Pod;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code Balanced} consolidation policy (Karpenter v1.14's {@code designs/balanced-consolidation.md}): a move —
 * delete some nodes, maybe launch one replacement — is worth making when the share of its pool's cost it saves is at
 * least half the share of its pool's disruption it causes:
 *
 * <pre>
 *   score = (savings / pool cost) / (disruption / pool disruption)      approved when score ≥ 1/k, k = 2
 * </pre>
 *
 * A node's disruption is {@link DisruptionCost#rescheduleCost}: 1 for the node plus each pod's positive eviction cost
 * (1 by default, more with {@code controller.kubernetes.io/pod-deletion-cost} or priority). The pool's totals count
 * every node of the pool, candidates or not, once per pass. A move across pools is scored for each {@code Balanced}
 * source pool on its share of the net savings (in proportion to its candidates' cost), and every such pool must
 * approve; pools of the other policies are not scored. Empty nodes score high and always pass; a replacement that
 * saves nothing scores 0 and never passes.
 */
final class Balanced {

    /** The policy's name in {@code spec.disruption.consolidationPolicy}. */
    static final String POLICY = "Balanced";
    /** Karpenter's {@code BalancedK}: a move passes when its score is at least 1/k. */
    static final int K = 2;

    /** A pool's cost ($/h) and disruption cost over all its nodes. */
    record Totals(double cost, double disruption) {
    }

    /**
     * One pool's score of a move.
     *
     * @param savingsFraction    the pool's share of the move's net savings, over the pool's cost
     * @param disruptionFraction the move's disruption in the pool, over the pool's disruption
     */
    record Score(String pool, double savingsFraction, double disruptionFraction) {

        double value() {
            if (savingsFraction <= 0) return 0;
            if (disruptionFraction == 0) return Double.POSITIVE_INFINITY;
            return savingsFraction / disruptionFraction;
        }

        static double threshold() {
            return 1.0 / K;
        }

        boolean approved() {
            return value() >= threshold();
        }

        /** {@code score 3.33 >= threshold 0.50 (k: 2, savings 12.5%, disruption 3.8%)}, as Karpenter's events word it. */
        String describe() {
            return String.format(java.util.Locale.ROOT, "score %.2f %s threshold %.2f (k: %d, savings %.1f%%, disruption %.1f%%)", value(),
                    approved() ? ">=" : "<", threshold(), K, savingsFraction * 100, disruptionFraction * 100);
        }
    }

    /** A move's verdict: approved when every Balanced source pool approves; one score per such pool. */
    record Verdict(boolean approved, List<Score> scores) {

        /** The scores as Events and metrics report them. */
        List<MoveScore> report(Command cmd) {
            List<String> names = new ArrayList<>();
            for (Candidate c : cmd.candidates()) names.add(c.name());
            List<MoveScore> out = new ArrayList<>();
            for (Score s : scores) out.add(new MoveScore(cmd.kind(), s.pool(), names, s.value(), s.approved(), s.describe()));
            return out;
        }
    }

    /** Whether any of {@code candidates} is in a Balanced pool: only then is a move scored at all. */
    static boolean scores(List<Candidate> candidates) {
        for (Candidate c : candidates) if (applies(c.pool())) return true;
        return false;
    }

    private final Map<String, Totals> totals;

    private Balanced(Map<String, Totals> totals) {
        this.totals = totals;
    }

    /** Whether {@code pool} consolidates under this policy. */
    static boolean applies(NodePool pool) {
        return pool != null && POLICY.equals(pool.disruption().consolidationPolicy());
    }

    /** The pools' totals of this pass, over every node of each pool (nodes of other reasons' candidates and blocked ones too). */
    static Balanced of(DisruptionState s) {
        Map<String, Candidate> candidates = new HashMap<>();
        for (Candidate c : s.candidates) candidates.put(c.claim().name(), c);
        Map<String, double[]> sums = new LinkedHashMap<>();
        for (DisruptionState.Managed m : s.managed) {
            if (m.node() == null || !applies(s.pools.get(m.poolName()))) continue;
            double[] sum = sums.computeIfAbsent(m.poolName(), p -> new double[2]);
            Candidate c = candidates.get(m.claim().name());
            sum[0] += c != null ? c.price() : s.price(m.claim());
            if (c != null) {
                sum[1] += c.rescheduleCost();
            } else {
                List<Pod> moving = new ArrayList<>();
                for (Pod p : m.pods()) if (PodBlocks.isReschedulable(p)) moving.add(p);
                sum[1] += DisruptionCost.rescheduleCost(moving);
            }
        }
        Map<String, Totals> out = new HashMap<>();
        sums.forEach((pool, sum) -> out.put(pool, new Totals(sum[0], sum[1])));
        return new Balanced(out);
    }

    Totals totals(String pool) {
        return totals.getOrDefault(pool, new Totals(0, 0));
    }

    /**
     * Whether deleting {@code c} outright — the best any move on it can do — would pass (Karpenter's
     * {@code CanPassThreshold}): single-node consolidation does not look for moves on a node that fails it.
     */
    boolean canPass(Candidate c) {
        if (!applies(c.pool())) return true;
        Totals t = totals.get(c.poolName());
        if (t == null || t.cost() <= 0) return true;
        return score(c.poolName(), c.price(), c.rescheduleCost(), t).approved();
    }

    /** The verdict on {@code cmd}: scored for each of its Balanced source pools, approved when all of them approve. */
    Verdict judge(Command cmd) {
        Map<String, List<Candidate>> byPool = new LinkedHashMap<>();
        double sourceCost = 0;
        for (Candidate c : cmd.candidates()) {
            byPool.computeIfAbsent(c.poolName(), p -> new ArrayList<>()).add(c);
            sourceCost += c.price();
        }
        List<Score> scores = new ArrayList<>();
        boolean approved = true;
        for (Map.Entry<String, List<Candidate>> e : byPool.entrySet()) {
            if (!applies(e.getValue().get(0).pool())) continue;
            double poolCost = 0;
            double disruption = 0;
            for (Candidate c : e.getValue()) {
                poolCost += c.price();
                disruption += c.rescheduleCost();
            }
            double savings = byPool.size() > 1 && sourceCost > 0 ? cmd.savingsPerHour() * poolCost / sourceCost : cmd.savingsPerHour();
            Score s = score(e.getKey(), savings, disruption, totals(e.getKey()));
            scores.add(s);
            approved &= s.approved();
        }
        return new Verdict(approved, scores);
    }

    /** Karpenter's {@code ScoreMove}: zero totals give a score of 0 (nothing to weigh against). */
    static Score score(String pool, double savings, double disruption, Totals t) {
        if (t.cost() <= 0 || t.disruption() <= 0) return new Score(pool, 0, 0);
        return new Score(pool, savings / t.cost(), disruption / t.disruption());
    }
}
