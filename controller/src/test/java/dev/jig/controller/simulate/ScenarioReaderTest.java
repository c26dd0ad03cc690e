package dev.jig.controller.simulate;

import dev.jig.api.diag.Diagnostic;
import dev.jig.api.diag.Rule;
import dev.jig.api.ec2.Catalog;
import dev.jig.api.source.Position;
import dev.jig.controller.testing.Scenarios;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The checks after the JSON Schema (values, references, Karpenter rules); controller-app's tests run the schema itself. */
class ScenarioReaderTest {

    private static final String HEAD = """
            apiVersion: jig.dev/v1alpha1
            kind: Scenario
            spec:
            """;

    private static ScenarioReader.Result read(String yaml) {
        return Scenarios.readerWithoutSchema().read(Path.of("s.yaml"), yaml);
    }

    private static Diagnostic only(String yaml) {
        var r = read(yaml);
        assertThat(r.scenario()).isEmpty();
        assertThat(r.diagnostics()).hasSize(1);
        return r.diagnostics().get(0);
    }

    @Test
    void aScenarioNeedsItsApiVersionAndKind() {
        Diagnostic d = only("apiVersion: v1\nkind: Pod\n");
        assertThat(d.rule()).isEqualTo(Rule.SCENARIO_KIND);
        assertThat(d.position()).isEqualTo(new Position("s.yaml", 2, 7));
        assertThat(d.message()).contains("found kind 'Pod'");
        assertThat(only("[1, 2]\n").rule()).isEqualTo(Rule.SCENARIO_KIND);
    }

    @Test
    void stepsAreReadWithTheirPlaces() {
        var r = read(HEAD + """
                  deployments:
                    - name: web
                      requests: {cpu: 500m}
                  steps:
                    - scale: {deployment: web, replicas: 3}
                    - wait: {timeout: 5m}
                    - advance: 30s
                    - expect: {nodes: 1, instanceTypes: {m5.large: 1}}
                """);
        assertThat(r.diagnostics()).isEmpty();
        Scenario s = r.scenario().orElseThrow();
        assertThat(s.steps()).hasSize(4);
        assertThat(s.steps().get(0)).isEqualTo(new Scenario.Scale("web", 3, s.steps().get(0).at()));
        assertThat(s.steps().get(0).at().line()).isEqualTo(8);
        assertThat(((Scenario.Wait) s.steps().get(1)).timeout()).hasMinutes(5);
        assertThat(((Scenario.Advance) s.steps().get(2)).duration()).hasSeconds(30);
        assertThat(((Scenario.Expect) s.steps().get(3)).instanceTypes()).containsEntry("m5.large", 1);
        assertThat(s.deployments().get(0).labels()).containsEntry("app", "web");
        assertThat(s.zones()).hasSize(3);
        assertThat(s.name()).isEqualTo("s.yaml");
    }

    @Test
    void faultsAreRead() {
        var r = read(HEAD + """
                  faults:
                    seed: 42
                    until: 20m
                    launchErrors: 0.1
                    launchTimeouts: 0.03
                    capacityStorms: [{family: m5, zone: us-east-1a, at: 2m, lasts: 5m}, {at: 10m}]
                    neverRegister: 0.05
                    neverReady: 0.04
                    podsNeverReady: 0.06
                    terminatedOutside: 0.01
                    spotInterruptions: 0.02
                    apiErrors: 0.1
                    apiErrorsOn: [update NodeClaim, create Pod/eviction]
                    watchStalls: 0.2
                    watchLag: 30s
                    restartEvery: 10m
                    leaderChangeEvery: 7m
                    clockJump: {at: 5m, by: 1h}
                    kubeletTaint: {key: chaos.jig.dev/tainted, value: "true", effect: NoSchedule}
                """);
        assertThat(r.diagnostics()).isEmpty();
        Faults f = r.scenario().orElseThrow().faults();
        assertThat(f.seed()).isEqualTo(42);
        assertThat(f.until()).contains(java.time.Duration.ofMinutes(20));
        assertThat(f.cloud()).isEqualTo(new Faults.Cloud(0.1, 0.03, 0.01, 0.02, java.util.List.of(
                new Faults.Storm("m5", "us-east-1a", java.time.Duration.ofMinutes(2), java.time.Duration.ofMinutes(5)),
                new Faults.Storm("*", "*", java.time.Duration.ofMinutes(10), java.time.Duration.ofMinutes(10)))));
        assertThat(f.cluster()).isEqualTo(new Faults.Cluster(0.1, java.util.List.of("update NodeClaim", "create Pod/eviction"), 0.2,
                java.time.Duration.ofSeconds(30), 0.05, 0.04, java.util.Optional.of(new dev.jig.api.karpenter.Taint("chaos.jig.dev/tainted", "true", "NoSchedule")), 0.06));
        assertThat(f.controller()).isEqualTo(new Faults.Controller(java.util.Optional.of(java.time.Duration.ofMinutes(10)),
                java.util.Optional.of(java.time.Duration.ofMinutes(7)), java.util.Optional.of(new Faults.ClockJump(java.time.Duration.ofMinutes(5), java.time.Duration.ofHours(1)))));
        assertThat(read(HEAD + "  cloud: {}\n").scenario().orElseThrow().faults()).isEqualTo(Faults.NONE);
        // what a chaos run prints to replay its seed reads back as the same faults
        var again = Scenarios.readerWithoutSchema().read(Path.of("s.yaml"), HEAD, f.mapping());
        assertThat(again.diagnostics()).isEmpty();
        assertThat(again.scenario().orElseThrow().faults()).isEqualTo(f);
    }

    @Test
    void aLatencyTheLifecycleWouldNotWaitForIsAValueFinding() {
        var r = read(HEAD + "  cloud: {bootLatency: 15m, readyLatency: 1h}\n");
        assertThat(r.diagnostics()).extracting(Diagnostic::message).containsExactly(
                "'15m' is not shorter than the registration TTL (15m): the controller would replace every node before it registers",
                "'1h' is not shorter than the initialization TTL (15m): the controller would replace every node before it turns Ready");
        assertThat(read(HEAD + "  cloud: {bootLatency: 14m59s, readyLatency: 14m59s}\n").diagnostics()).isEmpty();
    }

    @Test
    void theSchemasWriteNamesAreTheWritesTheWorldCanRefuse() throws Exception {
        var schema = new com.fasterxml.jackson.databind.ObjectMapper().readTree(Path.of(System.getProperty("jig.repo.root", ".."), "policies", "schema",
                "scenario.schema.json").toFile());
        List<String> names = new java.util.ArrayList<>();
        schema.at("/properties/spec/properties/faults/properties/apiErrorsOn/items/enum").forEach(n -> names.add(n.asText()));
        assertThat(names).containsExactlyElementsOf(SimulatedWorld.WRITES);
    }

    @Test
    void aStormInAZoneTheScenarioDoesNotHaveOrOfAFamilyTheCatalogLacksIsAReferenceFinding() {
        var r = read(HEAD + """
                  faults:
                    capacityStorms: [{family: m55, zone: us-east-1z, at: 2m}]
                """);
        assertThat(r.diagnostics()).extracting(Diagnostic::message).anySatisfy(m -> assertThat(m).contains("zone 'us-east-1z' is not one of the scenario's zones"))
                .anySatisfy(m -> assertThat(m).contains("no instance type of family 'm55'", "did you mean"));
    }

    @Test
    void aScaleStepNamingNoDeploymentIsAReferenceFindingWithDidYouMean() {
        Diagnostic d = only(HEAD + """
                  deployments: [{name: inflate}]
                  steps:
                    - scale: {deployment: inflat, replicas: 3}
                """);
        assertThat(d.rule()).isEqualTo(Rule.SCENARIO_REFERENCE);
        assertThat(d.message()).isEqualTo("no deployment named 'inflat' (did you mean 'inflate'?)");
        assertThat(d.position()).isEqualTo(new Position("s.yaml", 6, 27));
    }

    @Test
    void stepsMustLetTimePassAndNoStepOrLatencyMayExceedADay() {
        var r = read(HEAD + """
                  cloud: {bootLatency: 25h}
                  steps:
                    - advance: 0s
                    - wait: {timeout: 1000000000h}
                """);
        assertThat(r.scenario()).isEmpty();
        assertThat(r.diagnostics()).extracting(Diagnostic::rule).containsOnly(Rule.SCENARIO_VALUE);
        assertThat(r.diagnostics()).extracting(d -> d.position().line() + " " + d.message()).containsExactly(
                "4 '25h' is longer than 24h, the longest a step or latency may be",
                "6 '0s' lets no time pass",
                "7 '1000000000h' is longer than 24h, the longest a step or latency may be");
    }

    @Test
    void quantitiesTooLargeForAnyNodeAreFindingsAtTheirValue() {
        Diagnostic d = only(HEAD + """
                  deployments:
                    - name: big
                      requests: {cpu: "1", memory: 1e30}
                  steps: [{advance: 1s}]
                """);
        assertThat(d.rule()).isEqualTo(Rule.SCENARIO_VALUE);
        assertThat(d.message()).isEqualTo("memory: '1E+30' is larger than any node (at most 10^15)");
        assertThat(d.position()).isEqualTo(new Position("s.yaml", 6, 36));
    }

    @Test
    void aTemplateBesideShorthandFieldsIsRefusedAtTheShorthandKey() {
        Diagnostic d = only(HEAD + """
                  deployments:
                    - name: web
                      requests: {cpu: "1"}
                      template:
                        spec:
                          containers: [{name: main, resources: {requests: {cpu: "2"}}}]
                  steps: [{advance: 1s}]
                """);
        assertThat(d.rule()).isEqualTo(Rule.SCENARIO_VALUE);
        assertThat(d.message()).contains("'requests' is given beside 'template'");
        assertThat(d.position()).isEqualTo(new Position("s.yaml", 6, 7));
    }

    @Test
    void twoDeploymentsWithOneNameAreRefused() {
        Diagnostic d = only(HEAD + """
                  deployments: [{name: web}, {name: web}]
                  steps: [{advance: 1s}]
                """);
        assertThat(d.message()).isEqualTo("a second deployment named 'web' (the first is at s.yaml:4:24)");
    }

    @Test
    void capacityErrorsAndExpectationsMustNameKnownZonesAndInstanceTypes() {
        var r = read(HEAD + """
                  zones: [us-east-1a]
                  cloud:
                    capacityErrors:
                      - {instanceType: m5.lrage, zone: us-east-1b}
                  steps:
                    - expect: {instanceTypes: {c5.largee: 1}}
                """);
        assertThat(r.scenario()).isEmpty();
        assertThat(r.diagnostics()).extracting(Diagnostic::rule).containsOnly(Rule.SCENARIO_REFERENCE);
        assertThat(r.diagnostics()).extracting(Diagnostic::message).containsExactly(
                "instance type 'm5.lrage' is not in the catalog (us-east-1) (did you mean 'm5.large'?)",
                "zone 'us-east-1b' is not one of the scenario's zones [us-east-1a] (did you mean 'us-east-1a'?)",
                "instance type 'c5.largee' is not in the catalog (us-east-1) (did you mean 'c5.large'?)");
    }

    @Test
    void anInlineNodePoolMustNameAnInlineNodeClass() throws Exception {
        String yaml = Files.readString(InflateScenarioTest.FILE).replace("name: default\n      spec:\n        role", "name: other\n      spec:\n        role");
        var r = read(yaml);
        assertThat(r.diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.rule()).isEqualTo(Rule.SCENARIO_REFERENCE);
            assertThat(d.message()).isEqualTo("NodePool 'default' names EC2NodeClass 'default', which the scenario does not define");
        });
    }

    @Test
    void aNodePoolSelectorMustNameAnInlineNodePool() throws Exception {
        String yaml = Files.readString(InflateScenarioTest.FILE).replace("nodeSelector: {type: karpenter}", "nodeSelector: {karpenter.sh/nodepool: defualt}");
        var r = read(yaml);
        assertThat(r.diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.rule()).isEqualTo(Rule.SCENARIO_REFERENCE);
            assertThat(d.message()).isEqualTo("the pods select NodePool 'defualt', which the scenario does not define (did you mean 'default'?)");
            assertThat(d.position().line()).isEqualTo(64);
        });
    }

    @Test
    void thePolicyDirectoryMustExist(@TempDir Path dir) throws Exception {
        Path scenario = dir.resolve("s.yaml");
        String yaml = HEAD + "  policies: ../nowhere\n  steps: [{advance: 1s}]\n";
        var r = Scenarios.readerWithoutSchema().read(scenario, yaml);
        assertThat(r.diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.rule()).isEqualTo(Rule.SCENARIO_REFERENCE);
            assertThat(d.message()).startsWith("no policy directory at ");
        });
        Files.createDirectory(dir.resolve("policies"));
        assertThat(Scenarios.readerWithoutSchema().read(scenario, yaml.replace("../nowhere", "policies")).scenario().orElseThrow().policies())
                .contains(dir.resolve("policies").toAbsolutePath().normalize());
        assertThat(only(HEAD + "  policies: \"a\\0b\"\n  steps: [{advance: 1s}]\n").rule()).isEqualTo(Rule.SCENARIO_VALUE);
    }

    @Test
    void schemaFindingsStopTheReadingBeforeAnyValueIsUsed() {
        Diagnostic schemaFinding = Diagnostic.of(Rule.SCENARIO_SCHEMA, new Position("s.yaml", 1, 1), "unknown field 'requets'");
        var r = new ScenarioReader(doc -> List.of(schemaFinding), Catalog.bundled()).read(Path.of("s.yaml"), HEAD + """
                  steps:
                    - scale: {deployment: nope, replicas: 3}
                """);
        assertThat(r.scenario()).isEmpty();
        assertThat(r.diagnostics()).containsExactly(schemaFinding);
    }

    @Test
    void yamlErrorsAreReported() {
        var r = read("apiVersion: [unclosed\n");
        assertThat(r.scenario()).isEmpty();
        assertThat(r.diagnostics()).anyMatch(d -> d.rule() == Rule.YAML_SYNTAX);
    }

    @Test
    void inlineNodePoolsMustPassTheKarpenterRules() {
        var r = read(HEAD + """
                  nodePools:
                    - apiVersion: karpenter.sh/v1
                      kind: NodePool
                      metadata: {name: bad}
                      spec:
                        weight: 500
                        template:
                          spec:
                            nodeClassRef: {group: karpenter.k8s.aws, kind: EC2NodeClass, name: default}
                            requirements: []
                  steps: [{advance: 1s}]
                """);
        assertThat(r.scenario()).isEmpty();
        assertThat(r.diagnostics()).anyMatch(d -> d.rule().id().startsWith("JIG030") && d.position().line() == 9);
    }

    @Test
    void theKubeSchedulerScoresLeastAllocatedUnlessTheScenarioAsksForMostAllocated() {
        String head = "apiVersion: jig.dev/v1alpha1\nkind: Scenario\nspec:\n";
        assertThat(read(head + "  zones: [us-east-1a]\n").scenario().orElseThrow().kubeScheduler()).isEqualTo(KubeSchedulerScoring.LEAST_ALLOCATED);
        assertThat(read(head + "  kubeScheduler: {scoring: MostAllocated}\n").scenario().orElseThrow().kubeScheduler())
                .isEqualTo(KubeSchedulerScoring.MOST_ALLOCATED);
        var bad = read(head + "  kubeScheduler: {scoring: Random}\n");
        assertThat(bad.scenario()).isEmpty();
        assertThat(bad.diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.position().line()).isEqualTo(4);
            assertThat(d.message()).contains("'Random'", "LeastAllocated or MostAllocated");
        });
    }

    @Test
    void theKubeSchedulerHonoursNominationsUnlessTheScenarioSaysIgnored() {
        String head = "apiVersion: jig.dev/v1alpha1\nkind: Scenario\nspec:\n";
        assertThat(read(head + "  zones: [us-east-1a]\n").scenario().orElseThrow().nominations()).isEqualTo(KubeSchedulerNominations.HONORED);
        var ignored = read(head + "  kubeScheduler: {scoring: MostAllocated, nominations: Ignored}\n").scenario().orElseThrow();
        assertThat(ignored.nominations()).isEqualTo(KubeSchedulerNominations.IGNORED);
        assertThat(ignored.kubeScheduler()).isEqualTo(KubeSchedulerScoring.MOST_ALLOCATED);
        var bad = read(head + "  kubeScheduler:\n    nominations: Sometimes\n");
        assertThat(bad.scenario()).isEmpty();
        assertThat(bad.diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.position().line()).isEqualTo(5);
            assertThat(d.message()).contains("'Sometimes'", "Honored or Ignored");
        });
    }

    @Test
    void aShorthandDeploymentCarriesItsPriorityIntoItsPods() {
        var r = read("""
                apiVersion: jig.dev/v1alpha1
                kind: Scenario
                spec:
                  deployments:
                    - name: urgent
                      priority: 1000
                      requests: {cpu: 500m}
                """);
        Scenario.Workload w = r.scenario().orElseThrow().deployments().get(0);
        assertThat(dev.jig.controller.manifest.PodManifests.template("default", "urgent-0", w.labels(), w.podSpec()).priority()).isEqualTo(1000);
    }

    @Test
    void disruptionStepsNameWhatTheScenarioDefinesAndBudgetsAreUnique() {
        var r = read(HEAD + """
                  nodeClasses: []
                  nodePools: []
                  podDisruptionBudgets:
                    - {name: web, selector: {app: web}, minAvailable: 1}
                    - {name: web, selector: {app: web}, minAvailable: 2}
                  steps:
                    - interrupt: {kind: SpotInterrupted, nodePool: defualt}
                    - nodePool:
                        apiVersion: karpenter.sh/v1
                        kind: NodePool
                        metadata: {name: default}
                        spec:
                          template:
                            spec:
                              nodeClassRef: {group: karpenter.k8s.aws, kind: EC2NodeClass, name: missing}
                              requirements: []
                """);
        assertThat(r.scenario()).isEmpty();
        assertThat(r.diagnostics()).extracting(d -> d.rule().id() + " " + d.position().line() + " " + d.message()).containsExactlyInAnyOrder(
                "JIG0703 8 a second PodDisruptionBudget named 'default/web' (the first is at s.yaml:7:14)",
                "JIG0704 10 no NodePool named 'defualt'",
                "JIG0704 18 NodePool 'default' names EC2NodeClass 'missing', which the scenario does not define");
    }

    @Test
    void anInterruptStepAndAPodDisruptionBudgetAreRead() {
        var r = read(HEAD + """
                  deployments: [{name: web, annotations: {karpenter.sh/do-not-disrupt: "true"}}]
                  podDisruptionBudgets: [{name: web, namespace: shop, selector: {app: web}, minAvailable: 2}]
                  steps: [{interrupt: {kind: InstanceStopping, nodes: 2, capacityType: spot}}]
                """);
        Scenario s = r.scenario().orElseThrow();
        assertThat(s.steps().get(0)).isEqualTo(new Scenario.Interrupt(dev.jig.controller.cloud.CloudEvent.Kind.STOPPING, 2,
                java.util.Optional.of("spot"), java.util.Optional.empty(), s.steps().get(0).at()));
        assertThat(s.podDisruptionBudgets()).containsExactly(Scenario.Budget.minAvailable("web", "shop", java.util.Map.of("app", "web"), 2));
        assertThat(s.deployments().get(0).annotations()).containsEntry("karpenter.sh/do-not-disrupt", "true");
    }

    @Test
    void podReadyLatencyMaxUnavailableAndReadyAtLeastAreRead() {
        var r = read(HEAD + """
                  podReadyLatency: 20s
                  deployments: [{name: web, replicas: 3}]
                  podDisruptionBudgets: [{name: web, selector: {app: web}, maxUnavailable: 25%}]
                  steps: [{expect: {readyAtLeast: {web: 2}}}]
                """);
        Scenario s = r.scenario().orElseThrow();
        assertThat(s.podReadyLatency()).isEqualTo(java.time.Duration.ofSeconds(20));
        assertThat(s.podDisruptionBudgets()).containsExactly(new Scenario.Budget("web", "default", java.util.Map.of("app", "web"), null, "25%"));
        assertThat(((Scenario.Expect) s.steps().get(0)).readyAtLeast()).containsExactly(java.util.Map.entry("web", 2));
    }

    @Test
    void podReadyLatencyDefaultsToFiveSeconds() {
        Scenario s = read(HEAD + "  steps: [{advance: 1s}]\n").scenario().orElseThrow();
        assertThat(s.podReadyLatency()).isEqualTo(SimulatedWorld.DEFAULT_POD_READY_LATENCY).isEqualTo(java.time.Duration.ofSeconds(5));
    }

    @Test
    void readyAtLeastMustNameADeploymentAndIsPlacedAtItsKey() {
        Diagnostic d = only(HEAD + """
                  deployments: [{name: web, replicas: 3}]
                  steps: [{expect: {readyAtLeast: {wbe: 2}}}]
                """);
        assertThat(d.rule()).isEqualTo(Rule.SCENARIO_REFERENCE);
        assertThat(d.message()).isEqualTo("no deployment named 'wbe' (did you mean 'web'?)");
        assertThat(d.position().line()).isEqualTo(5);
        assertThat(d.position().column()).as("the key wbe").isEqualTo(36);
    }

    @Test
    void aPodReadyLatencyLongerThanADayIsRefused() {
        Diagnostic d = only(HEAD + "  podReadyLatency: 25h\n  steps: [{advance: 1s}]\n");
        assertThat(d.rule()).isEqualTo(Rule.SCENARIO_VALUE);
        assertThat(d.message()).startsWith("'25h' is longer than");
    }
}
