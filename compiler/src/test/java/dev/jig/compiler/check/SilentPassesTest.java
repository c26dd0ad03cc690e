package dev.jig.compiler.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jig.api.diag.Diagnostic;
import dev.jig.api.diag.Rule;
import dev.jig.compiler.pipeline.Compiler;
import dev.jig.compiler.testing.PolicyFixture;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Policy mistakes that used to lint clean, each class with cases that must be found where they are
 * written, and look-alikes that must stay clean: a check that cries wolf is switched off in CI.
 */
class SilentPassesTest {

    private static final String P = "platform.yaml";
    private static final String A = "tenants/alpha.yaml";
    private static final String B = "tenants/beta.yaml";

    /** Adds {@code families} to alpha's web pool (categories c, m; amd64 and arm64). */
    private static UnaryOperator<PolicyFixture> families(String list) {
        return f -> f.edit(A, "categories: [c, m]\n", "categories: [c, m]\n      families: " + list + "\n");
    }

    /** Gives beta's batch pool (spot; both architectures) {@code families} instead of its categories. */
    private static UnaryOperator<PolicyFixture> betaFamilies(String list) {
        return f -> f.edit(B, "      categories: [c, m, r]\n", "      architectures: [amd64, arm64]\n      families: " + list + "\n");
    }

    static Stream<Arguments> found() {
        return Stream.of(
                // 1. instance families
                found("typo", families("[m7gg, c7g]"), Rule.UNKNOWN_FAMILY, A, 16, "'m7gg'", "did you mean 'm7g'?"),
                found("category the platform does not allow", betaFamilies("[t4g, c7g]"), Rule.FORBIDDEN_BY_PLATFORM, B, 15,
                        "'t4g'", "allowed.categories", "instance-category t"),
                found("generation the platform does not allow", f -> betaFamilies("[c5, c7g]").apply(f.edit(P, "generations: {min: 5, max: 8}",
                        "generations: {min: 6, max: 8}")), Rule.FORBIDDEN_BY_PLATFORM, B, 15,
                        "'c5'", "allowed.generations"),
                found("category the pool's own fields exclude", families("[r7g]"), Rule.FAMILY_EXCLUDED, A, 16,
                        "its categories exclude", "instance-category r"),
                found("architecture the pool's own fields exclude",
                        f -> families("[c6i]").apply(f.edit(A, "architectures: [amd64, arm64]", "architectures: [arm64]")),
                        Rule.FAMILY_EXCLUDED, A, 16, "its architectures exclude", "arch amd64"),
                found("arm64 family where the architecture defaults to amd64", f -> f.edit(B, "      categories: [c, m, r]\n", "      families: [c7g, c6i]\n"),
                        Rule.FAMILY_EXCLUDED, B, 14, "'c7g'", "architectures (default amd64 when not set)"),
                found("GPU family in a pool without a gpu section", families("[g5, c7g]"), Rule.FAMILY_EXCLUDED, A, 16, "'g5'"),
                found("typo in the platform's allowed families", f -> f.edit(P, "    categories: [c, m, r, g]\n",
                        "    categories: [c, m, r, g]\n    families: [m7g, c7gg, c7g, c6i, g6]\n"), Rule.UNKNOWN_FAMILY, P, 20, "'c7gg'", "did you mean 'c7g'?"),
                found("typo in a reservation's families", f -> f.edit(P, "families: [m7g]", "families: [m7q]"), Rule.UNKNOWN_FAMILY, P, 31,
                        "reservation 'graviton'", "did you mean"),
                // 2. region and zones
                found("region typo", f -> f.edit(P, "region: us-east-1", "region: eu-wset-1")
                        .edit(P, "zones: [us-east-1a, us-east-1b]", "zones: [eu-wset-1a]"), Rule.UNKNOWN_REGION, P, 8, "did you mean 'eu-west-1'?"),
                found("zone of another region", f -> f.edit(P, "region: us-east-1", "region: eu-west-1")
                        .edit(P, "zones: [us-east-1a, us-east-1b]", "zones: [us-east-1a, eu-west-1b]"), Rule.ZONE_OUTSIDE_REGION, P, 9,
                        "'us-east-1a'", "it is in us-east-1"),
                // 3. memory without a unit, at the quantity
                found("tenant quota", f -> f.edit(B, "memory: 400Gi", "memory: 1200"), Rule.MEMORY_WITHOUT_UNIT, B, 10,
                        "quota.memory is 1200 bytes", "did you mean 1200Gi?"),
                found("tenant quota as a string", f -> f.edit(B, "memory: 400Gi", "memory: \"400\""), Rule.MEMORY_WITHOUT_UNIT, B, 10, "400Gi"),
                found("platform limit", f -> f.edit(P, "memory: 4000Gi", "memory: 4000"), Rule.MEMORY_WITHOUT_UNIT, P, 26, "limits.memory"),
                found("pool size bound", f -> f.edit(A, "      share: 50%\n", "      share: 50%\n      size: {minMemory: 16}\n"),
                        Rule.MEMORY_WITHOUT_UNIT, A, 17, "pools[0].size.minMemory"),
                // 6. cron and time zones
                found("31 November", f -> f.edit(P, "schedule: \"0 9 * * 1-5\"", "schedule: \"0 0 31 11 *\""), Rule.SCHEDULE_NEVER_FIRES, P, 38,
                        "never fires"),
                found("30 February in a budget", f -> f.edit(P, "- nodes: \"10%\"", "- nodes: \"0\"\n        schedule: \"0 0 30 2 *\"\n        duration: 1h\n      - nodes: \"10%\""),
                        Rule.SCHEDULE_NEVER_FIRES, P, 44, "never fires"),
                found("zone typo", f -> f.edit(P, "timeZone: Europe/Berlin", "timeZone: Europe/Berln"), Rule.BAD_TIME_ZONE, P, 40,
                        "did you mean 'Europe/Berlin'?"),
                found("not a tzdata name", f -> f.edit(P, "timeZone: Europe/Berlin", "timeZone: PST"), Rule.BAD_TIME_ZONE, P, 40, "'PST'"));
    }

    private static Arguments found(String name, UnaryOperator<PolicyFixture> edit, Rule rule, String file, int line, String... says) {
        return Arguments.of(name, edit, rule, file, line, says);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("found")
    void eachMistakeIsFoundAtItsPlace(String name, UnaryOperator<PolicyFixture> edit, Rule rule, String file, int line, String[] says) {
        Compiler.Result r = edit.apply(PolicyFixture.valid()).compile();
        assertThat(r.diagnostics()).as(name + ": " + r.diagnostics()).anySatisfy(d -> {
            assertThat(d.rule()).isEqualTo(rule);
            assertThat(d.position().file()).isEqualTo(file);
            assertThat(d.position().line()).isEqualTo(line);
            assertThat(d.message()).contains(says);
        });
        assertThat(r.objects()).as("a failed compile emits nothing").isEmpty();
    }

    static Stream<Arguments> lookAlikes() {
        return Stream.of(
                Arguments.of("families that exist and fit", families("[m7g, c7g]")),
                Arguments.of("amd64 family in a two-architecture pool", families("[c6i, m7g]")),
                Arguments.of("GPU family in a GPU pool", (UnaryOperator<PolicyFixture>) f -> f.edit(A, "gpu: {names: [l4]}\n",
                        "gpu: {names: [l4]}\n      families: [g6]\n")),
                Arguments.of("another region with its own zones", (UnaryOperator<PolicyFixture>) f -> f.edit(P, "region: us-east-1", "region: eu-west-1")
                        .edit(P, "zones: [us-east-1a, us-east-1b]", "zones: [eu-west-1a, eu-west-1b]")),
                Arguments.of("a Local Zone", (UnaryOperator<PolicyFixture>) f -> f.edit(P, "zones: [us-east-1a, us-east-1b]",
                        "zones: [us-east-1a, us-east-1b, us-east-1-bos-1a]")),
                Arguments.of("memory with a unit", (UnaryOperator<PolicyFixture>) f -> f.edit(B, "memory: 400Gi", "memory: 1200Gi")
                        .edit(P, "memory: 4000Gi", "memory: 5000Gi")),
                Arguments.of("memory in plain bytes that are a real amount", (UnaryOperator<PolicyFixture>) f -> f.edit(B, "memory: 400Gi", "memory: 429496729600")),
                Arguments.of("29 February fires in leap years", (UnaryOperator<PolicyFixture>) f -> f.edit(P, "schedule: \"0 9 * * 1-5\"", "schedule: \"0 0 29 2 *\"").edit(P, "timeZone: Europe/Berlin", "timeZone: UTC")),
                Arguments.of("31 November or any Monday", (UnaryOperator<PolicyFixture>) f -> f.edit(P, "schedule: \"0 9 * * 1-5\"", "schedule: \"0 0 31 11 1\"").edit(P, "timeZone: Europe/Berlin", "timeZone: UTC")),
                Arguments.of("the 31st of every month that has one", (UnaryOperator<PolicyFixture>) f -> f.edit(P, "schedule: \"0 9 * * 1-5\"", "schedule: \"0 0 31 * *\"").edit(P, "timeZone: Europe/Berlin", "timeZone: UTC")),
                Arguments.of("EST is a tzdata zone", (UnaryOperator<PolicyFixture>) f -> f.edit(P, "timeZone: Europe/Berlin", "timeZone: EST")),
                Arguments.of("a freeze that ends", (UnaryOperator<PolicyFixture>) f -> f.edit(P, "duration: 8h", "duration: 71h")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("lookAlikes")
    void lookAlikesStayClean(String name, UnaryOperator<PolicyFixture> edit) {
        Compiler.Result r = edit.apply(PolicyFixture.valid()).compile();
        assertThat(r.diagnostics()).as(name).isEmpty();
        assertThat(r.objects()).isNotEmpty();
    }

    @Test
    void aFamilyTheWholePoolLosesIsReportedOnceWithTheSettingThatRemovedIt() {
        Compiler.Result r = betaFamilies("[t4g]").apply(PolicyFixture.valid()).compile();
        assertThat(r.diagnostics()).extracting(Diagnostic::rule).containsExactly(Rule.FORBIDDEN_BY_PLATFORM);
    }

    @Test
    void anEmptyPoolNamesThePlatformSettingItConflictsWith() {
        // Beta's own categories are gone, so the platform's allowed.categories apply (c, m, r for a pool
        // without GPUs): only p6-b300 (category p) has 3500Gi, and the message names the setting that removed it.
        Compiler.Result r = PolicyFixture.valid().edit(B, "      categories: [c, m, r]\n", "      size: {minMemory: 3500Gi}\n").compile();
        assertThat(r.diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.rule()).isEqualTo(Rule.NO_INSTANCE_TYPES);
            assertThat(d.message()).contains("size.minMemory", "together with", "(from platform allowed.categories)");
        });
    }

    @Test
    void aMemoryQuotaWithoutAUnitIsTheOnlyFinding() {
        Compiler.Result r = PolicyFixture.valid().edit(B, "memory: 400Gi", "memory: 1200").compile();
        assertThat(r.diagnostics()).extracting(Diagnostic::rule).containsExactly(Rule.MEMORY_WITHOUT_UNIT);
    }

    @Test
    void aFreezeThatNeverEndsIsNamedOnceWithItsCadenceAndReasons() {
        Compiler.Result r = PolicyFixture.valid().edit(P, "duration: 8h", "duration: 72h").compile();
        assertThat(r.diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.rule()).isEqualTo(Rule.BUDGET_BLOCKS_FOREVER);
            assertThat(d.position().line()).isEqualTo(39);
            assertThat(d.message()).contains("freeze 'weekdays' never ends", "0 9 * * 1-5", "Europe/Berlin", "times a year", "72h",
                    "every disruption reason (Empty, Drifted, Underutilized)");
            assertThat(d.hint()).contains("Shorten its duration");
        });
    }

    @Test
    void aBrokenTenantFileIsReportedFirstAndAlone() {
        Compiler.Result r = PolicyFixture.valid().edit(A, "  isolation: dedicated\n", "  isolation: dedicated\n   bad: [\n").compile();
        assertThat(r.diagnostics()).extracting(Diagnostic::rule).containsExactly(Rule.YAML_SYNTAX);
        assertThat(r.diagnostics().get(0).message()).doesNotContain("<block").contains("indent");
    }

    @Test
    void readingErrorsComeBeforeRepositoryFindings() {
        Compiler.Result r = PolicyFixture.valid().edit(B, "costCenter: CC-2", "costCenter: [CC-2")
                .edit(P, "{tenant: alpha, cpu: 32}", "{tenant: ghost, cpu: 32}").compile();
        assertThat(r.diagnostics()).extracting(Diagnostic::rule).first().isEqualTo(Rule.YAML_SYNTAX);
    }

    @Test
    void aDuplicateTenantIsOneFinding() {
        Compiler.Result r = PolicyFixture.valid().put("tenants/gamma.yaml",
                PolicyFixture.BETA.replace("namespaces: [beta]", "namespaces: [gamma]")).compile();
        assertThat(r.diagnostics()).extracting(Diagnostic::rule).containsExactly(Rule.TENANT_DUPLICATE);
    }

    @Test
    void quotaOverThePlatformAlsoPointsAtTheLargestQuotas() {
        Compiler.Result r = PolicyFixture.valid().edit(A, "cpu: 200,", "cpu: 950,").compile();
        Diagnostic d = r.diagnostics().get(0);
        assertThat(d.rule()).isEqualTo(Rule.QUOTA_OVER_PLATFORM);
        assertThat(d.related()).first().satisfies(p -> {
            assertThat(p.file()).isEqualTo(A);
            assertThat(p.line()).isEqualTo(10);
        });
    }

    @Test
    void theFixtureItselfStaysClean() {
        List<Diagnostic> none = PolicyFixture.valid().compile().diagnostics();
        assertThat(none).isEmpty();
    }
}
