package dev.jig.webhook.testing;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.karpenter.WellKnownLabels;

/** Pod objects for tests, as {@code kubectl} would send them (JSON, not a typed model). */
public final class Pods {

    private Pods() {
    }

    /** A plain pod with one container in the namespace. */
    public static ObjectNode pod(String namespace, String name) {
        ObjectNode pod = Acme.JSON.createObjectNode();
        pod.put("apiVersion", "v1").put("kind", "Pod");
        pod.putObject("metadata").put("name", name).put("namespace", namespace).putObject("labels").put("app", name);
        ArrayNode containers = pod.putObject("spec").putArray("containers");
        containers.addObject().put("name", "app").put("image", "registry.example/app:1.0");
        return pod;
    }

    /** The pod with a spec fragment (JSON) merged into its spec. */
    public static ObjectNode with(ObjectNode pod, String specJson) {
        ObjectNode spec = (ObjectNode) pod.get("spec");
        Acme.parse(specJson).properties().forEach(e -> spec.set(e.getKey(), e.getValue()));
        return pod;
    }

    /** The pod as the mutating webhook leaves it: with its tenant's node-key nodeSelector (and toleration for dedicated tenants). */
    public static ObjectNode steered(ObjectNode pod, String tenant, boolean dedicated) {
        ObjectNode spec = (ObjectNode) pod.get("spec");
        if (!spec.has("nodeSelector")) spec.putObject("nodeSelector");
        ((ObjectNode) spec.get("nodeSelector")).put(WellKnownLabels.NODE_TENANT, tenant);
        if (dedicated) {
            if (!spec.has("tolerations")) spec.putArray("tolerations");
            ((ArrayNode) spec.get("tolerations")).addObject().put("key", "jig.dev/tenant").put("operator", "Equal")
                    .put("value", tenant).put("effect", "NoSchedule");
        }
        return pod;
    }
}
