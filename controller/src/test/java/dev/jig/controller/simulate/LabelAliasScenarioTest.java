package dev.jig.controller.simulate;

import dev.jig.controller.testing.Scenarios;
import dev.jig.api.ec2.Catalog;
import dev.jig.api.karpenter.WellKnownLabels;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Deprecated label keys end to end: a pool and a deployment written with {@code beta.} and
 * {@code failure-domain.beta.} keys provision nodes, the simulated kubelet labels them with both the current
 * and the deprecated keys, and the kube-scheduler binds the pods.
 */
class LabelAliasScenarioTest {

    private static final String SCENARIO = """
            apiVersion: jig.dev/v1alpha1
            kind: Scenario
            metadata:
              name: aliases
            spec:
              zones: [us-east-1a, us-east-1b, us-east-1c]
              nodePools:
                - apiVersion: karpenter.sh/v1
                  kind: NodePool
                  metadata: {name: arm}
                  spec:
                    template:
                      spec:
                        nodeClassRef: {group: karpenter.k8s.aws, kind: EC2NodeClass, name: default}
                        requirements:
                          - {key: beta.kubernetes.io/arch, operator: In, values: [arm64]}
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
                - name: web
                  namespace: default
                  replicas: 0
                  labels: {app: web}
                  requests: {cpu: 500m, memory: 512Mi}
                  nodeSelector: {failure-domain.beta.kubernetes.io/zone: us-east-1b, beta.kubernetes.io/os: linux}
              steps:
                - scale: {deployment: web, replicas: 4}
                - wait: {timeout: 10m}
                - expect: {pending: 0}
            """;

    @Test
    void deprecatedKeysInPoolsAndPodsProvisionNodesThatCarryBothKeys() throws IOException {
        ScenarioReader.Result read = Scenarios.readerWithoutSchema().read(Path.of("aliases.yaml"), SCENARIO);
        assertThat(read.diagnostics()).isEmpty();
        SimulationReport r = Simulation.run(read.scenario().orElseThrow(), Catalog.bundled(), PolicyCompiler.NONE);

        assertThat(r.checks()).singleElement().satisfies(c -> assertThat(c.passed()).as(c.actual()).isTrue());
        assertThat(r.nodes()).isNotEmpty().allSatisfy(n -> {
            assertThat(n.zone()).isEqualTo("us-east-1b");
            assertThat(n.labels()).containsEntry(WellKnownLabels.ARCH, "arm64").containsEntry(WellKnownLabels.BETA_ARCH, "arm64")
                    .containsEntry(WellKnownLabels.ZONE, "us-east-1b").containsEntry(WellKnownLabels.BETA_ZONE, "us-east-1b")
                    .containsEntry(WellKnownLabels.BETA_OS, "linux").containsEntry(WellKnownLabels.NODEPOOL, "arm")
                    .containsEntry(WellKnownLabels.INSTANCE_TYPE, n.instanceType()).containsEntry(WellKnownLabels.BETA_INSTANCE_TYPE, n.instanceType());
        });
        assertThat(r.placements()).hasSize(4).allSatisfy(p -> {
            assertThat(p.status()).isEqualTo(PodPlacements.Status.BOUND);
            assertThat(p.pool()).isEqualTo("arm");
        });
    }
}
