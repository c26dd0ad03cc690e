package dev.jig.compiler.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jig.api.diag.Diagnostic;
import dev.jig.api.diag.Rule;
import dev.jig.compiler.pipeline.Compiler;
import dev.jig.compiler.testing.PolicyFixture;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every policy rule id, each with one edit that must trigger it at a precise place. The passing
 * case for all of them is the untouched fixture, which must compile with no finding at all.
 */
class PolicyRulesTest {

    private static final String P = "platform.yaml";
    private static final String A = "tenants/alpha.yaml";
    private static final String B = "tenants/beta.yaml";

    @Test
    void theFixtureIsCleanAndCompiles() {
        Compiler.Result r = PolicyFixture.valid().compile();
        assertThat(r.diagnostics()).isEmpty();
        assertThat(r.objects()).isNotEmpty();
    }

    static Stream<Arguments> cases() {
        return Stream.of(
                c(Rule.YAML_SYNTAX, A, 2, f -> f.put(A, "a: [1, 2\nb: 3\n")),
                c(Rule.YAML_DUPLICATE_KEY, A, 10, f -> f.edit(A, "  isolation: dedicated\n", "  isolation: dedicated\n  isolation: shared\n")),
                c(Rule.YAML_MULTIPLE_DOCUMENTS, A, 0, f -> f.edit(A, "kind: Tenant\n", "kind: Tenant\n---\nkind: Tenant\n")),
                c(Rule.YAML_UNSUPPORTED, A, 8, f -> f.edit(A, "costCenter: CC-1", "costCenter: !secret CC-1")),
                c(Rule.UNKNOWN_KIND, A, 2, f -> f.edit(A, "kind: Tenant", "kind: Team")),
                c(Rule.EMPTY_DOCUMENT, "tenants/empty.yaml", 0, f -> f.put("tenants/empty.yaml", "# nothing yet\n")),
                c(Rule.SCHEMA, A, 9, f -> f.edit(A, "isolation: dedicated", "isolation: private")),
                c(Rule.PLATFORM_MISSING, A, 0, f -> f.remove(P)),
                c(Rule.PLATFORM_DUPLICATE, "platform2.yaml", 2, f -> f.put("platform2.yaml", PolicyFixture.PLATFORM)),
                c(Rule.TENANT_DUPLICATE, "tenants/gamma.yaml", 4, f -> f.put("tenants/gamma.yaml",
                        PolicyFixture.BETA.replace("name: beta", "name: alpha").replace("[beta]", "[gamma]"))),
                c(Rule.RESERVED_NAMESPACE, B, 6, f -> f.edit(B, "namespaces: [beta]", "namespaces: [kube-system]")),
                c(Rule.NAMESPACE_CLAIMED_TWICE, B, 6, f -> f.edit(B, "namespaces: [beta]", "namespaces: [alpha-jobs]")),
                c(Rule.POOL_DUPLICATE, A, 17, f -> f.edit(A, "- name: gpu", "- name: web")),
                c(Rule.NAME_TOO_LONG, P, 34, f -> f.edit(P, "- name: graviton\n", "- name: graviton-savings-plan-for-the-whole-company-2026-and-2027\n")),
                c(Rule.POOL_NAME_COLLISION, "tenants/alpha-web.yaml", 12, f -> f.edit(A, "- name: gpu", "- name: web-batch")
                        .put("tenants/alpha-web.yaml", PolicyFixture.BETA.replace("name: beta", "name: alpha-web").replace("[beta]", "[aw]"))),
                c(Rule.QUOTA_OVER_PLATFORM, P, 25, f -> f.edit(A, "cpu: 200,", "cpu: 950,")),
                c(Rule.SHARES_OVER_QUOTA, A, 19, f -> f.edit(A, "share: 30%", "share: 60%")),
                c(Rule.RESERVATION_OVERALLOCATED, P, 34, f -> f.edit(P, "{tenant: alpha, cpu: 32}", "{tenant: alpha, cpu: 96}")),
                c(Rule.RESERVATION_UNKNOWN_TENANT, P, 34, f -> f.edit(P, "{tenant: alpha, cpu: 32}", "{tenant: ghost, cpu: 32}")),
                c(Rule.RESERVATION_OVER_QUOTA, A, 10, f -> f.edit(A, "cpu: 200,", "cpu: 20,")),
                c(Rule.FORBIDDEN_BY_PLATFORM, A, 15, f -> f.edit(A, "categories: [c, m]", "categories: [c, t]")),
                c(Rule.NO_INSTANCE_TYPES, A, 17, f -> f.edit(A, "      share: 50%\n", "      share: 50%\n      size: {minCpu: 500}\n")),
                c(Rule.LIMIT_BELOW_SMALLEST_INSTANCE, B, 12, f -> f.edit(B, "quota: {cpu: 100, memory: 400Gi}", "quota: {cpu: 1, memory: 1Gi}")),
                c(Rule.BAD_DURATION, A, 17, f -> f.edit(A, "      share: 50%\n", "      share: 50%\n      expireAfter: 0s\n")),
                c(Rule.BAD_CRON, P, 38, f -> f.edit(P, "schedule: \"0 9 * * 1-5\"", "schedule: \"0 25 * * 1-5\"")),
                c(Rule.BAD_TIME_ZONE, P, 40, f -> f.edit(P, "timeZone: Europe/Berlin", "timeZone: Mars/Olympus_Mons")),
                c(Rule.OVERLAPPING_POOLS, B, 15, f -> f.edit(B, "      categories: [c, m, r]\n",
                        "      categories: [c, m, r]\n    - name: batch2\n      capacityTypes: [spot]\n      categories: [c]\n")),
                c(Rule.BUDGET_BLOCKS_FOREVER, P, 43, f -> f.edit(P, "- nodes: \"10%\"", "- nodes: \"0\"")),
                c(Rule.UNKNOWN_IMAGE, A, 17, f -> f.edit(A, "      share: 50%\n", "      share: 50%\n      image: windows\n")),
                c(Rule.UNKNOWN_ZONE, A, 17, f -> f.edit(A, "      share: 50%\n", "      share: 50%\n      zones: [us-east-1f]\n")),
                c(Rule.UNUSABLE_RESERVATION, P, 34, f -> f.edit(A, "architectures: [amd64, arm64]", "architectures: [amd64]")),
                c(Rule.RESERVED_LABEL, A, 18, f -> f.edit(A, "      share: 50%\n", "      share: 50%\n      labels:\n        jig.dev/tenant: beta\n")),
                c(Rule.SIZE_BOUNDS, A, 17, f -> f.edit(A, "      share: 50%\n", "      share: 50%\n      generations: {min: 8, max: 6}\n")),
                c(Rule.UNKNOWN_IMAGE, P, 17, f -> f.edit(P, "defaultImage: al2023", "defaultImage: ubuntu")),
                c(Rule.UNKNOWN_FAMILY, A, 16, f -> f.edit(A, "categories: [c, m]\n", "categories: [c, m]\n      families: [m7gg, c7g]\n")),
                c(Rule.FAMILY_EXCLUDED, A, 16, f -> f.edit(A, "categories: [c, m]\n", "categories: [c, m]\n      families: [r7g, c7g]\n")),
                c(Rule.UNKNOWN_REGION, P, 8, f -> f.edit(P, "region: us-east-1", "region: us-esat-1")),
                c(Rule.ZONE_OUTSIDE_REGION, P, 9, f -> f.edit(P, "zones: [us-east-1a, us-east-1b]", "zones: [us-east-1a, eu-west-1b]")),
                c(Rule.MEMORY_WITHOUT_UNIT, B, 10, f -> f.edit(B, "memory: 400Gi", "memory: 400")),
                c(Rule.SCHEDULE_NEVER_FIRES, P, 38, f -> f.edit(P, "schedule: \"0 9 * * 1-5\"", "schedule: \"0 0 31 11 *\"")),
                c(Rule.FREEZE_NOT_TRANSLATABLE, P, 38, f -> f.edit(P, "schedule: \"0 9 * * 1-5\"", "schedule: \"0 9,17 * * 1-5\"")));
    }

    private static Arguments c(Rule rule, String file, int line, UnaryOperator<PolicyFixture> edit) {
        return Arguments.of(rule, file, line, edit);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void eachRuleFiresAtThePlaceItNames(Rule rule, String file, int line, UnaryOperator<PolicyFixture> edit) {
        Compiler.Result r = edit.apply(PolicyFixture.valid()).compile();
        assertThat(r.diagnostics()).as("findings").extracting(Diagnostic::rule).contains(rule);
        Diagnostic d = r.diagnostics().stream().filter(x -> x.rule() == rule).findFirst().orElseThrow();
        assertThat(d.position().file()).as(d.toString()).isEqualTo(file);
        if (line > 0) assertThat(d.position().line()).as(d.toString()).isEqualTo(line);
        assertThat(d.message()).isNotBlank();
        assertThat(d.hint()).isNotBlank();
        if (d.isError()) assertThat(r.objects()).as("no partial output on error").isEmpty();
    }

    @Test
    void aBrokenFileIsReportedOnceNotAgainAsMissing() {
        Compiler.Result platform = PolicyFixture.valid().edit(P, "nodeRole: KarpenterNodeRole-test", "nodeRole: 42").compile();
        assertThat(platform.diagnostics()).extracting(Diagnostic::rule).contains(Rule.SCHEMA).doesNotContain(Rule.PLATFORM_MISSING);
        Compiler.Result tenant = PolicyFixture.valid().edit(A, "isolation: dedicated", "isolation: private").compile();
        assertThat(tenant.diagnostics()).extracting(Diagnostic::rule).contains(Rule.SCHEMA).doesNotContain(Rule.RESERVATION_UNKNOWN_TENANT);
    }

    @Test
    void absentPlatformLimitsMeanNoCap() {
        Compiler.Result r = PolicyFixture.valid().edit(P, "  limits:\n    cpu: 1000\n    memory: 4000Gi\n    gpu: 16\n", "")
                .edit(A, "cpu: 200,", "cpu: 20000,").compile();
        assertThat(r.diagnostics()).extracting(Diagnostic::rule).doesNotContain(Rule.QUOTA_OVER_PLATFORM);
        assertThat(r.objects()).isNotEmpty();
    }

    @Test
    void absurdQuantitiesAreFindingsNotCrashes() {
        Compiler.Result r = PolicyFixture.valid().edit(A, "cpu: 200,", "cpu: 99999999999999999999999,").compile();
        assertThat(r.diagnostics()).extracting(Diagnostic::rule).contains(Rule.QUOTA_OVER_PLATFORM);
    }

    @Test
    void aPoolWithItsOwnKubeletCannotTakeTheSharedNodeClassName() {
        Compiler.Result r = PolicyFixture.valid().edit(A, "- name: gpu", "- name: al2023")
                .edit(A, "      weight: 20\n", "      weight: 20\n      kubelet: {maxPods: 58}\n").compile();
        assertThat(r.diagnostics()).anySatisfy(d -> {
            assertThat(d.rule()).isEqualTo(Rule.POOL_NAME_COLLISION);
            assertThat(d.message()).contains("EC2NodeClass name 'alpha-al2023'");
        });
    }

    @Test
    void freezesAreJudgedInUtcTogetherWithTheBudgets() {
        // 09:00-21:00 in Tokyo is 00:00-12:00 UTC; with a zero budget from 12:00 to 24:00 UTC nothing is ever allowed
        Compiler.Result r = PolicyFixture.valid()
                .edit(P, "schedule: \"0 9 * * 1-5\"", "schedule: \"0 9 * * *\"").edit(P, "duration: 8h", "duration: 12h")
                .edit(P, "timeZone: Europe/Berlin", "timeZone: Asia/Tokyo")
                .edit(P, "- nodes: \"10%\"", "- {nodes: \"0\", schedule: \"0 12 * * *\", duration: 12h}").compile();
        assertThat(r.diagnostics()).extracting(Diagnostic::rule).contains(Rule.BUDGET_BLOCKS_FOREVER);
        Compiler.Result open = PolicyFixture.valid()
                .edit(P, "schedule: \"0 9 * * 1-5\"", "schedule: \"0 9 * * *\"").edit(P, "duration: 8h", "duration: 12h")
                .edit(P, "timeZone: Europe/Berlin", "timeZone: Asia/Tokyo")
                .edit(P, "- nodes: \"10%\"", "- {nodes: \"0\", schedule: \"0 15 * * *\", duration: 9h}").compile();
        assertThat(open.diagnostics()).extracting(Diagnostic::rule).doesNotContain(Rule.BUDGET_BLOCKS_FOREVER);
    }

    @Test
    void zeroBudgetsWrittenWithLeadingZerosStillBlock() {
        Compiler.Result r = PolicyFixture.valid().edit(P, "- nodes: \"10%\"", "- nodes: \"00%\"").compile();
        assertThat(r.diagnostics()).extracting(Diagnostic::rule).contains(Rule.BUDGET_BLOCKS_FOREVER);
    }

    @Test
    void everyPolicyRuleHasACase() {
        var covered = cases().map(a -> (Rule) a.get()[0]).toList();
        // JIG03xx are CRD conformance rules (tested in karpenter.rules); JIG05xx belong to the webhook
        // and JIG06xx to the controller, which test them.
        var policyRules = Stream.of(Rule.values()).filter(r -> r.id().compareTo("JIG03") < 0 || r.id().startsWith("JIG02") || r.id().startsWith("JIG04")).toList();
        assertThat(covered).containsAll(policyRules);
    }
}
