package dev.jig.controller.simulate;

import dev.jig.api.ec2.Catalog;
import dev.jig.controller.testing.Scenarios;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A scenario where the kube-scheduler's queue takes the anti-affinity pods last, as in the benchmark's diverse mix:
 * small pods first, then pods that repel each other per host. With nominations honoured each anti-affinity pod is bound
 * to the node Jig nominated it to, the one planned for it, and nothing is re-planned; a kube-scheduler that ignores
 * nominations spreads the small pods over every node first (LeastAllocated), and the anti-affinity pods, planned
 * each on a node with little room beside it, find that room taken and need nodes of their own.
 */
class NominationScenarioTest {

    private static final String SCENARIO = """
            apiVersion: jig.dev/v1alpha1
            kind: Scenario
            metadata: {name: anti-last}
            spec:
              zones: [us-east-1a]
              kubeScheduler: {scoring: LeastAllocated, nominations: %s}
              cloud: {bootLatency: 30s, readyLatency: 10s}
              nodePools:
                - apiVersion: karpenter.sh/v1
                  kind: NodePool
                  metadata: {name: default}
                  spec:
                    template:
                      spec:
                        nodeClassRef: {group: karpenter.k8s.aws, kind: EC2NodeClass, name: default}
                        requirements:
                          - {key: node.kubernetes.io/instance-type, operator: In, values: [m5.large, m5.xlarge, m5.2xlarge]}
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
                - {name: web, replicas: 0, requests: {cpu: 500m, memory: 512Mi}}
                - name: anti
                  replicas: 0
                  requests: {cpu: "3", memory: 2Gi}
                  affinity:
                    podAntiAffinity:
                      requiredDuringSchedulingIgnoredDuringExecution:
                        - {labelSelector: {matchLabels: {app: anti}}, topologyKey: kubernetes.io/hostname}
              steps:
                - scale: {deployment: web, replicas: 6}
                - scale: {deployment: anti, replicas: 4}
                - wait: {timeout: 10m}
                - expect: {pending: 0}
            """;

    private static SimulationReport play(String nominations) throws java.io.IOException {
        ScenarioReader.Result read = Scenarios.readerWithoutSchema().read(Path.of("anti-last.yaml"), SCENARIO.formatted(nominations));
        assertThat(read.diagnostics()).isEmpty();
        return Simulation.run(read.scenario().orElseThrow(), Catalog.bundled(), PolicyCompiler.NONE);
    }

    /** The node of each pod's last event of {@code kind} (the timeline's subject is the node, the message lists the pods). */
    private static Map<String, String> nodeByPod(SimulationReport r, String kind) {
        Map<String, String> out = new HashMap<>();
        for (SimulationReport.Line l : r.timeline()) {
            if (!l.kind().equals(kind) || l.subject() == null) continue;
            for (String pod : l.message().substring(l.message().indexOf(": ") + 2).split(", ")) out.put(pod, l.subject());
        }
        return out;
    }

    @Test
    void withNominationsEveryAntiAffinityPodIsBoundWhereItWasNominated() throws java.io.IOException {
        SimulationReport r = play("Honored");
        assertThat(r.passed()).isTrue();
        Map<String, String> nominated = nodeByPod(r, "NOMINATED");
        Map<String, String> bound = nodeByPod(r, "POD_BOUND");
        for (int i = 0; i < 4; i++) {
            String pod = "anti-" + i;
            assertThat(nominated).as(pod).containsKey(pod);
            assertThat(bound.get(pod)).as(pod + " keeps its planned node").isEqualTo(nominated.get(pod));
        }
        assertThat(r.replannedPerHour()).isZero();
        assertThat(r.settledPerHour()).hasValue(r.plannedPerHour());
    }

    @Test
    void withoutNominationsTheAntiAffinityPodsFindTheirNodesTakenAndAreReplanned() throws java.io.IOException {
        SimulationReport honored = play("Honored");
        SimulationReport ignored = play("Ignored");
        assertThat(ignored.passed()).isTrue();
        assertThat(ignored.plannedPerHour()).isEqualTo(honored.plannedPerHour());
        assertThat(ignored.replannedPerHour()).isPositive();
        // what it launched costs more; consolidation during the wait then takes the waste back, through churn
        assertThat(ignored.plannedPerHour() + ignored.replannedPerHour()).isGreaterThan(honored.settledPerHour().getAsDouble());
        assertThat(ignored.settledPerHour().getAsDouble()).isGreaterThanOrEqualTo(honored.settledPerHour().getAsDouble() - 1e-9);
        assertThat(honored.timeline()).noneMatch(l -> l.kind().equals("POD_EVICTED") || l.kind().equals("NODECLAIM_DELETING"));
    }
}
