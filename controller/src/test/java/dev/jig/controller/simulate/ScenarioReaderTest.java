package dev.jig.controller.simulate;

import dev.jig.api.diag.Diagnostic;
import dev.jig.api.diag.Rule;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class ScenarioReaderTest {

    private static ScenarioReader.Result read(String yaml) {
        return ScenarioReader.read(Path.of("s.yaml"), yaml);
    }

    @Test
    void aScenarioNeedsItsApiVersionAndKind() {
        var r = read("apiVersion: v1\nkind: Pod\n");
        assertThat(r.scenario()).isEmpty();
        assertThat(r.diagnostics()).extracting(Diagnostic::rule).containsExactly(Rule.SCENARIO);
    }

    @Test
    void stepsAreReadWithTheirPlaces() {
        var r = read("""
                apiVersion: jig.dev/v1alpha1
                kind: Scenario
                metadata: {name: s}
                spec:
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
        assertThat(s.steps().get(0).at().line()).isEqualTo(9);
        assertThat(((Scenario.Wait) s.steps().get(1)).timeout()).hasMinutes(5);
        assertThat(((Scenario.Advance) s.steps().get(2)).duration()).hasSeconds(30);
        assertThat(((Scenario.Expect) s.steps().get(3)).instanceTypes()).containsEntry("m5.large", 1);
        assertThat(s.deployments().get(0).labels()).containsEntry("app", "web");
        assertThat(s.zones()).hasSize(3);
    }

    @Test
    void unknownDeploymentsAndBadDurationsAreFindingsAtTheirLine() {
        var r = read("""
                apiVersion: jig.dev/v1alpha1
                kind: Scenario
                spec:
                  steps:
                    - scale: {deployment: nope, replicas: 3}
                    - advance: soon
                """);
        assertThat(r.scenario()).isEmpty();
        assertThat(r.diagnostics()).extracting(Diagnostic::message).anyMatch(m -> m.contains("no deployment named 'nope'"))
                .anyMatch(m -> m.contains("'soon' is not a duration"));
        assertThat(r.diagnostics()).extracting(d -> d.position().line()).contains(5, 6);
    }

    @Test
    void yamlErrorsAreReported() {
        var r = read("apiVersion: [unclosed\n");
        assertThat(r.scenario()).isEmpty();
        assertThat(r.diagnostics()).isNotEmpty();
    }

    @Test
    void inlineNodePoolsMustPassTheKarpenterRules() {
        var r = read("""
                apiVersion: jig.dev/v1alpha1
                kind: Scenario
                spec:
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
}
