package dev.jig.controller.bench;

import dev.jig.api.ec2.Catalog;
import dev.jig.controller.bench.PerfScenarioReplay.Kind;
import dev.jig.controller.bench.PerfScenarioReplay.Span;
import dev.jig.controller.simulate.PolicyCompiler;
import dev.jig.controller.simulate.Scenario;
import dev.jig.controller.simulate.ScenarioReader;
import dev.jig.controller.simulate.Simulation;
import dev.jig.controller.simulate.SimulationReport;
import dev.jig.controller.testing.Scenarios;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The replay of Karpenter's performance suite ({@code examples/scenarios/perf}): the phases it reads off each
 * scenario's steps match upstream's, the utilisation it reports is Karpenter's average over nodes, and the smallest
 * scenario plays to completion with every {@code expect} holding.
 */
class PerfScenarioReplayTest {

    private static Scenario perf(String name) throws IOException {
        Path file = Path.of(System.getProperty("jig.repo.root", ".."), "examples", "scenarios", "perf", name);
        ScenarioReader.Result read = Scenarios.readerWithoutSchema().read(file, Files.readString(file));
        assertThat(read.diagnostics()).as(name).isEmpty();
        return read.scenario().orElseThrow();
    }

    private static List<String> phases(String name) throws IOException {
        return PerfScenarioReplay.spans(perf(name)).stream().map(s -> s.kind() + " " + s.pods()).toList();
    }

    @Test
    void eachScenarioHasUpstreamsPhasesWithUpstreamsPodCounts() throws IOException {
        assertThat(phases("basic.yaml")).containsExactly("SCALE_OUT 1000", "CONSOLIDATION 700");
        assertThat(phases("wide-deployments.yaml")).containsExactly("SCALE_OUT 1000", "CONSOLIDATION 700");
        assertThat(phases("hostname-spreading-xl.yaml")).containsExactly("SCALE_OUT 2000", "CONSOLIDATION 1400");
        assertThat(phases("do-not-disrupt.yaml")).containsExactly("SCALE_OUT 1100", "CONSOLIDATION 600");
        assertThat(phases("self-anti-affinity.yaml")).containsExactly("SCALE_OUT 500", "SCALE_OUT 750", "CONSOLIDATION 600");
        assertThat(phases("drift.yaml")).containsExactly("SCALE_OUT 600", "DRIFT 600");
    }

    @Test
    void everyScenarioHasUpstreamsThresholdsForEachPhase() throws IOException {
        for (String name : List.of("basic", "wide-deployments", "hostname-spreading-xl", "do-not-disrupt", "self-anti-affinity", "drift")) {
            Scenario s = perf(name + ".yaml");
            assertThat(UpstreamThresholds.BY_SCENARIO.get(s.name())).as(s.name()).hasSameSizeAs(PerfScenarioReplay.spans(s));
        }
    }

    @Test
    void aPhaseRunsFromItsTriggerStepsToTheNextTriggers() throws IOException {
        List<Span> spans = PerfScenarioReplay.spans(perf("basic.yaml"));
        // scale, scale, wait, expect | scale, scale, advance, wait, expect
        assertThat(spans).containsExactly(new Span(Kind.SCALE_OUT, 0, 4, 0, 1000), new Span(Kind.CONSOLIDATION, 4, 9, 2, 700));
    }

    @Test
    void reservedUtilisationIsTheAverageOverNodesOfRequestsOverAllocatable() throws IOException {
        // two pods of 500m and 1Gi on one m5.large: allocatable 1930m and 6903Mi on AL2023
        ScenarioReader.Result read = Scenarios.readerWithoutSchema().read(Path.of("u.yaml"), """
                apiVersion: jig.dev/v1alpha1
                kind: Scenario
                spec:
                  nodePools:
                    - apiVersion: karpenter.sh/v1
                      kind: NodePool
                      metadata: {name: default}
                      spec:
                        template:
                          spec:
                            nodeClassRef: {group: karpenter.k8s.aws, kind: EC2NodeClass, name: default}
                            requirements:
                              - {key: node.kubernetes.io/instance-type, operator: In, values: [m5.large]}
                              - {key: karpenter.sh/capacity-type, operator: In, values: [on-demand]}
                  nodeClasses:
                    - apiVersion: karpenter.k8s.aws/v1
                      kind: EC2NodeClass
                      metadata: {name: default}
                      spec:
                        role: KarpenterNodeRole-simulated
                        amiSelectorTerms: [{alias: al2023@latest}]
                        subnetSelectorTerms: [{tags: {karpenter.sh/discovery: simulated}}]
                        securityGroupSelectorTerms: [{tags: {karpenter.sh/discovery: simulated}}]
                  deployments:
                    - {name: web, replicas: 2, requests: {cpu: 500m, memory: 1Gi}}
                  steps:
                    - wait: {timeout: 5m}
                    - expect: {nodes: 1, pending: 0}
                """);
        SimulationReport r = Simulation.run(read.scenario().orElseThrow(), Catalog.bundled(), PolicyCompiler.NONE);
        assertThat(r.passed()).isTrue();
        double[] util = PerfScenarioReplay.reservedUtilisation(r);
        assertThat(util[0]).isCloseTo(1000 / 1930.0, within(1e-9));
        assertThat(util[1]).isCloseTo(2048 / 6903.0, within(1e-9));
    }

    @Test
    void theSmallestScenarioDriftPlaysToCompletionReplacingDriftedNodes() throws IOException {
        PerfScenarioReplay.Result r = PerfScenarioReplay.play(perf("drift.yaml"), Catalog.bundled());
        assertThat(r.last().checks()).isNotEmpty().allSatisfy(c -> assertThat(c.passed()).as(c.at() + ": " + c.actual()).isTrue());
        PerfScenarioReplay.Phase initial = r.phases().get(0);
        PerfScenarioReplay.Phase drift = r.phases().get(1);
        assertThat(initial.boundPods()).isEqualTo(600);
        assertThat(initial.doneAfter()).as("the scale-out settled").isPresent();
        assertThat(drift.boundPods()).isEqualTo(600);
        assertThat(drift.kept()).as("drift replaced nodes launched from the old template").isLessThan(initial.nodes());
        assertThat(r.last().timeline()).anyMatch(l -> l.kind().equals("DISRUPTION") && l.message().startsWith("decided Drifted/"));
    }
}
