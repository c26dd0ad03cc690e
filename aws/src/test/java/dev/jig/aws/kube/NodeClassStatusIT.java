package dev.jig.aws.kube;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.aws.loopback.Ec2Provider;
import dev.jig.aws.loopback.LoopbackFixture;
import dev.jig.aws.loopback.TestNodeClasses;
import dev.jig.controller.kube.KubeCluster;
import dev.jig.controller.kube.KubeClusterIT;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** EC2NodeClass status written to fabric8's mock API server from what the loopback EC2 resolves. */
@EnableKubernetesMockClient(crud = true)
class NodeClassStatusIT {

    KubernetesClient client;

    private final LoopbackFixture f = new LoopbackFixture();
    private final Ec2Provider ec2 = new Ec2Provider(f);
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private NodeClassStatusReconciler reconciler;

    @BeforeEach
    void setUp() {
        KubeClusterIT.crd(client, "karpenter.k8s.aws", "EC2NodeClass", "ec2nodeclasses");
        create("default", TestNodeClasses.DEFAULT_SPEC);
        create("typo", TestNodeClasses.DEFAULT_SPEC.replace("\"subnetSelectorTerms\": [{\"tags\": {\"karpenter.sh/discovery\": \"demo\"}}]",
                "\"subnetSelectorTerms\": [{\"tags\": {\"karpenter.sh/discovery\": \"dmeo\"}}]"));
        reconciler = new NodeClassStatusReconciler(client, ec2.resolutions, f.clock, Duration.ofSeconds(30), registry);
    }

    @AfterEach
    void close() {
        f.close();
    }

    private void create(String name, String spec) {
        client.genericKubernetesResources(KubeCluster.NODE_CLASSES).resource(client.getKubernetesSerialization()
                .convertValue(TestNodeClasses.object(name, spec), GenericKubernetesResource.class)).create();
    }

    private JsonNode status(String name) {
        return client.getKubernetesSerialization().convertValue(client.genericKubernetesResources(KubeCluster.NODE_CLASSES).withName(name).get(),
                JsonNode.class).path("status");
    }

    private static JsonNode condition(JsonNode status, String type) {
        for (JsonNode c : status.path("conditions")) if (c.path("type").asText().equals(type)) return c;
        return null;
    }

    @Test
    void aResolvableNodeClassShowsWhatItResolvedToAndIsReady() {
        reconciler.reconcile();
        JsonNode s = status("default");
        assertThat(s.path("subnets").toString()).contains("\"id\":\"subnet-0a\",\"zone\":\"us-east-1a\",\"zoneID\":\"use1-az1\"", "subnet-0b");
        assertThat(s.path("securityGroups").toString()).contains("\"id\":\"sg-0node\",\"name\":\"demo-node\"");
        assertThat(s.path("amis").toString()).contains("ami-0amd64", "ami-0arm64", "\"key\":\"kubernetes.io/arch\"");
        assertThat(s.path("instanceProfile").asText()).isEqualTo("demo_default_profile");
        for (String type : new String[] {"SubnetsReady", "SecurityGroupsReady", "AMIsReady", "InstanceProfileReady", "Ready"}) {
            assertThat(condition(s, type).path("status").asText()).as(type).isEqualTo("True");
        }
    }

    @Test
    void aSelectorThatMatchesNothingIsANotReadyConditionNamingItAndAMetric() {
        reconciler.reconcile();
        JsonNode s = status("typo");
        assertThat(s.has("subnets")).isFalse();
        assertThat(condition(s, "SubnetsReady").path("status").asText()).isEqualTo("False");
        assertThat(condition(s, "SubnetsReady").path("message").asText()).contains("subnetSelectorTerms", "karpenter.sh/discovery=dmeo", "matched nothing");
        assertThat(condition(s, "Ready").path("status").asText()).isEqualTo("False");
        assertThat(condition(s, "Ready").path("message").asText()).contains("dmeo");
        assertThat(condition(s, "SecurityGroupsReady").path("status").asText()).isEqualTo("True");
        assertThat(registry.get("jig_aws_nodeclass_not_ready_total").counter().count()).isEqualTo(1);
    }

    @Test
    void anUnchangedStatusIsNotWrittenAgainAndAFixKeepsUnchangedConditionsTimes() {
        reconciler.reconcile();
        String version = client.genericKubernetesResources(KubeCluster.NODE_CLASSES).withName("default").get().getMetadata().getResourceVersion();
        String sgSince = condition(status("typo"), "SecurityGroupsReady").path("lastTransitionTime").asText();
        f.clock.advance(Duration.ofMinutes(2));
        reconciler.reconcile();
        assertThat(client.genericKubernetesResources(KubeCluster.NODE_CLASSES).withName("default").get().getMetadata().getResourceVersion())
                .isEqualTo(version);
        f.world.subnet("subnet-0fix", "us-east-1a", java.util.Map.of("karpenter.sh/discovery", "dmeo"));
        f.clock.advance(Duration.ofMinutes(2));
        ec2.refreshDue();
        reconciler.reconcile();
        JsonNode s = status("typo");
        assertThat(condition(s, "Ready").path("status").asText()).isEqualTo("True");
        assertThat(condition(s, "SecurityGroupsReady").path("lastTransitionTime").asText()).isEqualTo(sgSince);
        assertThat(condition(s, "SubnetsReady").path("lastTransitionTime").asText()).isEqualTo(f.clock.instant().toString());
    }

    @Test
    void theStatusReadsTheLastResolutionWithoutCallingEc2() {
        reconciler.reconcile();
        int calls = f.loopback.calls().size();
        f.clock.advance(Duration.ofMinutes(2));
        reconciler.reconcile();
        assertThat(f.loopback.calls()).hasSize(calls);
        assertThat(condition(status("default"), "SelectorsRefreshed").path("status").asText()).isEqualTo("True");
    }

    @Test
    void anEc2OutageKeepsTheLastGoodResolutionAndSaysSoInAConditionAndAMetric() {
        reconciler.reconcile();
        f.world.faults().serverError("DescribeSubnets", 100);
        f.clock.advance(Duration.ofMinutes(2));
        ec2.refreshDue();
        reconciler.reconcile();
        JsonNode s = status("default");
        assertThat(s.path("subnets").toString()).contains("subnet-0a", "subnet-0b");
        assertThat(condition(s, "Ready").path("status").asText()).isEqualTo("True");
        JsonNode refreshed = condition(s, "SelectorsRefreshed");
        assertThat(refreshed.path("status").asText()).isEqualTo("False");
        assertThat(refreshed.path("reason").asText()).isEqualTo("RefreshFailed");
        assertThat(refreshed.path("message").asText()).contains("DescribeSubnets", "stays in use", "2026-11-25T12:00:00Z");
        assertThat(f.registry.get("jig_aws_refresh_failures_total").tag("what", "nodeclass").counter().count()).isEqualTo(2);
        assertThat(ec2.resolutions.resolve(TestNodeClasses.defaultClass()).subnets()).hasSize(2);

        f.world.faults().serverError("DescribeSubnets", 0);
        f.clock.advance(Duration.ofMinutes(2));
        ec2.refreshDue();
        f.clock.advance(Duration.ofMinutes(1));
        reconciler.reconcile();
        assertThat(condition(status("default"), "SelectorsRefreshed").path("status").asText()).isEqualTo("True");
    }

    @Test
    void aFirstResolutionDuringAnOutageLeavesTheStatusAloneAndIsCounted() {
        reconciler.reconcile();
        f.world.faults().serverError("DescribeSubnets", 100);
        f.clock.advance(Duration.ofMinutes(2));
        create("fresh", TestNodeClasses.DEFAULT_SPEC);
        reconciler.reconcile();
        assertThat(status("fresh").isMissingNode()).isTrue();
        assertThat(registry.get("jig_aws_nodeclass_status_failures_total").counter().count()).isEqualTo(1);
    }
}
