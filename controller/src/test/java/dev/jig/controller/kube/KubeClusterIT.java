package dev.jig.controller.kube;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.api.ec2.Catalog;
import dev.jig.api.karpenter.TaintKeys;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.cloud.Instance;
import dev.jig.controller.cloud.UnavailableOfferings;
import dev.jig.controller.cloud.sim.InstanceTypeResolver;
import dev.jig.controller.cloud.sim.SimulatedCloud;
import dev.jig.controller.lifecycle.NodeClaimLifecycle;
import dev.jig.controller.loop.TimelineEvent;
import dev.jig.controller.provisioning.NameGenerator;
import dev.jig.controller.provisioning.Provisioner;
import dev.jig.controller.simulate.SimulatedClock;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.BooleanSupplier;

import static org.assertj.core.api.Assertions.assertThat;

/** The Kubernetes adapter against fabric8's mock API server in CRUD mode: pending pods in, NodeClaims and Nodes out. */
@EnableKubernetesMockClient(crud = true)
public class KubeClusterIT {

    KubernetesClient client;
    io.fabric8.kubernetes.client.server.mock.KubernetesMockServer server;

    private final SimulatedClock clock = new SimulatedClock(Instant.parse("2026-01-01T00:00:00Z"));
    private final List<TimelineEvent> decisions = new ArrayList<>();
    private KubeCluster cluster;
    private SimulatedCloud cloud;
    private Provisioner provisioner;

    @BeforeEach
    void setUp() throws Exception {
        crd(client, "karpenter.sh", "NodePool", "nodepools");
        crd(client, "karpenter.k8s.aws", "EC2NodeClass", "ec2nodeclasses");
        crd(client, "karpenter.sh", "NodeClaim", "nodeclaims");
        Path file = Path.of(System.getProperty("jig.repo.root", ".."), "examples", "scenarios", "inflate.yaml");
        JsonNode scenario = new dev.jig.api.yaml.YamlLoader().load(new dev.jig.api.source.SourceFile(file.toString(), Files.readString(file)))
                .document().orElseThrow().root();
        client.genericKubernetesResources(KubeCluster.NODE_POOLS).resource(generic(scenario.path("spec").path("nodePools").get(0))).create();
        client.genericKubernetesResources(KubeCluster.NODE_CLASSES).resource(generic(scenario.path("spec").path("nodeClasses").get(0))).create();
        cluster = new KubeCluster(client);
        cloud = new SimulatedCloud(new InstanceTypeResolver(Catalog.bundled(), List.of("us-east-1a", "us-east-1b", "us-east-1c"), false),
                clock, Duration.ofSeconds(30), new UnavailableOfferings(clock, UnavailableOfferings.DEFAULT_TTL));
        NodeClaimLifecycle lifecycle = new NodeClaimLifecycle(cluster, cloud, clock, decisions::add);
        provisioner = new Provisioner(cluster, cloud, lifecycle, clock, decisions::add, new NameGenerator(new Random(1)));
        await(cluster::synced);
    }

    @AfterEach
    void tearDown() {
        cluster.close();
    }

    @Test
    void aNodeClaimUpdateThatMeetsAConflictIsReadAndAppliedAgain() {
        NodeClaim claim = new NodeClaim("c1", "default", "default", Map.of(WellKnownLabels.NODEPOOL, "default"),
                List.of(new dev.jig.api.karpenter.Requirement(WellKnownLabels.INSTANCE_TYPE, dev.jig.api.karpenter.Requirement.Operator.In,
                        List.of("m5.large"))), dev.jig.api.karpenter.ResourceList.of(0, 1024), List.of(), List.of(), clock.instant(), false, null);
        cluster.create(claim);
        // another writer got in between this update's read and its write, once
        server.expect().put().withPath("/apis/karpenter.sh/v1/nodeclaims/c1")
                .andReturn(409, new io.fabric8.kubernetes.api.model.StatusBuilder().withCode(409).withReason("Conflict")
                        .withMessage("Operation cannot be fulfilled on nodeclaims.karpenter.sh \"c1\": the object has been modified").build()).once();
        cluster.update(claim.withLabels(Map.of("team", "payments")));
        assertThat(client.genericKubernetesResources(KubeCluster.NODE_CLAIMS).withName("c1").get().getMetadata().getLabels())
                .containsEntry("team", "payments");
    }

    @Test
    void pendingPodsBecomeALaunchedNodeClaimThenARegisteredAndInitializedNode() {
        for (int i = 0; i < 5; i++) {
            client.pods().inNamespace("default").resource(new PodBuilder().withNewMetadata().withName("inflate-" + i).withNamespace("default")
                    .addToLabels("app", "inflate").endMetadata().withNewSpec().addToNodeSelector("type", "karpenter")
                    .addToContainers(new ContainerBuilder().withName("pause").withImage("registry.k8s.io/pause:3.10").withNewResources()
                            .addToRequests("memory", new Quantity("1Gi")).endResources().build()).endSpec().build()).create();
        }
        await(() -> cluster.snapshot().pendingPods().size() == 5);
        tick(3);
        await(() -> client.genericKubernetesResources(KubeCluster.NODE_CLAIMS).list().getItems().size() == 1);
        GenericKubernetesResource claim = client.genericKubernetesResources(KubeCluster.NODE_CLAIMS).list().getItems().get(0);
        JsonNode json = client.getKubernetesSerialization().convertValue(claim, JsonNode.class);
        assertThat(json.path("apiVersion").asText()).isEqualTo("karpenter.sh/v1");
        assertThat(json.path("metadata").path("labels").path(WellKnownLabels.NODEPOOL).asText()).isEqualTo("default");
        assertThat(json.path("metadata").path("labels").path(WellKnownLabels.INSTANCE_TYPE).asText()).isEqualTo("m5.large");
        assertThat(json.path("spec").path("nodeClassRef").path("name").asText()).isEqualTo("default");
        assertThat(json.path("spec").path("requirements").toString()).contains("node.kubernetes.io/instance-type", "m5.large");
        assertThat(condition(json, "Launched")).isEqualTo("True");
        assertThat(condition(json, "Registered")).isEqualTo("False");

        clock.advance(Duration.ofSeconds(30));
        for (Instance i : cloud.list()) registerNode(i, json);
        await(() -> cluster.snapshot().nodes().size() == 1);
        tick(1);
        await(() -> "True".equals(condition(nodeClaimJson(), "Registered")));
        await(() -> cluster.snapshot().nodeClaims().get(0).registered());
        tick(1);
        await(() -> "True".equals(condition(nodeClaimJson(), "Initialized")));

        var node = client.nodes().list().getItems().get(0);
        assertThat(node.getMetadata().getLabels()).containsEntry(WellKnownLabels.NODEPOOL, "default").containsEntry("type", "karpenter")
                .containsEntry(WellKnownLabels.INSTANCE_TYPE, "m5.large").containsEntry(WellKnownLabels.CAPACITY_TYPE, "on-demand")
                .containsKeys(WellKnownLabels.ZONE, WellKnownLabels.ARCH, WellKnownLabels.OS, WellKnownLabels.REGISTERED,
                        WellKnownLabels.INITIALIZED);
        assertThat(node.getSpec().getTaints()).noneMatch(t -> t.getKey().equals(TaintKeys.UNREGISTERED));
        assertThat(decisions).extracting(TimelineEvent::kind).containsSubsequence(TimelineEvent.Kind.NODECLAIM_CREATED, TimelineEvent.Kind.LAUNCHED,
                TimelineEvent.Kind.REGISTERED, TimelineEvent.Kind.INITIALIZED);

        // one condition is written without touching the others (disruption's Drifted beside the lifecycle's)
        String name = cluster.snapshot().nodeClaims().get(0).name();
        java.time.Instant at = java.time.Instant.parse("2026-11-28T10:00:00Z");
        cluster.nodeClaimCondition(name, "Drifted", new dev.jig.controller.model.NodeClaim.Condition("Drifted", "True", "NodePoolDrifted", "", at));
        assertThat(condition(nodeClaimJson(), "Drifted")).isEqualTo("True");
        assertThat(condition(nodeClaimJson(), "Initialized")).isEqualTo("True");
        await(() -> cluster.snapshot().nodeClaims().get(0).status().condition("Drifted") != null);
        assertThat(cluster.snapshot().nodeClaims().get(0).status().condition("Drifted").lastTransitionTime()).isEqualTo(at);
        cluster.nodeClaimCondition(name, "Drifted", null);
        assertThat(condition(nodeClaimJson(), "Drifted")).isNull();
        assertThat(condition(nodeClaimJson(), "Launched")).isEqualTo("True");
    }

    @Test
    void theTenancyConfigMapAndDaemonSetsAreRead() {
        client.configMaps().inNamespace("jig-system").resource(new io.fabric8.kubernetes.api.model.ConfigMapBuilder().withNewMetadata()
                .withName("jig-tenancy").withNamespace("jig-system").endMetadata().addToData("tenancy.json", TENANCY).build()).create();
        client.apps().daemonSets().inNamespace("kube-system").resource(new io.fabric8.kubernetes.api.model.apps.DaemonSetBuilder()
                .withNewMetadata().withName("agent").withNamespace("kube-system").endMetadata().withNewSpec().withNewTemplate()
                .withNewMetadata().addToLabels("app", "agent").endMetadata().withNewSpec().addToContainers(new ContainerBuilder()
                        .withName("agent").withNewResources().addToRequests("cpu", new Quantity("200m")).endResources().build())
                .endSpec().endTemplate().endSpec().build()).create();
        await(() -> cluster.snapshot().tenancy().isPresent() && cluster.snapshot().daemonSets().size() == 1);
        assertThat(cluster.snapshot().tenancy().get().tenants()).containsKey("alpha");
        assertThat(cluster.snapshot().daemonSets().get(0).requests().cpuMillis()).isEqualTo(200);
        assertThat(cluster.snapshot().nodePools()).extracting(p -> p.name()).containsExactly("default");
        assertThat(cluster.snapshot().nodeClasses()).containsKey("default");
    }

    @Test
    void podDisruptionBudgetsAndPodAnnotationsReachTheSnapshot() {
        client.policy().v1().podDisruptionBudget().inNamespace("shop").resource(new io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudgetBuilder()
                .withNewMetadata().withName("web").withNamespace("shop").endMetadata()
                .withNewSpec().withMinAvailable(new io.fabric8.kubernetes.api.model.IntOrString(1)).withNewSelector().addToMatchLabels("app", "web").endSelector().endSpec()
                .withNewStatus().withDisruptionsAllowed(2).endStatus().build()).create();
        client.pods().inNamespace("shop").resource(new PodBuilder().withNewMetadata().withName("web-0").withNamespace("shop")
                .addToLabels("app", "web").addToAnnotations("karpenter.sh/do-not-disrupt", "true").endMetadata()
                .withNewSpec().withNodeName("n1").addToContainers(new ContainerBuilder().withName("web").build()).endSpec().build()).create();
        await(() -> cluster.snapshot().pdbs().size() == 1 && cluster.snapshot().pods().size() == 1);
        var budget = cluster.snapshot().pdbs().get(0);
        var pod = cluster.snapshot().pods().get(0);
        assertThat(budget.key()).isEqualTo("shop/web");
        assertThat(budget.disruptionsAllowed()).isEqualTo(2);
        assertThat(budget.covers(pod)).isTrue();
        assertThat(pod.annotations()).containsEntry("karpenter.sh/do-not-disrupt", "true");
        assertThat(budget.fullyBlocking()).as("minAvailable 1 allows evictions at times").isFalse();
        assertThat(cluster.unsynced()).isEmpty();
    }

    @Test
    void aBudgetThatNeverAllowsEvictionsAndAPodsStartTimeReachTheSnapshot() {
        client.policy().v1().podDisruptionBudget().inNamespace("shop").resource(new io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudgetBuilder()
                .withNewMetadata().withName("db").withNamespace("shop").endMetadata()
                .withNewSpec().withMaxUnavailable(new io.fabric8.kubernetes.api.model.IntOrString(0)).withNewSelector().addToMatchLabels("app", "db").endSelector().endSpec()
                .build()).create();
        client.pods().inNamespace("shop").resource(new PodBuilder().withNewMetadata().withName("db-0").withNamespace("shop")
                .addToLabels("app", "db").addToAnnotations("karpenter.sh/do-not-disrupt", "10m").endMetadata()
                .withNewSpec().withNodeName("n1").addToContainers(new ContainerBuilder().withName("db").build()).endSpec()
                .withNewStatus().withStartTime("2026-11-28T10:00:00Z").endStatus().build()).create();
        await(() -> cluster.snapshot().pdbs().size() == 1 && cluster.snapshot().pods().size() == 1);
        assertThat(cluster.snapshot().pdbs().get(0).fullyBlocking()).isTrue();
        var pod = cluster.snapshot().pods().get(0);
        assertThat(pod.started()).isEqualTo(java.time.Instant.parse("2026-11-28T10:00:00Z"));
        assertThat(dev.jig.controller.model.DoNotDisrupt.active(pod, java.time.Instant.parse("2026-11-28T10:09:59Z"))).isTrue();
        assertThat(dev.jig.controller.model.DoNotDisrupt.active(pod, java.time.Instant.parse("2026-11-28T10:10:00Z"))).isFalse();
    }

    @Test
    void anUnboundPodTellsTheListenersOnceTheSnapshotCanShowIt() {
        java.util.concurrent.atomic.AtomicInteger seen = new java.util.concurrent.atomic.AtomicInteger(-1);
        cluster.onUnboundPod(() -> seen.set(cluster.snapshot().pendingPods().size()));
        client.pods().inNamespace("default").resource(new PodBuilder().withNewMetadata().withName("bound").withNamespace("default").endMetadata()
                .withNewSpec().withNodeName("n1").addToContainers(new ContainerBuilder().withName("c").build()).endSpec().build()).create();
        await(() -> cluster.snapshot().pods().size() == 1);
        assertThat(seen.get()).as("a bound pod is no news for provisioning").isEqualTo(-1);
        client.pods().inNamespace("default").resource(new PodBuilder().withNewMetadata().withName("waiting").withNamespace("default").endMetadata()
                .withNewSpec().addToContainers(new ContainerBuilder().withName("c").build()).endSpec()
                .withNewStatus().addNewCondition().withType("PodScheduled").withStatus("False").withReason("Unschedulable").endCondition().endStatus()
                .build()).create();
        await(() -> seen.get() >= 0);
        assertThat(seen.get()).as("the listener runs after the model is in the snapshot").isEqualTo(1);
    }

    @Test
    void nodeAnnotationsAreAddedBesideThoseOthersSet() {
        client.nodes().resource(new NodeBuilder().withNewMetadata().withName("n1").addToAnnotations("set-by-others", "yes").endMetadata().build()).create();
        cluster.annotateNode("n1", Map.of("karpenter.sh/do-not-disrupt", "true"));
        assertThat(client.nodes().withName("n1").get().getMetadata().getAnnotations())
                .containsEntry("set-by-others", "yes").containsEntry("karpenter.sh/do-not-disrupt", "true");
    }

    @Test
    void deletingTheTenancyConfigMapKeepsTheQuotasInForce() {
        // alpha owns the pool "default" with a memory quota too small for even one inflate pod.
        String tiny = TENANCY.replace("\"memory\": \"32Gi\"", "\"memory\": \"512Mi\"");
        client.configMaps().inNamespace("jig-system").resource(new io.fabric8.kubernetes.api.model.ConfigMapBuilder().withNewMetadata()
                .withName("jig-tenancy").withNamespace("jig-system").endMetadata().addToData("tenancy.json", tiny).build()).create();
        await(() -> cluster.snapshot().tenancy().isPresent());
        client.configMaps().inNamespace("jig-system").withName("jig-tenancy").delete();
        await(() -> cluster.snapshot() != null && cluster.tenancyState().stale());
        assertThat(cluster.tenancyState().problem()).hasValue("ConfigMap jig-system/jig-tenancy does not exist");
        assertThat(cluster.snapshot().tenancy()).hasValueSatisfying(t -> assertThat(t.tenants().get("alpha").quota().memoryMib()).isEqualTo(512));

        for (int i = 0; i < 3; i++) {
            client.pods().inNamespace("default").resource(new PodBuilder().withNewMetadata().withName("inflate-" + i).withNamespace("default")
                    .endMetadata().withNewSpec().addToNodeSelector("type", "karpenter")
                    .addToContainers(new ContainerBuilder().withName("pause").withImage("registry.k8s.io/pause:3.10").withNewResources()
                            .addToRequests("memory", new Quantity("1Gi")).endResources().build()).endSpec().build()).create();
        }
        await(() -> cluster.snapshot().pendingPods().size() == 3);
        tick(3);
        assertThat(client.genericKubernetesResources(KubeCluster.NODE_CLAIMS).list().getItems()).isEmpty();
        assertThat(decisions).anyMatch(d -> d.kind() == TimelineEvent.Kind.UNSCHEDULABLE && d.message().contains(dev.jig.api.diag.Rule.TENANT_QUOTA.id()));
    }

    @Test
    void nodeEditsKeepTheLabelsAndTaintsOthersSetSinceTheSnapshot() {
        client.nodes().resource(new NodeBuilder().withNewMetadata().withName("n1").addToLabels("set-by-others", "yes").endMetadata()
                .withNewSpec().addNewTaint().withKey(TaintKeys.UNREGISTERED).withEffect("NoExecute").endTaint()
                .addNewTaint().withKey("cni-not-ready").withEffect("NoSchedule").endTaint()
                .addNewTaint().withKey("dedicated").withValue("ml").withEffect("NoSchedule").endTaint().endSpec().build()).create();
        cluster.editNode("n1", Map.of(WellKnownLabels.NODEPOOL, "default"), java.util.Set.of(TaintKeys.UNREGISTERED),
                List.of(new dev.jig.api.karpenter.Taint("dedicated", "ml", "NoSchedule"), new dev.jig.api.karpenter.Taint("gpu", null, "NoSchedule")));
        var node = client.nodes().withName("n1").get();
        assertThat(node.getMetadata().getLabels()).containsEntry("set-by-others", "yes").containsEntry(WellKnownLabels.NODEPOOL, "default");
        assertThat(node.getSpec().getTaints()).extracting(io.fabric8.kubernetes.api.model.Taint::getKey)
                .containsExactly("cni-not-ready", "dedicated", "gpu");
    }

    private static final String TENANCY = """
            {"format": "jig.dev/v1alpha1", "cluster": "c", "tenancyKey": "jig.dev/tenant", "poolLabel": "jig.dev/pool", "labelAdmins": [],
             "weightBands": {"regular": {"min": 1, "max": 79}, "reserved": {"min": 80, "max": 100}},
             "tenants": {"alpha": {"isolation": "shared", "namespaces": ["default"], "quota": {"cpu": "8", "memory": "32Gi", "nvidia.com/gpu": "0"},
                                    "nodePools": ["default"]}},
             "namespaces": {"default": "alpha"}, "nodePools": {"default": "alpha"}}""";

    private void registerNode(Instance i, JsonNode claim) {
        MockCluster.registerNode(client, i, claim);
    }

    private JsonNode nodeClaimJson() {
        return client.getKubernetesSerialization().convertValue(client.genericKubernetesResources(KubeCluster.NODE_CLAIMS).list().getItems().get(0), JsonNode.class);
    }

    private static String condition(JsonNode claim, String type) {
        for (JsonNode c : claim.path("status").path("conditions")) if (c.path("type").asText().equals(type)) return c.path("status").asText();
        return null;
    }

    private void tick(int seconds) {
        for (int i = 0; i < seconds; i++) {
            clock.advance(Duration.ofSeconds(1));
            provisioner.reconcile();
        }
    }

    private GenericKubernetesResource generic(JsonNode n) {
        return client.getKubernetesSerialization().convertValue(n, GenericKubernetesResource.class);
    }

    /** Installs a cluster-scoped CRD with a status subresource and an open schema; the AWS module's tests use it too. */
    public static void crd(KubernetesClient client, String group, String kind, String plural) {
        client.apiextensions().v1().customResourceDefinitions().resource(new CustomResourceDefinitionBuilder().withNewMetadata()
                .withName(plural + "." + group).endMetadata().withNewSpec().withGroup(group).withScope("Cluster")
                .withNewNames().withKind(kind).withPlural(plural).withSingular(kind.toLowerCase()).endNames()
                .addNewVersion().withName("v1").withServed(true).withStorage(true).withNewSubresources().withNewStatus().endStatus().endSubresources()
                .withNewSchema().withNewOpenAPIV3Schema().withType("object").withXKubernetesPreserveUnknownFields(true).endOpenAPIV3Schema().endSchema()
                .endVersion().endSpec().build()).create();
    }

    /** Polls until the condition holds, for up to ten seconds (informers are asynchronous). */
    public static void await(BooleanSupplier condition) {
        long end = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > end) throw new AssertionError("condition not met within 10 s");
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }

    @Test
    void anUnschedulablePodGetsAnEventInItsNamespaceWhoseInvolvedObjectIsThePod() {
        var created = client.pods().inNamespace("shop").resource(new PodBuilder().withNewMetadata().withName("lost").withNamespace("shop")
                .withUid("0b9a7c1e-uid-of-lost").endMetadata().withNewSpec().addToNodeSelector("type", "nowhere")
                .addToContainers(new ContainerBuilder().withName("pause").withImage("registry.k8s.io/pause:3.10").withNewResources()
                        .addToRequests("memory", new Quantity("1Gi")).endResources().build()).endSpec().build()).create();
        await(() -> cluster.snapshot().pendingPods().size() == 1);
        tick(3);
        assertThat(client.genericKubernetesResources(KubeCluster.NODE_CLAIMS).list().getItems()).isEmpty();
        await(() -> !client.v1().events().inNamespace("shop").list().getItems().isEmpty());
        assertThat(client.v1().events().inNamespace("shop").list().getItems()).singleElement().satisfies(e -> {
            assertThat(e.getInvolvedObject().getKind()).isEqualTo("Pod");
            assertThat(e.getInvolvedObject().getApiVersion()).isEqualTo("v1");
            assertThat(e.getInvolvedObject().getNamespace()).isEqualTo("shop");
            assertThat(e.getInvolvedObject().getName()).isEqualTo("lost");
            assertThat(e.getInvolvedObject().getUid()).isEqualTo(created.getMetadata().getUid());
            assertThat(e.getReason()).isEqualTo(Provisioner.UNSCHEDULABLE_REASON);
            assertThat(e.getType()).isEqualTo("Warning");
            assertThat(e.getMessage()).startsWith("Failed to schedule pod: ").contains("[JIG06");
            assertThat(e.getSource().getComponent()).isEqualTo(KubeCluster.EVENT_SOURCE);
        });
        assertThat(client.v1().events().inNamespace("default").list().getItems()).as("nothing in default for a pod of shop").isEmpty();
    }
}
