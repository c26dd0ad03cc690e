package dev.jig.controller.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.jig.api.diag.Diagnostic;
import dev.jig.api.diag.Rule;
import dev.jig.api.ec2.Catalog;
import dev.jig.api.source.SourceFile;
import dev.jig.api.yaml.YamlLoader;
import dev.jig.controller.simulate.ScenarioReader;
import dev.jig.controller.simulate.ScenarioSchema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Keeps {@code policies/schema/scenario.schema.json} honest, as {@code SchemaFilesTest} does the policy
 * schemas: every object is closed, every field is described for editors and documented in the scenario
 * reference, every example is valid, and the example scenarios pass.
 */
class ScenarioSchemaTest {

    private static final Path REPO = Path.of(System.getProperty("jig.repo.root", ".."));
    private final JsonNode schema = ScenarioSchema.bundledDocument();

    private static List<Diagnostic> check(String yaml) {
        return new CompilerScenarioSchema().validate(new YamlLoader().load(new SourceFile("s.yaml", yaml)).document().orElseThrow());
    }

    @Test
    void theBundledSchemaIsTheFileInPolicies() throws Exception {
        JsonNode file = new com.fasterxml.jackson.databind.ObjectMapper().readTree(REPO.resolve("policies/schema/scenario.schema.json").toFile());
        assertThat(schema).isEqualTo(file);
        assertThat(schema.path("$id").asText()).isEqualTo("https://jig.dev/schema/v1alpha1/scenario.schema.json");
        assertThat(schema.path("$schema").asText()).isEqualTo("https://json-schema.org/draft/2020-12/schema");
    }

    @ParameterizedTest
    @ValueSource(strings = {"inflate.yaml", "tenants.yaml", "drift.yaml", "expiration.yaml", "budget-schedule.yaml", "pdb.yaml",
            "do-not-disrupt.yaml", "spot-interruption.yaml", "scale-down.yaml", "mixed.yaml"})
    void theExampleScenariosAreValidAndCarryTheModeline(String name) throws Exception {
        String text = Files.readString(REPO.resolve("examples/scenarios").resolve(name));
        assertThat(text).startsWith("# yaml-language-server: $schema=../../policies/schema/scenario.schema.json\n");
        assertThat(check(text)).isEmpty();
    }

    /**
     * The scenarios of the subdirectories, found by listing them: Karpenter's performance suite replayed ({@code perf}),
     * the upstream-parity ones ({@code parity}) and the chaos ones ({@code chaos}).
     */
    static Stream<String> subdirectoryScenarios() throws Exception {
        List<String> names = new ArrayList<>();
        for (String dir : List.of("perf", "parity", "chaos")) {
            try (Stream<Path> files = Files.list(REPO.resolve("examples/scenarios").resolve(dir))) {
                files.map(f -> dir + "/" + f.getFileName()).filter(n -> n.endsWith(".yaml")).sorted().forEach(names::add);
            }
        }
        assertThat(names.stream().filter(n -> n.startsWith("perf/"))).as("the six workloads of test/suites/performance")
                .containsExactlyInAnyOrder("perf/basic.yaml", "perf/wide-deployments.yaml", "perf/hostname-spreading-xl.yaml",
                        "perf/do-not-disrupt.yaml", "perf/self-anti-affinity.yaml", "perf/drift.yaml");
        assertThat(names.stream().filter(n -> !n.startsWith("perf/"))).hasSizeGreaterThanOrEqualTo(11);
        return names.stream();
    }

    @ParameterizedTest
    @MethodSource("subdirectoryScenarios")
    void theSubdirectoryScenariosMatchTheSchemaAndReadWithoutFindings(String name) throws Exception {
        Path file = REPO.resolve("examples/scenarios").resolve(name);
        String text = Files.readString(file);
        assertThat(text).startsWith("# yaml-language-server: $schema=../../../policies/schema/scenario.schema.json\n");
        assertThat(check(text)).isEmpty();
        ScenarioReader.Result read = new ScenarioReader(new CompilerScenarioSchema(), Catalog.bundled()).read(file, text);
        assertThat(read.diagnostics()).as("values, references and Karpenter rules").isEmpty();
        assertThat(read.scenario()).isPresent();
    }

    @Test
    void everyFieldIsInTheScenarioReference() throws Exception {
        String reference = Files.readString(REPO.resolve("examples/scenarios/README.md"));
        List<String> missing = new ArrayList<>();
        walk(schema, "", (pointer, node) -> {
            if (pointer.contains("/if") || pointer.contains("/then")) return;
            node.path("properties").fieldNames().forEachRemaining(f -> {
                if (!reference.contains("`" + f + "`") && !reference.contains(f + ":") && !reference.contains("." + f)) missing.add(pointer + "/" + f);
            });
        });
        assertThat(missing).isEmpty();
        for (Rule r : List.of(Rule.SCENARIO_KIND, Rule.SCENARIO_SCHEMA, Rule.SCENARIO_VALUE, Rule.SCENARIO_REFERENCE)) {
            assertThat(reference).contains(r.id());
        }
    }

    @Test
    void theKubeSchedulerScoringIsAnOption() {
        String head = "apiVersion: jig.dev/v1alpha1\nkind: Scenario\nspec:\n  steps: [{advance: 1s}]\n  kubeScheduler: {scoring: ";
        assertThat(check(head + "MostAllocated}\n")).isEmpty();
        assertThat(check(head + "MostAlocated}\n")).singleElement().satisfies(d -> {
            assertThat(d.rule()).isEqualTo(Rule.SCENARIO_SCHEMA);
            assertThat(d.message()).isEqualTo("spec.kubeScheduler.scoring: must be one of [LeastAllocated, MostAllocated], found 'MostAlocated' "
                    + "(did you mean 'MostAllocated'?)");
        });
    }

    @Test
    void theKubeSchedulerNominationsAreAnOption() {
        String head = "apiVersion: jig.dev/v1alpha1\nkind: Scenario\nspec:\n  steps: [{advance: 1s}]\n  kubeScheduler:\n    nominations: ";
        assertThat(check(head + "Ignored\n")).isEmpty();
        assertThat(check(head + "Honored\n")).isEmpty();
        assertThat(check(head + "Ignore\n")).singleElement().satisfies(d -> {
            assertThat(d.rule()).isEqualTo(Rule.SCENARIO_SCHEMA);
            assertThat(d.position().line()).isEqualTo(6);
            assertThat(d.message()).startsWith("spec.kubeScheduler.nominations: must be one of [Honored, Ignored], found 'Ignore'");
        });
    }

    @Test
    void faultsAreClosedAndTheirRatesBetweenZeroAndOne() {
        String head = "apiVersion: jig.dev/v1alpha1\nkind: Scenario\nspec:\n  steps: [{advance: 1s}]\n  faults: ";
        assertThat(check(head + "{seed: 3, until: 20m, launchErrors: 0.1, apiErrors: 0.2, restartEvery: 10m, kubeletTaint: {key: k}}\n")).isEmpty();
        assertThat(check(head + "{launchErrors: 2}\n")).singleElement()
                .satisfies(d -> assertThat(d.message()).startsWith("spec.faults.launchErrors:"));
        assertThat(check(head + "{launchErors: 0.1}\n")).singleElement()
                .satisfies(d -> assertThat(d.message()).contains("unknown field 'launchErors'").contains("launchErrors"));
        assertThat(check(head + "{kubeletTaint: {effect: NoSchedule}}\n")).singleElement()
                .satisfies(d -> assertThat(d.message()).contains("key"));
    }

    @Test
    void anExpectationThatChecksNothingAndAStepWithTwoActionsAreRefused() {
        String head = "apiVersion: jig.dev/v1alpha1\nkind: Scenario\nspec:\n  steps:\n";
        assertThat(check(head + "    - expect: {}\n")).singleElement()
                .satisfies(d -> assertThat(d.message()).isEqualTo("spec.steps[0].expect: must have at least 1 entry, found 0"));
        assertThat(check(head + "    - {advance: 1s, wait: {}}\n")).singleElement()
                .satisfies(d -> assertThat(d.message()).isEqualTo("spec.steps[0]: must have at most 1 entry, found 2"));
    }

    @Test
    void interruptStepsAndPodDisruptionBudgetsAreClosedAndTheirValuesChecked() {
        String head = "apiVersion: jig.dev/v1alpha1\nkind: Scenario\nspec:\n";
        assertThat(check(head + "  steps: [{interrupt: {kind: SpotInterruption}}]\n")).singleElement()
                .satisfies(d -> assertThat(d.message()).startsWith("spec.steps[0].interrupt.kind: must be one of [SpotInterrupted,"));
        assertThat(check(head + "  steps: [{interrupt: {kind: SpotInterrupted, node: 2}}]\n")).singleElement()
                .satisfies(d -> assertThat(d.message()).startsWith("spec.steps[0].interrupt: unknown field 'node' (did you mean 'nodes'?)"));
        assertThat(check(head + "  podDisruptionBudgets: [{name: web, selector: {app: web}, minAvailable: 150%}]\n  steps: [{advance: 1s}]\n"))
                .singleElement().satisfies(d -> assertThat(d.message()).startsWith("spec.podDisruptionBudgets[0].minAvailable:"));
    }

    @Test
    void aPodDisruptionBudgetTakesANumberOrAPercentageOfExactlyOneOfMinAvailableAndMaxUnavailable() {
        String head = "apiVersion: jig.dev/v1alpha1\nkind: Scenario\nspec:\n  steps: [{advance: 1s}]\n  podDisruptionBudgets: [{name: web, selector: {app: web}, ";
        for (String ok : new String[] {"minAvailable: 2", "minAvailable: 50%", "maxUnavailable: 1", "maxUnavailable: 25%", "maxUnavailable: 100%"}) {
            assertThat(check(head + ok + "}]\n")).as(ok).isEmpty();
        }
        assertThat(check(head + "maxUnavailable: half}]\n")).singleElement()
                .satisfies(d -> assertThat(d.message()).startsWith("spec.podDisruptionBudgets[0].maxUnavailable: must be a number of pods or a percentage"));
        assertThat(check(head + "minAvailable: -1}]\n")).singleElement()
                .satisfies(d -> assertThat(d.message()).startsWith("spec.podDisruptionBudgets[0].minAvailable:"));
        assertThat(check(head + "minAvailable: 1, maxUnavailable: 1}]\n")).as("both").isNotEmpty()
                .allSatisfy(d -> assertThat(d.message()).startsWith("spec.podDisruptionBudgets[0]"));
        assertThat(check(head.substring(0, head.length() - 2) + "}]\n")).as("neither").isNotEmpty()
                .allSatisfy(d -> assertThat(d.message()).startsWith("spec.podDisruptionBudgets[0]"));
    }

    @Test
    void podReadyLatencyIsADurationAndReadyAtLeastMapsDeploymentsToCounts() {
        String head = "apiVersion: jig.dev/v1alpha1\nkind: Scenario\nspec:\n";
        assertThat(check(head + "  podReadyLatency: 10s\n  steps: [{expect: {readyAtLeast: {web: 2}}}]\n")).isEmpty();
        assertThat(check(head + "  podReadyLatency: 10\n  steps: [{advance: 1s}]\n")).singleElement()
                .satisfies(d -> assertThat(d.message()).startsWith("spec.podReadyLatency:"));
        assertThat(check(head + "  steps: [{expect: {readyAtLeast: {web: -1}}}]\n")).singleElement()
                .satisfies(d -> assertThat(d.message()).startsWith("spec.steps[0].expect.readyAtLeast.web:"));
        assertThat(check(head + "  steps: [{expect: {readyAtLeast: {}}}]\n")).singleElement()
                .satisfies(d -> assertThat(d.message()).startsWith("spec.steps[0].expect.readyAtLeast: must have at least 1 entry"));
    }

    @Test
    void podTemplatesAreClosedTooAndOperatorsGetTheirValues() {
        String yaml = """
                apiVersion: jig.dev/v1alpha1
                kind: Scenario
                spec:
                  deployments:
                    - name: web
                      template:
                        spec:
                          containers: [{name: main, resources: {requests: {cpu: "1"}}}]
                          nodeSelecter: {type: karpenter}
                          affinity:
                            nodeAffinity:
                              requiredDuringSchedulingIgnoredDuringExecution:
                                nodeSelectorTerms:
                                  - matchExpressions: [{key: karpenter.k8s.aws/instance-cpu, operator: Gt, values: [four]}]
                  steps: [{advance: 1s}]
                """;
        assertThat(check(yaml)).extracting(d -> d.position().line() + " " + d.message()).containsExactly(
                "9 spec.deployments[0].template.spec: unknown field 'nodeSelecter' (did you mean 'nodeSelector'?); allowed: containers, "
                        + "initContainers, overhead, nodeSelector, tolerations, affinity, topologySpreadConstraints, priority",
                "14 spec.deployments[0].template.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0]"
                        + ".matchExpressions[0].values[0]: must be a whole number, as Gt and Lt compare integers; found 'four'");
    }

    /** Visits every schema object below {@code node}, with its JSON Pointer; skips example, enum, const and default values. */
    private static void walk(JsonNode node, String pointer, BiConsumer<String, JsonNode> visit) {
        if (node.isObject()) {
            visit.accept(pointer, node);
            node.properties().forEach(e -> {
                if (List.of("examples", "enum", "const", "default").contains(e.getKey())) return;
                walk(e.getValue(), pointer + "/" + e.getKey().replace("~", "~0").replace("/", "~1"), visit);
            });
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) walk(node.get(i), pointer + "/" + i, visit);
        }
    }
}
