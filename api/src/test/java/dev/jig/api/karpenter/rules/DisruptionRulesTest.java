package dev.jig.api.karpenter.rules;

import static dev.jig.api.karpenter.rules.Case.accepts;
import static dev.jig.api.karpenter.rules.Case.cel;
import static dev.jig.api.karpenter.rules.Case.pattern;
import static dev.jig.api.karpenter.rules.Case.schema;
import static dev.jig.api.karpenter.rules.Fixtures.with;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** NodePool disruption: consolidation and budgets. */
class DisruptionRulesTest {

    private static final ObjectNode POOL = Fixtures.nodePool();
    private static final String D = "/spec/disruption";
    private static final String B = D + "/budgets/0";

    private static ObjectNode disruption(String flow) {
        return with(POOL, D, flow);
    }

    private static ObjectNode budget(String flow) {
        return with(POOL, D, "{consolidateAfter: 0s, budgets: [" + flow + "]}");
    }

    static Stream<Case> consolidation() {
        return Stream.of(
                accepts("no disruption block (defaulted)", POOL),
                accepts("consolidateAfter Never", disruption("{consolidateAfter: Never}")),
                accepts("Balanced policy", disruption("{consolidateAfter: 5m, consolidationPolicy: Balanced}")),
                schema("consolidateAfter is required when disruption is set", disruption("{consolidationPolicy: WhenEmpty}"),
                        D + "/consolidateAfter", "required"),
                pattern("consolidateAfter with a space", disruption("{consolidateAfter: 5 m}"), D + "/consolidateAfter",
                        CrdPattern.DURATION_OR_NEVER),
                schema("unknown policy", disruption("{consolidateAfter: 0s, consolidationPolicy: Always}"),
                        D + "/consolidationPolicy", "must be one of [WhenEmpty, WhenEmptyOrUnderutilized, Balanced]"),
                schema("unknown field", disruption("{consolidateAfter: 0s, expireAfter: 1h}"), D + "/expireAfter", "unknown field"));
    }

    static Stream<Case> budgets() {
        return Stream.of(
                accepts("budget without nodes (defaulted to 10%)", budget("{reasons: [Drifted]}")),
                accepts("nodes 100%", budget("{nodes: 100%}")),
                accepts("nodes 0", budget("{nodes: '0'}")),
                accepts("nodes 25", budget("{nodes: '25'}")),
                pattern("nodes 101%", budget("{nodes: 101%}"), B + "/nodes", CrdPattern.BUDGET_NODES),
                pattern("nodes 10.5%", budget("{nodes: 10.5%}"), B + "/nodes", CrdPattern.BUDGET_NODES),
                schema("nodes as a number", budget("{nodes: 5}"), B + "/nodes", "must be a string"),
                accepts("schedule with duration", budget("{nodes: '0', schedule: '0 9 * * 1-5', duration: 8h}")),
                accepts("macro schedule", budget("{nodes: '0', schedule: '@daily', duration: 1h30m}")),
                accepts("macro prefix is enough (pattern quirk)", budget("{nodes: '0', schedule: '@dailyish', duration: 1h}")),
                accepts("six fields pass (pattern quirk)", budget("{nodes: '0', schedule: 'a b c d e f', duration: 1h}")),
                pattern("four fields", budget("{nodes: '0', schedule: '0 9 * *', duration: 1h}"), B + "/schedule",
                        CrdPattern.BUDGET_SCHEDULE),
                pattern("word schedule", budget("{nodes: '0', schedule: daily, duration: 1h}"), B + "/schedule",
                        CrdPattern.BUDGET_SCHEDULE),
                cel("schedule without duration", budget("{nodes: '0', schedule: '@daily'}"), B,
                        CelRule.BUDGET_SCHEDULE_WITH_DURATION),
                cel("duration without schedule", budget("{nodes: '0', duration: 1h}"), B, CelRule.BUDGET_SCHEDULE_WITH_DURATION),
                accepts("duration with the 0s Go appends", budget("{nodes: '0', schedule: '@daily', duration: 1h30m0s}")),
                accepts("duration in minutes", budget("{nodes: '0', schedule: '@daily', duration: 90m}")),
                pattern("duration in seconds", budget("{nodes: '0', schedule: '@daily', duration: 30s}"), B + "/duration",
                        CrdPattern.BUDGET_DURATION),
                pattern("duration with seconds", budget("{nodes: '0', schedule: '@daily', duration: 1h30m15s}"), B + "/duration",
                        CrdPattern.BUDGET_DURATION),
                accepts("reasons", budget("{nodes: '1', reasons: [Underutilized, Empty, Drifted]}")),
                schema("unknown reason", budget("{nodes: '1', reasons: [Expired]}"), B + "/reasons/0",
                        "must be one of [Underutilized, Empty, Drifted]"),
                schema("duplicate reason (list-type set)", budget("{nodes: '1', reasons: [Drifted, Drifted]}"), B + "/reasons/1",
                        "duplicate value \"Drifted\""),
                schema("budget must be an object", budget("'10%'"), B, "must be an object"),
                schema("at most 50 budgets", disruption("{consolidateAfter: 0s, budgets: " + IntStream.range(0, 51)
                        .mapToObj(i -> "{nodes: '1'}").collect(Collectors.joining(", ", "[", "]")) + "}"),
                        D + "/budgets", "must have at most 50 items"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource({"consolidation", "budgets"})
    void checksDisruption(Case c) {
        c.verify(KarpenterRules::validateNodePool);
    }
}
