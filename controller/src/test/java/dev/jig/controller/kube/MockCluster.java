package dev.jig.controller.kube;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.api.karpenter.TaintKeys;
import dev.jig.controller.cloud.Instance;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.NodeConditionBuilder;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;

import java.util.HashMap;
import java.util.Map;

/** Shared set-up of the ITs on the CRUD mock API server: the Karpenter CRDs, a synced {@link KubeCluster}, bound pods. */
public final class MockCluster {

    private MockCluster() {
    }

    /** Creates the NodePool, EC2NodeClass and NodeClaim CRDs (schemaless: the mock does not validate). */
    public static void crds(KubernetesClient client) {
        KubeClusterIT.crd(client, "karpenter.sh", "NodePool", "nodepools");
        KubeClusterIT.crd(client, "karpenter.k8s.aws", "EC2NodeClass", "ec2nodeclasses");
        KubeClusterIT.crd(client, "karpenter.sh", "NodeClaim", "nodeclaims");
    }

    /** Creates the CRDs ({@link #crds}) and returns a {@link KubeCluster} whose informers have listed. */
    public static KubeCluster start(KubernetesClient client) {
        crds(client);
        KubeCluster cluster = new KubeCluster(client);
        KubeClusterIT.await(cluster::synced);
        return cluster;
    }

    /** Creates the pod {@code default/name} bound to {@code node} (null: pending). */
    public static void pod(KubernetesClient client, String name, String node) {
        client.pods().inNamespace("default").resource(new PodBuilder().withNewMetadata().withName(name).withNamespace("default").endMetadata()
                .withNewSpec().withNodeName(node).addNewContainer().withName("pause").withImage("registry.k8s.io/pause:3.10").endContainer()
                .endSpec().build()).create();
    }

    /**
     * Registers the Node a kubelet would for instance {@code i} of NodeClaim {@code claim} (its labels, Ready, an m5.large's
     * capacity, the {@code karpenter.sh/unregistered} taint) and returns its name.
     */
    public static String registerNode(KubernetesClient client, Instance i, JsonNode claim) {
        Map<String, String> labels = new HashMap<>();
        claim.path("metadata").path("labels").properties().forEach(e -> labels.put(e.getKey(), e.getValue().asText()));
        String name = i.providerId().substring(i.providerId().lastIndexOf('/') + 1) + ".ec2.internal";
        labels.put("kubernetes.io/hostname", name);
        client.nodes().resource(new NodeBuilder().withNewMetadata().withName(name).withLabels(labels).endMetadata()
                .withNewSpec().withProviderID(i.providerId()).addNewTaint().withKey(TaintKeys.UNREGISTERED)
                .withEffect("NoExecute").endTaint().endSpec()
                .withNewStatus().withConditions(new NodeConditionBuilder().withType("Ready").withStatus("True").build())
                .addToCapacity("cpu", new Quantity("2")).addToCapacity("memory", new Quantity("7577Mi")).addToCapacity("pods", new Quantity("29"))
                .addToAllocatable("cpu", new Quantity("1930m")).addToAllocatable("memory", new Quantity("6903Mi")).addToAllocatable("pods", new Quantity("29"))
                .endStatus().build()).create();
        return name;
    }
}
