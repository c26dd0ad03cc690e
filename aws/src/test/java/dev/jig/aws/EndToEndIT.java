package dev.jig.aws;

import static dev.jig.controller.kube.KubeClusterIT.await;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.api.karpenter.TaintKeys;
import dev.jig.aws.cloud.AwsCloud;
import dev.jig.aws.cloud.Ec2Settings;
import dev.jig.aws.loopback.Ec2Provider;
import dev.jig.aws.loopback.Ec2World.LaunchedInstance;
import dev.jig.aws.loopback.LoopbackFixture;
import dev.jig.aws.loopback.TestNodeClasses;
import dev.jig.controller.cloud.Instance;
import dev.jig.controller.kube.KubeCluster;
import dev.jig.controller.kube.KubeClusterIT;
import dev.jig.controller.lifecycle.NodeClaimLifecycle;
import dev.jig.controller.loop.TimelineEvent;
import dev.jig.controller.provisioning.NameGenerator;
import dev.jig.controller.provisioning.Provisioner;
import dev.jig.controller.termination.Terminator;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.NodeConditionBuilder;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The controller core on the EC2 provider, end to end: pending pods on fabric8's mock API server
 * become a NodeClaim, the NodeClaim a CreateFleet on the loopback EC2 (through the real SDK) with
 * the right overrides, tags and user data; a simulated kubelet registers the Node, the pods are
 * bound to it, and once they are gone and the NodeClaim is deleted the Terminator ends the instance
 * with TerminateInstances. Disruption is not wired into {@code run} on this branch, so the test
 * deletes the NodeClaim itself, as a consolidation would.
 */
@EnableKubernetesMockClient(crud = true)
class EndToEndIT {

    KubernetesClient client;

    private final LoopbackFixture f = new LoopbackFixture();
    private final List<TimelineEvent> timeline = new ArrayList<>();
    private KubeCluster cluster;
    private AwsCloud aws;
    private Provisioner provisioner;
    private Terminator terminator;

    @BeforeEach
    void setUp() {
        KubeClusterIT.crd(client, "karpenter.sh", "NodePool", "nodepools");
        KubeClusterIT.crd(client, "karpenter.k8s.aws", "EC2NodeClass", "ec2nodeclasses");
        KubeClusterIT.crd(client, "karpenter.sh", "NodeClaim", "nodeclaims");
        client.genericKubernetesResources(KubeCluster.NODE_POOLS).resource(generic("""
                {"apiVersion": "karpenter.sh/v1", "kind": "NodePool", "metadata": {"name": "default"},
                 "spec": {"template": {"metadata": {"labels": {"team": "payments"}},
                   "spec": {"nodeClassRef": {"group": "karpenter.k8s.aws", "kind": "EC2NodeClass", "name": "default"},
                   "requirements": [{"key": "node.kubernetes.io/instance-type", "operator": "In", "values": ["m5.large", "c5.large", "m5.xlarge"]},
                                    {"key": "kubernetes.io/arch", "operator": "In", "values": ["amd64"]},
                                    {"key": "karpenter.sh/capacity-type", "operator": "In", "values": ["on-demand"]}]}}}}""")).create();
        client.genericKubernetesResources(KubeCluster.NODE_CLASSES).resource(client.getKubernetesSerialization()
                .convertValue(TestNodeClasses.object("default", TestNodeClasses.DEFAULT_SPEC), GenericKubernetesResource.class)).create();
        cluster = new KubeCluster(client);
        aws = new AwsCloud(f.ec2, new Ec2Settings(Ec2Provider.CLUSTER, "us-east-1", Ec2Provider.INSTANCE_REFRESH), () -> "1.31",
                new TestNodeClasses.Aliases(), new TestNodeClasses.Profiles(), f.clock, new SimpleMeterRegistry());
        NodeClaimLifecycle lifecycle = new NodeClaimLifecycle(cluster, aws.provider(), f.clock, timeline::add, true);
        provisioner = new Provisioner(cluster, aws.provider(), lifecycle, f.clock, timeline::add, new NameGenerator(new Random(1)));
        terminator = new Terminator(cluster, aws.provider(), f.clock, timeline::add);
        await(cluster::synced);
    }

    @AfterEach
    void tearDown() {
        cluster.close();
        f.close();
    }

    @Test
    void pendingPodsLaunchAnEc2InstanceThatRegistersTakesThePodsAndIsTerminatedOnceTheyAreGone() {
        for (int i = 0; i < 3; i++) {
            client.pods().inNamespace("default").resource(new PodBuilder().withNewMetadata().withName("web-" + i).withNamespace("default").endMetadata()
                    .withNewSpec().addToContainers(new ContainerBuilder().withName("app").withImage("registry.k8s.io/pause:3.10")
                            .withNewResources().addToRequests("cpu", new Quantity("300m")).addToRequests("memory", new Quantity("1Gi")).endResources()
                            .build()).endSpec().build()).create();
        }
        await(() -> cluster.snapshot().pendingPods().size() == 3);
        tick(3);
        await(() -> claims().size() == 1 && "True".equals(condition(claims().get(0), "Launched")));
        JsonNode claim = claims().get(0);
        String claimName = claim.path("metadata").path("name").asText();

        // CreateFleet: a client token of the NodeClaim, amd64 types only, cheapest first, Karpenter's tags
        assertThat(f.world.fleetRequests()).hasSize(1);
        Map<String, String> fleet = f.world.fleetRequests().get(0);
        assertThat(fleet).containsEntry("ClientToken", dev.jig.aws.fleet.ClientToken.of(claimName, 0)).containsEntry("Type", "instant")
                .containsEntry("LaunchTemplateConfigs.1.Overrides.1.InstanceType", "c5.large")
                .doesNotContainValue("m6g.large");
        LaunchedInstance ec2 = f.world.running().get(0);
        assertThat(ec2.tags()).containsEntry("karpenter.sh/nodeclaim", claimName).containsEntry("karpenter.sh/nodepool", "default")
                .containsEntry("kubernetes.io/cluster/demo", "owned").containsEntry("karpenter.k8s.aws/ec2nodeclass", "default")
                .containsEntry("team", "payments");
        String userData = new String(Base64.getDecoder().decode(f.world.launchTemplate(ec2.launchTemplate()).orElseThrow().get("UserData")),
                StandardCharsets.UTF_8);
        assertThat(userData).contains("apiServerEndpoint: \"" + Ec2Provider.CLUSTER.endpoint() + "\"", "maxPods: 58",
                "karpenter.sh/nodepool=default", "team=payments");
        assertThat(claim.path("status").path("providerID").asText()).isEqualTo("aws:///" + ec2.zone() + "/" + ec2.id());

        // a kubelet registers; the pods bind to the node
        Instance instance = aws.provider().list().get(0);
        String node = registerNode(instance, claim);
        await(() -> cluster.snapshot().nodes().size() == 1);
        tick(2);
        await(() -> "True".equals(condition(claims().get(0), "Initialized")));
        for (int i = 0; i < 3; i++) {
            client.pods().inNamespace("default").withName("web-" + i).edit(p -> {
                p.getSpec().setNodeName(node);
                return p;
            });
        }
        await(() -> cluster.snapshot().pendingPods().isEmpty());
        tick(2);
        assertThat(claims()).hasSize(1);
        assertThat(f.world.running()).hasSize(1);

        // scale down: the pods go, the NodeClaim is deleted, the Terminator ends the instance
        client.pods().inNamespace("default").delete();
        await(() -> cluster.snapshot().pods().isEmpty());
        client.genericKubernetesResources(KubeCluster.NODE_CLAIMS).withName(claimName).delete();
        await(() -> cluster.snapshot().nodeClaims().stream().allMatch(c -> c.deleting()));
        // the instance shuts down; the provider learns it is gone at its next instance refresh (15 s)
        for (int i = 0; i < 20 && client.genericKubernetesResources(KubeCluster.NODE_CLAIMS).withName(claimName).get() != null; i++) {
            f.clock.advance(Duration.ofSeconds(5));
            aws.refresh().runDue();
            terminator.reconcile();
            sleep();
        }
        assertThat(f.loopback.calls()).contains("TerminateInstances");
        assertThat(f.world.running()).isEmpty();
        assertThat(f.world.instances()).singleElement().extracting(LaunchedInstance::state).isIn("shutting-down", "terminated");
        assertThat(client.genericKubernetesResources(KubeCluster.NODE_CLAIMS).withName(claimName).get()).as(timeline.toString()).isNull();
        assertThat(timeline).extracting(TimelineEvent::kind).containsSubsequence(TimelineEvent.Kind.NODECLAIM_CREATED, TimelineEvent.Kind.LAUNCHED,
                TimelineEvent.Kind.REGISTERED, TimelineEvent.Kind.INITIALIZED, TimelineEvent.Kind.NODECLAIM_DELETED);
    }

    private String registerNode(Instance i, JsonNode claim) {
        Map<String, String> labels = new HashMap<>();
        claim.path("metadata").path("labels").properties().forEach(e -> labels.put(e.getKey(), e.getValue().asText()));
        String name = "ip-10-0-0-1.ec2.internal";
        labels.put("kubernetes.io/hostname", name);
        labels.putAll(i.labels());
        client.nodes().resource(new NodeBuilder().withNewMetadata().withName(name).withLabels(labels).endMetadata()
                .withNewSpec().withProviderID(i.providerId()).addNewTaint().withKey(TaintKeys.UNREGISTERED).withEffect("NoExecute").endTaint().endSpec()
                .withNewStatus().withConditions(new NodeConditionBuilder().withType("Ready").withStatus("True").build())
                .addToCapacity("cpu", new Quantity("2")).addToCapacity("memory", new Quantity("3788Mi")).addToCapacity("pods", new Quantity("58"))
                // room for the three 1Gi pods planned here: a smaller Node would leave one without room, and the provisioner
                // would plan it again (a nomination must fit the Node's allocatable)
                .addToAllocatable("cpu", new Quantity("1930m")).addToAllocatable("memory", new Quantity("3114Mi")).addToAllocatable("pods", new Quantity("58"))
                .endStatus().build()).create();
        return name;
    }

    private List<JsonNode> claims() {
        return client.genericKubernetesResources(KubeCluster.NODE_CLAIMS).list().getItems().stream()
                .map(c -> client.getKubernetesSerialization().convertValue(c, JsonNode.class)).toList();
    }

    private static String condition(JsonNode claim, String type) {
        for (JsonNode c : claim.path("status").path("conditions")) if (c.path("type").asText().equals(type)) return c.path("status").asText();
        return null;
    }

    private void tick(int seconds) {
        for (int i = 0; i < seconds; i++) {
            f.clock.advance(Duration.ofSeconds(1));
            aws.refresh().runDue();
            provisioner.reconcile();
            sleep();
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private GenericKubernetesResource generic(String json) {
        return client.getKubernetesSerialization().unmarshal(json, GenericKubernetesResource.class);
    }

}
