package dev.jig.compiler.generate;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** The common head of every object Jig emits for a tenant: kind, name and ownership labels. */
final class Manifests {

    static final String MANAGED_BY = "app.kubernetes.io/managed-by";

    private Manifests() {
    }

    static ObjectNode tenantObject(String apiVersion, String kind, String name, String tenancyKey, String tenant) {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        root.put("apiVersion", apiVersion);
        root.put("kind", kind);
        ObjectNode meta = root.putObject("metadata");
        meta.put("name", name);
        ObjectNode labels = meta.putObject("labels");
        labels.put(MANAGED_BY, "jig");
        labels.put(tenancyKey, tenant);
        return root;
    }
}
