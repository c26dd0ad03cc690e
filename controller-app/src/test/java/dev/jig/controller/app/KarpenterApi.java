package dev.jig.controller.app;

import dev.jig.controller.kube.KubeCluster;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;

/** Karpenter's API in fabric8's mock API server, for the tests and benchmarks that run the controller against it. */
public final class KarpenterApi {

    private KarpenterApi() {
    }

    /** Creates the object {@code json} of {@code context} ({@link KubeCluster#NODE_POOLS}, {@link KubeCluster#NODE_CLASSES}). */
    public static void create(KubernetesClient client, ResourceDefinitionContext context, String json) {
        client.genericKubernetesResources(context).resource(client.getKubernetesSerialization().unmarshal(json, GenericKubernetesResource.class)).create();
    }
}
