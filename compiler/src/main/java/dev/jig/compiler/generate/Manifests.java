package dev.jig.compiler.generate;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.karpenter.WellKnownLabels;

/** The common head of every object Jig emits for a tenant: kind, name and ownership labels. */
final class Manifests {


    private Manifests() {
    }

    static ObjectNode tenantObject(String apiVersion, String kind, String name, String tenancyKey, String tenant) {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        root.put("apiVersion", apiVersion);
        root.put("kind", kind);
        ObjectNode meta = root.putObject("metadata");
        meta.put("name", name);
        ObjectNode labels = meta.putObject("labels");
        labels.put(WellKnownLabels.MANAGED_BY, "jig");
        labels.put(tenancyKey, tenant);
        return root;
    }
}
