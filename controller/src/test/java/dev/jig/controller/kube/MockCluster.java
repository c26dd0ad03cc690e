package dev.jig.controller.kube;

import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;

/** Shared set-up of the ITs on the CRUD mock API server: the Karpenter CRDs, a synced {@link KubeCluster}, bound pods. */
public final class MockCluster {

    private MockCluster() {
    }

    /** Creates the NodePool, EC2NodeClass and NodeClaim CRDs and returns a {@link KubeCluster} whose informers have listed. */
    public static KubeCluster start(KubernetesClient client) {
        KubeClusterIT.crd(client, "karpenter.sh", "NodePool", "nodepools");
        KubeClusterIT.crd(client, "karpenter.k8s.aws", "EC2NodeClass", "ec2nodeclasses");
        KubeClusterIT.crd(client, "karpenter.sh", "NodeClaim", "nodeclaims");
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
}
