package dev.jig.aws.kube;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jig.api.karpenter.Finalizers;
import dev.jig.api.karpenter.Requirement;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.aws.instanceprofile.IamInstanceProfiles;
import dev.jig.aws.instanceprofile.InstanceProfileName;
import dev.jig.aws.loopback.Ec2Provider;
import dev.jig.aws.loopback.LoopbackClients;
import dev.jig.aws.loopback.LoopbackFixture;
import dev.jig.aws.loopback.LoopbackIam;
import dev.jig.aws.loopback.TestNodeClasses;
import dev.jig.controller.kube.KubeCluster;
import dev.jig.controller.kube.KubeClusterIT;
import dev.jig.controller.model.NodeClaim;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.iam.IamClient;

/**
 * EC2NodeClass deletion against fabric8's mock API server, the loopback EC2 and IAM: the finalizer is kept while a
 * NodeClaim refers to the class; then its launch templates and the instance profile made for its role go, and so does
 * the class. Another class, and a profile the user named, are left alone.
 */
@EnableKubernetesMockClient(crud = true)
class NodeClassTerminationIT {

    private static final String OTHER_SPEC = TestNodeClasses.DEFAULT_SPEC.replace("\"role\": \"KarpenterNodeRole-demo\"", "\"instanceProfile\": \"custom-profile\"");

    KubernetesClient client;

    private final LoopbackFixture f = new LoopbackFixture();
    private final Ec2Provider ec2 = new Ec2Provider(f);
    private final LoopbackIam iam = new LoopbackIam().role("KarpenterNodeRole-demo");
    private final IamClient iamClient = LoopbackClients.at(iam).iam();
    private final IamInstanceProfiles profiles = new IamInstanceProfiles(iamClient, LoopbackFixture.CLUSTER, "us-east-1", f.clock);
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private NodeClassTermination termination;

    @BeforeEach
    void setUp() {
        KubeClusterIT.crd(client, "karpenter.k8s.aws", "EC2NodeClass", "ec2nodeclasses");
        KubeClusterIT.crd(client, "karpenter.sh", "NodeClaim", "nodeclaims");
        create(KubeCluster.NODE_CLASSES, TestNodeClasses.object("default", TestNodeClasses.DEFAULT_SPEC));
        create(KubeCluster.NODE_CLASSES, TestNodeClasses.object("other", OTHER_SPEC));
        termination = new NodeClassTermination(client, profiles, ec2.templates, f.clock, Duration.ofSeconds(10), registry);
    }

    @AfterEach
    void close() {
        iamClient.close();
        iam.close();
        f.close();
    }

    private void create(io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext context, Object object) {
        client.genericKubernetesResources(context).resource(client.getKubernetesSerialization().convertValue(object, GenericKubernetesResource.class)).create();
    }

    private GenericKubernetesResource nodeClass(String name) {
        return client.genericKubernetesResources(KubeCluster.NODE_CLASSES).withName(name).get();
    }

    private void pass() {
        f.clock.advance(Duration.ofSeconds(11));
        termination.reconcile();
    }

    /** Launches an instance for a NodeClaim of {@code nodeClass}, which makes the class's launch template. */
    private void launch(String claim, String nodeClass, String spec) {
        NodeClaim c = new NodeClaim(claim, "default", nodeClass, Map.of(WellKnownLabels.NODEPOOL, "default"),
                List.of(new Requirement(WellKnownLabels.INSTANCE_TYPE, Requirement.Operator.In, List.of("m5.large")),
                        new Requirement(WellKnownLabels.CAPACITY_TYPE, Requirement.Operator.In, List.of("on-demand"))),
                ResourceList.of(500, 1024), List.of(), List.of(), Instant.parse("2026-11-25T11:59:00Z"), false, null);
        ec2.provider.create(c, TestNodeClasses.read(nodeClass, spec));
    }

    @Test
    void aDeletedNodeClassWaitsForItsNodeClaimsThenTakesItsLaunchTemplatesAndInstanceProfileWithIt() {
        pass();
        assertThat(nodeClass("default").getMetadata().getFinalizers()).containsExactly(Finalizers.NODE_CLASS_TERMINATION);
        assertThat(nodeClass("other").getMetadata().getFinalizers()).containsExactly(Finalizers.NODE_CLASS_TERMINATION);
        String profile = profiles.ensure("default", "KarpenterNodeRole-demo");
        launch("default-a", "default", TestNodeClasses.DEFAULT_SPEC);
        launch("other-a", "other", OTHER_SPEC);
        assertThat(f.world.launchTemplateNames()).hasSize(2);
        create(KubeCluster.NODE_CLAIMS, Map.of("apiVersion", "karpenter.sh/v1", "kind", "NodeClaim", "metadata", Map.of("name", "default-a"),
                "spec", Map.of("nodeClassRef", Map.of("group", "karpenter.k8s.aws", "kind", "EC2NodeClass", "name", "default"))));

        client.genericKubernetesResources(KubeCluster.NODE_CLASSES).withName("default").delete();
        pass();
        assertThat(nodeClass("default")).as("kept while its NodeClaim is there").isNotNull();
        assertThat(nodeClass("default").getMetadata().getDeletionTimestamp()).isNotNull();
        assertThat(f.world.launchTemplateNames()).hasSize(2);
        assertThat(iam.profileNames()).containsExactly(profile);
        // kubectl describe ec2nodeclass default says why it stays, once (not every pass) while the count is the same
        pass();
        assertThat(client.v1().events().inNamespace("default").list().getItems()).singleElement().satisfies(e -> {
            assertThat(e.getReason()).isEqualTo("WaitingOnNodeClaimTermination");
            assertThat(e.getMessage()).isEqualTo("Waiting on NodeClaim termination for default-a");
            assertThat(e.getInvolvedObject().getKind()).isEqualTo("EC2NodeClass");
            assertThat(e.getInvolvedObject().getApiVersion()).isEqualTo("karpenter.k8s.aws/v1");
            assertThat(e.getInvolvedObject().getName()).isEqualTo("default");
        });

        client.genericKubernetesResources(KubeCluster.NODE_CLAIMS).withName("default-a").delete();
        pass();
        assertThat(nodeClass("default")).as("gone with its finalizer").isNull();
        assertThat(f.world.launchTemplateNames()).as("the other class's template stays").singleElement()
                .satisfies(t -> assertThat(f.world.launchTemplate(t).orElseThrow()).as("tagged for the other class").containsValue("other"));
        assertThat(iam.profileNames()).as("the profile made for its role").isEmpty();
        assertThat(iam.calls()).contains("RemoveRoleFromInstanceProfile", "DeleteInstanceProfile");
        assertThat(nodeClass("other").getMetadata().getFinalizers()).containsExactly(Finalizers.NODE_CLASS_TERMINATION);
        assertThat(InstanceProfileName.of(LoopbackFixture.CLUSTER, "us-east-1", "default")).isEqualTo(profile);
    }
}
