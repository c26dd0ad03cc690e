package dev.jig.controller.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jig.api.diag.ExitCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class SimulateCommandTest {

    private static final Path INFLATE = Path.of(System.getProperty("jig.repo.root", ".."), "examples", "scenarios", "inflate.yaml");

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return Main.run(args, new PrintWriter(out), new PrintWriter(err));
    }

    @Test
    void simulatesTheInflateScenarioAsText() {
        assertThat(run("simulate", INFLATE.toString())).isZero();
        assertThat(out.toString()).contains("Timeline", "Expectations", "Nodes", "m5.large", "$0.1920 per hour");
    }

    @Test
    void simulatesAsJson() {
        assertThat(run("simulate", INFLATE.toString(), "--format", "json")).isZero();
        assertThat(out.toString()).startsWith("{").contains("\"nodes\"", "\"timeline\"", "\"totalPerHour\"");
    }

    @Test
    void simulatesAsOneSelfContainedHtmlFileWithTheTimelineCharts() {
        assertThat(run("simulate", INFLATE.toString(), "--format", "html")).isZero();
        assertThat(out.toString()).startsWith("<!DOCTYPE html>").contains("Jig simulate: inflate", "Every expectation held.", "m5.large",
                "<title>Nodes</title>", "<title>Cost ($/h)</title>", "<path class=\"series\"").doesNotContain("<script", "src=", "href=");
    }

    @Test
    void faultsGivenOnTheCommandLineReplaceTheScenariosAndTheCalmTailSettlesAfterThem() {
        // half the writes refused (the scenario's expectations may not hold under them); the tail settles once the faults stop at +5:00
        assertThat(run("simulate", INFLATE.toString(), "--faults", "{seed: 3, until: 5m, apiErrors: 0.5, restartEvery: 2m}", "--settle", "30m"))
                .isNotEqualTo(ExitCode.USAGE);
        assertThat(out.toString()).contains("HTTP 409 Conflict", "restarted (simulated fault)", "settled  calm tail: ").doesNotContain("invariant ")
                .containsPattern("calm tail: after \\d+:\\d\\d \\(at \\+([5-9]|[1-3]\\d):\\d\\d\\)");
    }

    @Test
    void faultsThatDoNotReadAreFindingsThatPointIntoTheOption() {
        assertThat(run("simulate", INFLATE.toString(), "--faults", "{seed: 3, apiErrors: 2}")).isEqualTo(ExitCode.FINDINGS);
        assertThat(out.toString()).contains("--faults:1:22: error[JIG0702] spec.faults.apiErrors: must be at most 1, found 2");
    }

    @Test
    void aMissingFileInHtmlFormatIsAnErrorPage(@TempDir Path dir) {
        Path missing = dir.resolve("missing.yaml");
        assertThat(run("simulate", missing.toString(), "--format", "html")).isEqualTo(ExitCode.USAGE);
        assertThat(out.toString()).startsWith("<!DOCTYPE html>").contains("no such scenario file: ");
    }

    @Test
    void aFailedExpectationExitsWithOne(@TempDir Path dir) throws Exception {
        String scenario = Files.readString(INFLATE).replace("expect: {nodes: 1, instanceTypes: {m5.large: 1}, pending: 0}",
                "expect: {nodes: 3}");
        Path f = dir.resolve("s.yaml");
        Files.writeString(f, scenario);
        assertThat(run("simulate", f.toString())).isEqualTo(ExitCode.FINDINGS);
        assertThat(out.toString()).contains("FAIL", "expected 3 node(s), got 1 node(s)");
    }

    private Path write(Path dir, String yaml) throws Exception {
        Path f = dir.resolve("s.yaml");
        Files.writeString(f, yaml);
        return f;
    }

    private static String inflateWith(String from, String to) throws Exception {
        String text = Files.readString(INFLATE);
        assertThat(text).contains(from);
        return text.replace(from, to);
    }

    @Test
    void aMisspelledFieldIsALocatedLintStyleFindingWithDidYouMeanAndNothingRuns(@TempDir Path dir) throws Exception {
        Path f = write(dir, inflateWith("      requests: {memory: 1Gi}", "      requets: {memory: 1Gi}"));
        assertThat(run("simulate", f.toString())).isEqualTo(ExitCode.FINDINGS);
        assertThat(out.toString()).startsWith(f + ":63:7: error[JIG0702] spec.deployments[0]: unknown field 'requets' (did you mean 'requests'?)")
                .contains("\n  hint: Shorthand: the requests of the pod's one container.")
                .doesNotContain("Timeline");
    }

    @Test
    void misspelledSectionsAndStepsAreRefusedRatherThanIgnored(@TempDir Path dir) throws Exception {
        Path f = write(dir, inflateWith("  nodePools:", "  nodepools:").replace("- expect: {nodes: 1,", "- expcet: {nodes: 1,")
                .replace("- expect: {nodes: 2, instanceTypes: {m5.large: 2}, pending: 0}", "- expect: {nodez: 2}"));
        assertThat(run("simulate", f.toString())).isEqualTo(ExitCode.FINDINGS);
        assertThat(out.toString())
                .contains(f + ":18:3: error[JIG0702] spec: unknown field 'nodepools' (did you mean 'nodePools'?)")
                .contains("error[JIG0702] spec.steps[2]: unknown field 'expcet' (did you mean 'expect'?)")
                .contains("error[JIG0702] spec.steps[5].expect: unknown field 'nodez' (did you mean 'nodes'?)");
    }

    @Test
    void negativeReplicasAreAFindingAtTheValueNotACrash(@TempDir Path dir) throws Exception {
        Path f = write(dir, inflateWith("- scale: {deployment: inflate, replicas: 12}", "- scale: {deployment: inflate, replicas: -3}"));
        assertThat(run("simulate", f.toString())).isEqualTo(ExitCode.FINDINGS);
        assertThat(out.toString()).contains(f + ":71:46: error[JIG0702] spec.steps[3].scale.replicas: must be at least 0, found -3");
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void anInvalidScenarioAsJsonIsOneDocumentWithTheFindingsAsData(@TempDir Path dir) throws Exception {
        Path f = write(dir, inflateWith("- wait: {timeout: 10m}", "- wait: {timeout: 10 minutes}"));
        assertThat(run("simulate", f.toString(), "--format", "json")).isEqualTo(ExitCode.FINDINGS);
        JsonNode doc = new ObjectMapper().readTree(out.toString());
        assertThat(doc.path("passed").asBoolean(true)).isFalse();
        JsonNode finding = doc.path("diagnostics").path(0);
        assertThat(finding.path("file").asText()).isEqualTo(f.toString());
        assertThat(finding.path("line").asInt()).isEqualTo(68);
        assertThat(finding.path("column").asInt()).isEqualTo(23);
        assertThat(finding.path("rule").asText()).isEqualTo("JIG0702");
        assertThat(finding.path("severity").asText()).isEqualTo("error");
        assertThat(finding.path("message").asText()).isEqualTo("spec.steps[1].wait.timeout: must be a duration such as 90s, 30m, 24h or 1h30m; found '10 minutes'");
        assertThat(finding.path("hint").asText()).startsWith("Most simulated time to wait");
        assertThat(doc.path("timeline")).isEmpty();
    }

    @Test
    void anUnknownDeploymentInAStepIsAReferenceFinding(@TempDir Path dir) throws Exception {
        Path f = write(dir, inflateWith("- scale: {deployment: inflate, replicas: 5}", "- scale: {deployment: inflat, replicas: 5}"));
        assertThat(run("simulate", f.toString(), "--format", "json")).isEqualTo(ExitCode.FINDINGS);
        JsonNode finding = new ObjectMapper().readTree(out.toString()).path("diagnostics").path(0);
        assertThat(finding.path("rule").asText()).isEqualTo("JIG0704");
        assertThat(finding.path("message").asText()).isEqualTo("no deployment named 'inflat' (did you mean 'inflate'?)");
    }

    @Test
    void aMissingFileExitsWithTwoAndIsAJsonDocumentInJsonFormat(@TempDir Path dir) throws Exception {
        Path missing = dir.resolve("missing.yaml");
        assertThat(run("simulate", missing.toString())).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains("no such scenario file: " + missing);
        assertThat(out.toString()).isEmpty();
        err.getBuffer().setLength(0);
        assertThat(run("simulate", missing.toString(), "--format", "json")).isEqualTo(ExitCode.USAGE);
        JsonNode doc = new ObjectMapper().readTree(out.toString());
        assertThat(doc.path("error").asText()).isEqualTo("no such scenario file: " + missing);
        assertThat(doc.path("exitCode").asInt()).isEqualTo(ExitCode.USAGE);
    }

    @Test
    void anInvalidScenarioExitsWithOne(@TempDir Path dir) throws Exception {
        Path f = write(dir, "apiVersion: jig.dev/v1alpha1\nkind: Scenario\nspec:\n  steps:\n    - jump: {}\n");
        assertThat(run("simulate", f.toString())).isEqualTo(ExitCode.FINDINGS);
        assertThat(out.toString()).contains("error[JIG0702]", "s.yaml:5:");
    }

    @Test
    void everyFeatureOfTheFormatReadsAndPlaysAtItsLimits(@TempDir Path dir) throws Exception {
        String inflate = Files.readString(INFLATE);
        String pools = inflate.substring(inflate.indexOf("  nodePools:"), inflate.indexOf("  deployments:"));
        Path f = write(dir, """
                apiVersion: jig.dev/v1alpha1
                kind: Scenario
                metadata: {name: limits}
                spec:
                  zones: [us-east-1a, us-east-1b]
                  cloud:
                    bootLatency: 0s
                    readyLatency: 14m59s
                    spot: false
                    capacityErrors:
                      - {instanceType: c5.large}
                      - {zone: us-east-1b, capacityType: "*"}
                  kubeScheduler: {scoring: MostAllocated}
                """ + pools + """
                  daemonSets:
                    - name: agent
                      template:
                        metadata: {labels: {app: agent}}
                        spec:
                          containers: [{name: agent, image: agent:1, resources: {requests: {cpu: 100m, memory: 128Mi}}}]
                          tolerations: [{operator: Exists}]
                  deployments:
                    - name: web
                      replicas: 2
                      template:
                        spec:
                          initContainers:
                            - {name: proxy, restartPolicy: Always, resources: {requests: {cpu: 100m}}}
                            - {name: init, resources: {limits: {memory: 2Gi}}}
                          containers: [{name: main, resources: {requests: {cpu: "1", memory: 1Gi}, limits: {memory: 1Gi}}}]
                          overhead: {cpu: 10m}
                          nodeSelector: {type: karpenter}
                          affinity:
                            nodeAffinity:
                              requiredDuringSchedulingIgnoredDuringExecution:
                                nodeSelectorTerms:
                                  - matchExpressions:
                                      - {key: karpenter.k8s.aws/instance-cpu, operator: Gt, values: ["1"]}
                                      - {key: kubernetes.io/arch, operator: Exists}
                              preferredDuringSchedulingIgnoredDuringExecution:
                                - weight: 10
                                  preference: {matchExpressions: [{key: topology.kubernetes.io/zone, operator: In, values: [us-east-1a]}]}
                            podAntiAffinity:
                              preferredDuringSchedulingIgnoredDuringExecution:
                                - weight: 100
                                  podAffinityTerm:
                                    labelSelector: {matchLabels: {app: web}}
                                    topologyKey: kubernetes.io/hostname
                                    namespaceSelector: {}
                          topologySpreadConstraints:
                            - maxSkew: 1
                              topologyKey: topology.kubernetes.io/zone
                              whenUnsatisfiable: ScheduleAnyway
                              labelSelector: {matchExpressions: [{key: app, operator: In, values: [web]}]}
                              matchLabelKeys: [app]
                              minDomains: 1
                              nodeAffinityPolicy: Honor
                              nodeTaintsPolicy: Ignore
                    - name: batch
                      namespace: jobs
                      labels: {app: batch}
                      requests: {cpu: 500m}
                      limits: {memory: 512Mi}
                      nodeSelector: {type: karpenter}
                      tolerations: [{key: workload, operator: Equal, value: jobs, effect: NoSchedule}]
                      affinity:
                        podAffinity:
                          requiredDuringSchedulingIgnoredDuringExecution:
                            - {labelSelector: {matchLabels: {app: web}}, topologyKey: topology.kubernetes.io/zone, namespaces: [default]}
                  steps:
                    - scale: {deployment: batch, replicas: 3}
                    - wait: {}
                    - advance: 24h
                    - expect: {pending: 0}
                    - scale: {deployment: web, replicas: 0}
                    - advance: 1s
                    - expect: {pending: 0}
                """);
        int code = run("simulate", f.toString());
        assertThat(err.toString()).isEmpty();
        assertThat(out.toString()).as(out.toString()).contains("Scenario limits", "Timeline", "Expectations").doesNotContain("error[");
        assertThat(code).as(out.toString()).isZero();
    }
}
