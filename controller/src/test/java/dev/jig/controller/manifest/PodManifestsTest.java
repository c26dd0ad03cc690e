package dev.jig.controller.manifest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jig.api.karpenter.Requirement;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.controller.model.Pod;
import dev.jig.controller.model.PodDisruptionBudget;
import dev.jig.controller.model.Toleration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class PodManifestsTest {

    private static JsonNode json(String s) throws Exception {
        return new ObjectMapper().readTree(s.replace('\'', '"'));
    }

    @Test
    void effectiveRequestsAreTheLargerOfContainersAndInitContainersPlusOverhead() throws Exception {
        Pod p = PodManifests.pod(json("""
                {'metadata': {'name': 'p', 'namespace': 'ns', 'uid': 'u1', 'labels': {'app': 'x'}},
                 'spec': {'containers': [{'resources': {'requests': {'cpu': '250m', 'memory': '1Gi'}}},
                                         {'resources': {'limits': {'cpu': '1', 'memory': '512Mi', 'nvidia.com/gpu': '1'}}}],
                          'initContainers': [{'resources': {'requests': {'cpu': '2', 'memory': '128Mi'}}}],
                          'overhead': {'cpu': '100m'}}}""")).orElseThrow();
        assertThat(p.requests()).isEqualTo(new ResourceList(2100, 1536 * ResourceList.MIB, 0, 1, 1));
        assertThat(p.uid()).isEqualTo("u1");
        assertThat(p.key()).isEqualTo("ns/p");
    }

    @Test
    void unmodelledExtendedResourcesAreKeptByName() throws Exception {
        Pod p = PodManifests.pod(json("{'metadata': {'name': 'p'}, 'spec': {'containers': [{'resources': {'requests': {'vpc.amazonaws.com/pod-eni': '1'}}}]}}")).orElseThrow();
        assertThat(p.otherRequests()).containsExactly("vpc.amazonaws.com/pod-eni");
    }

    @Test
    void affinitiesTolerationsAndSpreadsAreRead() throws Exception {
        Pod p = PodManifests.pod(json("""
                {'metadata': {'name': 'p', 'labels': {'app': 'web', 'rev': '7'}},
                 'spec': {'containers': [{}], 'nodeSelector': {'type': 'karpenter'},
                  'tolerations': [{'key': 'dedicated', 'operator': 'Exists', 'effect': 'NoSchedule'}],
                  'topologySpreadConstraints': [{'maxSkew': 1, 'topologyKey': 'topology.kubernetes.io/zone', 'whenUnsatisfiable': 'ScheduleAnyway',
                       'labelSelector': {'matchLabels': {'app': 'web'}}, 'matchLabelKeys': ['rev']}],
                  'affinity': {'nodeAffinity': {'requiredDuringSchedulingIgnoredDuringExecution': {'nodeSelectorTerms': [
                        {'matchExpressions': [{'key': 'kubernetes.io/arch', 'operator': 'In', 'values': ['arm64']}]}]},
                      'preferredDuringSchedulingIgnoredDuringExecution': [{'weight': 5, 'preference': {'matchExpressions': [
                        {'key': 'karpenter.sh/capacity-type', 'operator': 'In', 'values': ['spot']}]}}]},
                    'podAntiAffinity': {'requiredDuringSchedulingIgnoredDuringExecution': [
                        {'labelSelector': {'matchExpressions': [{'key': 'app', 'operator': 'In', 'values': ['web']}]}, 'topologyKey': 'kubernetes.io/hostname'}]},
                    'podAffinity': {'preferredDuringSchedulingIgnoredDuringExecution': [
                        {'weight': 3, 'podAffinityTerm': {'labelSelector': {'matchLabels': {'app': 'db'}}, 'topologyKey': 'topology.kubernetes.io/zone'}}]}}}}
                """)).orElseThrow();
        assertThat(p.nodeSelector()).containsEntry("type", "karpenter");
        assertThat(p.tolerations()).containsExactly(new Toleration("dedicated", "Exists", "", "NoSchedule"));
        assertThat(p.spreads().get(0).hard()).isFalse();
        assertThat(p.spreads().get(0).selector().matchLabels()).containsEntry("app", "web").containsEntry("rev", "7");
        assertThat(p.requiredTerms().get(0).matchExpressions()).containsExactly(new Requirement("kubernetes.io/arch", Requirement.Operator.In, java.util.List.of("arm64")));
        assertThat(p.preferredTerms().get(0).weight()).isEqualTo(5);
        assertThat(p.antiAffinity().get(0).selector().matches(Map.of("app", "web"))).isTrue();
        assertThat(p.preferredAffinity().get(0).weight()).isEqualTo(3);
    }

    @Test
    void terminationGracePeriodSecondsIsReadAndDefaultsToThirtySeconds() throws Exception {
        assertThat(PodManifests.pod(json("{'metadata': {'name': 'p'}, 'spec': {'terminationGracePeriodSeconds': 120}}")).orElseThrow()
                .terminationGracePeriodSeconds()).isEqualTo(120);
        assertThat(PodManifests.pod(json("{'metadata': {'name': 'p'}, 'spec': {}}")).orElseThrow().terminationGracePeriodSeconds()).isEqualTo(30);
    }

    @Test
    void boundDaemonSetAndFinishedPodsAreRecognised() throws Exception {
        Pod d = PodManifests.pod(json("{'metadata': {'name': 'agent-x', 'ownerReferences': [{'kind': 'DaemonSet', 'name': 'agent'}]}, 'spec': {'nodeName': 'n1', 'containers': []}}")).orElseThrow();
        assertThat(d.daemonSet()).isTrue();
        assertThat(d.nodeName()).isEqualTo("n1");
        assertThat(PodManifests.pod(json("{'metadata': {'name': 'done'}, 'spec': {}, 'status': {'phase': 'Succeeded'}}"))).isEmpty();
    }

    @Test
    void anEmptyNamespaceSelectorMeansEveryNamespaceAndALabelledOneIsKeptAsSuch() throws Exception {
        Pod p = PodManifests.pod(json("""
                {'metadata': {'name': 'p'}, 'spec': {'containers': [], 'affinity': {'podAntiAffinity': {'requiredDuringSchedulingIgnoredDuringExecution': [
                    {'labelSelector': {'matchLabels': {'app': 'web'}}, 'topologyKey': 'kubernetes.io/hostname', 'namespaceSelector': {}},
                    {'labelSelector': {'matchLabels': {'app': 'db'}}, 'topologyKey': 'kubernetes.io/hostname', 'namespaceSelector': {'matchLabels': {'team': 'x'}}}]}}}}
                """)).orElseThrow();
        assertThat(p.antiAffinity().get(0).namespaces()).containsExactly(dev.jig.controller.model.PodAffinityTerm.ALL_NAMESPACES);
        assertThat(p.antiAffinity().get(1).namespaces()).containsExactly(dev.jig.controller.model.PodAffinityTerm.BY_NAMESPACE_LABELS);
    }

    @Test
    void anUnboundPodBeingDeletedIsNotPending() throws Exception {
        assertThat(PodManifests.pod(json("{'metadata': {'name': 'p', 'deletionTimestamp': '2026-01-01T00:00:00Z'}, 'spec': {}}"))).isEmpty();
        assertThat(PodManifests.pod(json("{'metadata': {'name': 'p', 'deletionTimestamp': '2026-01-01T00:00:00Z'}, 'spec': {'nodeName': 'n'}}"))).isPresent();
    }

    @Test
    void podsKarpenterDoesNotProvisionForAreNotPending() throws Exception {
        String base = "{'metadata': {'name': 'p'}, 'spec': {%s'containers': [{'resources': {'requests': {'cpu': '1'}}}]}%s}";
        Pod plain = PodManifests.pod(json(String.format(base, "", ""))).orElseThrow();
        Pod gated = PodManifests.pod(json(String.format(base, "'schedulingGates': [{'name': 'wait'}], ", ""))).orElseThrow();
        Pod other = PodManifests.pod(json(String.format(base, "'schedulerName': 'volcano', ", ""))).orElseThrow();
        Pod named = PodManifests.pod(json(String.format(base, "'schedulerName': 'default-scheduler', ", ""))).orElseThrow();
        Pod nominated = PodManifests.pod(json(String.format(base, "", ", 'status': {'nominatedNodeName': 'node-1'}"))).orElseThrow();
        assertThat(gated.ignored()).contains("scheduling gates");
        assertThat(other.ignored()).contains("volcano");
        assertThat(nominated.ignored()).as("whose nomination it is, is the provisioner's to tell").isNull();
        var snapshot = new dev.jig.controller.state.ClusterSnapshot(java.util.List.of(plain, gated, other, named.with().uid("named").build(), nominated),
                java.util.List.of(), java.util.List.of(), java.util.List.of(), Map.of(), java.util.List.of(), java.util.Optional.empty());
        assertThat(snapshot.pendingPods()).extracting(Pod::uid).containsExactly(plain.uid(), "named", nominated.uid());
    }

    @Test
    void aNominationIsReadAsItStandsWhileThePodIsPendingWhoeverWroteIt() throws Exception {
        Pod nominated = PodManifests.pod(json("{'metadata': {'name': 'p', 'annotations': {'jig.dev/nominated-node': 'node-0'}}, "
                + "'spec': {'containers': [{'resources': {'requests': {'cpu': '1'}}}]}, 'status': {'nominatedNodeName': 'node-1'}}")).orElseThrow();
        assertThat(nominated.nominatedNodeName()).isEqualTo("node-1");
        assertThat(nominated.ignored()).isNull();
        Pod bound = PodManifests.pod(json("{'metadata': {'name': 'p'}, 'spec': {'nodeName': 'n'}, 'status': {'nominatedNodeName': 'node-1'}}")).orElseThrow();
        assertThat(bound.nominatedNodeName()).isNull();
    }

    @Test
    void priorityAndCreationTimeAreReadForTheKubeSchedulersQueue() throws Exception {
        Pod p = PodManifests.pod(json("{'metadata': {'name': 'p', 'creationTimestamp': '2026-01-01T00:00:05Z'}, 'spec': {'priority': 1000}}")).orElseThrow();
        assertThat(p.priority()).isEqualTo(1000);
        assertThat(p.created()).isEqualTo(java.time.Instant.parse("2026-01-01T00:00:05Z"));
        Pod bare = PodManifests.pod(json("{'metadata': {'name': 'p', 'creationTimestamp': 'yesterday'}, 'spec': {}}")).orElseThrow();
        assertThat(bare.priority()).isZero();
        assertThat(bare.created()).as("an unreadable timestamp sorts first, as if unknown").isEqualTo(java.time.Instant.EPOCH);
    }

    @Test
    void annotationsAreReadForDisruption() throws Exception {
        Pod p = PodManifests.pod(json("""
                {'metadata': {'name': 'p', 'annotations': {'karpenter.sh/do-not-disrupt': 'true',
                                                           'controller.kubernetes.io/pod-deletion-cost': '-5'}},
                 'spec': {'nodeName': 'n1'}}""")).orElseThrow();
        assertThat(p.annotations()).containsEntry("karpenter.sh/do-not-disrupt", "true")
                .containsEntry("controller.kubernetes.io/pod-deletion-cost", "-5");
        assertThat(PodManifests.pod(json("{'metadata': {'name': 'p'}, 'spec': {}}")).orElseThrow().annotations()).isEmpty();
    }

    @Test
    void aPodDisruptionBudgetKeepsItsNamespaceSelectorAndAllowance() throws Exception {
        PodDisruptionBudget b = PodManifests.podDisruptionBudget(json("""
                {'metadata': {'name': 'web', 'namespace': 'shop'},
                 'spec': {'minAvailable': 2, 'selector': {'matchLabels': {'app': 'web'},
                          'matchExpressions': [{'key': 'tier', 'operator': 'NotIn', 'values': ['canary']}]}},
                 'status': {'disruptionsAllowed': 1}}"""));
        assertThat(b.key()).isEqualTo("shop/web");
        assertThat(b.disruptionsAllowed()).isEqualTo(1);
        assertThat(b.covers(pod("shop", Map.of("app", "web")))).isTrue();
        assertThat(b.covers(pod("shop", Map.of("app", "web", "tier", "canary")))).isFalse();
        assertThat(b.covers(pod("other", Map.of("app", "web")))).isFalse();
    }

    @Test
    void aBudgetWithoutStatusAllowsNoDisruptionAndOneWithoutSelectorCoversNoPod() throws Exception {
        PodDisruptionBudget b = PodManifests.podDisruptionBudget(json("{'metadata': {'name': 'b', 'namespace': 'shop'}, 'spec': {'maxUnavailable': 1}}"));
        assertThat(b.disruptionsAllowed()).isZero();
        assertThat(b.covers(pod("shop", Map.of()))).isFalse();
        PodDisruptionBudget empty = PodManifests.podDisruptionBudget(json(
                "{'metadata': {'name': 'b', 'namespace': 'shop'}, 'spec': {'selector': {}}, 'status': {'disruptionsAllowed': 3}}"));
        assertThat(empty.covers(pod("shop", Map.of("app", "any")))).as("an empty selector selects every pod of the namespace").isTrue();
        assertThat(empty.disruptionsAllowed()).isEqualTo(3);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "'web'",
            "{'matchLabels': ['app']}",
            "{'matchLabels': {'app': {'nested': 'x'}}}",
            "{'matchExpressions': {'key': 'app'}}",
            "{'matchExpressions': [{'key': 'app', 'operator': 'Matches', 'values': ['web']}]}",
            "{'matchExpressions': [{'key': 'app', 'operator': 'In'}]}",
            "{'matchExpressions': [{'key': 'app', 'operator': 'Exists', 'values': ['web']}]}",
            "{'matchExpressions': [{'operator': 'Exists'}]}"})
    void aBudgetWhoseSelectorCannotBeReadFailsClosedOverItsNamespace(String selector) throws Exception {
        PodDisruptionBudget b = PodManifests.podDisruptionBudget(json(
                "{'metadata': {'name': 'b', 'namespace': 'shop'}, 'spec': {'selector': " + selector + "}, 'status': {'disruptionsAllowed': 5}}"));
        assertThat(b.disruptionsAllowed()).isZero();
        assertThat(b.covers(pod("shop", Map.of("app", "unrelated")))).isTrue();
        assertThat(b.covers(pod("other", Map.of()))).isFalse();
    }

    private static Pod pod(String namespace, Map<String, String> labels) {
        return Pod.of(namespace, "p", ResourceList.ZERO, labels);
    }
}
