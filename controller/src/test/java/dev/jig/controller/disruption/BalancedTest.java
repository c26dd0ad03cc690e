package dev.jig.controller.disruption;

import dev.jig.api.karpenter.Annotations;
import dev.jig.controller.model.Disruption;
import dev.jig.controller.model.NodePool;
import dev.jig.controller.model.Pod;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The {@code Balanced} policy against the examples of Karpenter's {@code designs/balanced-consolidation.md} (their
 * figures in $/day; the score is a ratio of fractions, so the unit cancels), then through a disruption pass.
 */
class BalancedTest {

    @ParameterizedTest(name = "{0}: score {5}, approved {6}")
    @CsvSource({
            // example,                         savings, disruption, pool cost, pool disruption, score, approved
            "oversized node replaced,             7.26,  3,  58.08,  80, 3.33, true",
            "spare capacity delete,               4.84,  4,  58.08,  80, 1.67, true",
            "marginal move,                       2.42,  8,  58.08,  80, 0.42, false",
            "well-packed node (no savings),       0.00, 10,  58.08,  80, 0.00, false",
            "uniform pool replace at half price,  2.42,  8,  48.40,  80, 0.50, true",
            "heterogeneous A (stateless pods),    4.84,  4,  58.08, 107, 2.23, true",
            "heterogeneous B (model servers),     4.84, 31,  58.08, 107, 0.29, false",
            "on-demand pool delete,               4.84,  3,  48.40,  80, 2.67, true",
            "spot pool delete,                    1.45,  3,  14.50,  80, 2.67, true",
            "spot pool delete of 8 pods,          1.45,  8,  14.50,  80, 1.00, true",
            "single-node pool delete,             5.00,  6,   5.00,   6, 1.00, true",
            "net loss,                           -1.00,  1,  10.00,  10, 0.00, false",
    })
    void theDesignDocumentsExamplesScoreAsItSays(String example, double savings, double disruption, double poolCost, double poolDisruption,
                                                 double score, boolean approved) {
        Balanced.Score s = Balanced.score("a", savings, disruption, new Balanced.Totals(poolCost, poolDisruption));
        assertThat(s.value()).as(example).isCloseTo(score, within(0.006));
        assertThat(s.approved()).as(example).isEqualTo(approved);
        assertThat(s.describe()).contains("threshold 0.50 (k: 2").contains(approved ? ">=" : "<");
    }

    @Test
    void emptyPoolTotalsScoreZeroAndAFreeMoveScoresInfinity() {
        assertThat(Balanced.score("a", 1, 1, new Balanced.Totals(0, 5)).value()).isZero();
        assertThat(new Balanced.Score("a", 0.1, 0).value()).isInfinite();
    }

    /** A Balanced pool of m5 nodes on demand; {@code name} holds {@code pods} pods of {@code cpu} millicores each. */
    private static World world(String policy) {
        return new World().pool(World.pool("a", new Disruption(policy, "0s", "720h", List.of(new Disruption.Budget("100%", null, null, List.of()))),
                World.types("m5.large", "m5.xlarge"), World.capacity("on-demand")));
    }

    private static Pod[] pods(String prefix, int n, long cpu, String deletionCost) {
        List<Pod> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Pod p = World.pod(prefix + i, cpu);
            if (deletionCost != null) p = p.with().annotation(Annotations.POD_DELETION_COST, deletionCost).build();
            out.add(p);
        }
        return out.toArray(Pod[]::new);
    }

    /**
     * Three full m5.xlarge (pinned with do-not-disrupt: they count in the pool's totals but are no candidates) and one
     * holding eight small pods, which fit on an m5.large at half the price.
     */
    private static World marginal(String policy, String deletionCost) {
        World w = world(policy);
        for (int i = 0; i < 3; i++) {
            w.node("full" + i, "m5.xlarge", "on-demand", "a", c -> c.withAnnotations(java.util.Map.of(Annotations.DO_NOT_DISRUPT, "true")), n -> n,
                    pods("f" + i + "-", 4, 900, null));
        }
        return w.node("light", "m5.xlarge", "on-demand", "a", pods("l-", 8, 200, deletionCost));
    }

    @Test
    void aMarginalReplaceIsMadeUnderWhenEmptyOrUnderutilizedAndRefusedUnderBalanced() {
        Command under = marginal("WhenEmptyOrUnderutilized", null).run(World.NOW).command().orElseThrow();
        assertThat(World.names(under)).containsExactly("light");
        assertThat(under.decision()).isEqualTo(Command.Decision.REPLACE);

        DisruptionResult balanced = marginal(Balanced.POLICY, null).run(World.NOW);
        assertThat(balanced.command()).as("saves 12.5% of the pool's cost for 37.5% of its disruption: score 0.33").isEmpty();
        assertThat(balanced.scores()).singleElement().satisfies(s -> {
            assertThat(s.approved()).isFalse();
            assertThat(s.score()).isCloseTo(0.125 / (9.0 / 24.0), within(1e-9));
            assertThat(s.candidates()).containsExactly("light");
            assertThat(s.method()).isEqualTo(Command.Kind.SINGLE_NODE_CONSOLIDATION);
        });
    }

    @Test
    void podsThatCostNothingToDisruptMakeTheSameMoveWorthIt() {
        // a deletion cost of -2^31 takes each pod's eviction cost to its floor, so the node is as cheap to drain as an empty one
        DisruptionResult r = marginal(Balanced.POLICY, "-2147483648").run(World.NOW);
        Command c = r.command().orElseThrow();
        assertThat(World.names(c)).containsExactly("light");
        assertThat(c.kind()).as("a node whose pods all cost nothing is empty to Karpenter v1.14").isEqualTo(Command.Kind.EMPTINESS);
    }

    @Test
    void aDeleteWhosePodsFitElsewherePassesAndTheApprovalIsAnEvent() {
        World w = world(Balanced.POLICY)
                .node("busy", "m5.xlarge", "on-demand", "a", pods("b-", 2, 500, null))
                .node("idle", "m5.xlarge", "on-demand", "a", pods("i-", 2, 500, null));
        DisruptionResult r = w.run(World.NOW);
        Command c = r.command().orElseThrow();
        assertThat(c.decision()).isEqualTo(Command.Decision.DELETE);
        assertThat(r.scores()).anySatisfy(s -> assertThat(s.approved()).isTrue());
        assertThat(DisruptionEvents.approved(c, r.scores())).isNotEmpty()
                .allSatisfy(e -> assertThat(e.message()).startsWith("Balanced consolidation of pool a: score ").contains(">= threshold 0.50"));
    }

    @Test
    void aCandidateWhoseOutrightDeletionCannotPassIsNotTried() {
        World w = marginal(Balanced.POLICY, "2147483647");
        DisruptionState s = w.state(World.NOW);
        Candidate light = s.candidates.stream().filter(c -> c.name().equals("light")).findFirst().orElseThrow();
        assertThat(light.rescheduleCost()).isEqualTo(1 + 8 * 10.0);
        assertThat(s.balanced().canPass(light)).as("at most 25% of the cost for 81 of 96 units of disruption").isFalse();
        assertThat(w.run(World.NOW).scores()).as("never simulated, so never scored").isEmpty();
    }

    @Test
    void aMoveAcrossTwoBalancedPoolsIsScoredOnEachPoolsShareAndNeedsBoth() {
        Disruption balanced = new Disruption(Balanced.POLICY, "0s", "720h", List.of(new Disruption.Budget("100%", null, null, List.of())));
        NodePool a = World.pool("a", balanced, World.types("m5.xlarge"), World.capacity("on-demand"));
        NodePool b = World.pool("b", balanced, World.types("m5.xlarge"), World.capacity("on-demand"));
        World w = new World().pool(a).pool(b)
                .node("a1", "m5.xlarge", "on-demand", "a", pods("a1-", 1, 100, null))
                .node("a2", "m5.xlarge", "on-demand", "a", pods("a2-", 3, 100, null))
                .node("b1", "m5.xlarge", "on-demand", "b", pods("b1-", 1, 100, "2147483647"))
                .node("b2", "m5.xlarge", "on-demand", "b", pods("b2-", 1, 100, null));
        DisruptionState s = w.state(World.NOW);
        Candidate a1 = s.candidates.stream().filter(c -> c.name().equals("a1")).findFirst().orElseThrow();
        Candidate b1 = s.candidates.stream().filter(c -> c.name().equals("b1")).findFirst().orElseThrow();
        Command both = Command.of(Command.Kind.MULTI_NODE_CONSOLIDATION, List.of(a1, b1), List.of(), null);
        Balanced.Verdict v = s.balanced().judge(both);
        assertThat(v.scores()).extracting(Balanced.Score::pool).containsExactly("a", "b");
        Balanced.Score sa = v.scores().get(0);
        Balanced.Score sb = v.scores().get(1);
        assertThat(sa.savingsFraction()).as("half the savings, a's share of the source cost, over a's cost").isCloseTo(0.5, within(1e-9));
        assertThat(sa.disruptionFraction()).isCloseTo(2.0 / 6.0, within(1e-9));
        assertThat(sa.approved()).isTrue();
        assertThat(sb.disruptionFraction()).isCloseTo(11.0 / 13.0, within(1e-9));
        assertThat(sb.approved()).as("0.5 / 0.85 = 0.59").isTrue();
        assertThat(v.approved()).isTrue();

        NodePool lenient = World.pool("b", World.disruption("WhenEmptyOrUnderutilized", "0s", "100%"), World.types("m5.xlarge"));
        World mixed = new World().pool(a).pool(lenient)
                .node("a1", "m5.xlarge", "on-demand", "a", pods("a1-", 1, 100, null))
                .node("a2", "m5.xlarge", "on-demand", "a", pods("a2-", 3, 100, null))
                .node("b1", "m5.xlarge", "on-demand", "b", pods("b1-", 1, 100, null));
        DisruptionState m = mixed.state(World.NOW);
        Command across = Command.of(Command.Kind.MULTI_NODE_CONSOLIDATION, m.candidates.stream()
                .filter(c -> c.name().equals("a1") || c.name().equals("b1")).toList(), List.of(), null);
        assertThat(m.balanced().judge(across).scores()).as("only the Balanced source pool is scored").extracting(Balanced.Score::pool)
                .containsExactly("a");
    }
}
