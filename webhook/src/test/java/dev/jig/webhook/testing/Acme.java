package dev.jig.webhook.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.api.tenancy.Tenancy;
import dev.jig.webhook.tenancy.TenancyView;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The bundled example policy repository ({@code examples/acme/policies}) compiled once by the real
 * compiler: the objects the webhook admits in tests are exactly what {@code jig compile} emits.
 */
public final class Acme {

    public static final ObjectMapper JSON = new ObjectMapper();
    private static final CompiledObjects OBJECTS =
            CompiledObjects.of(Path.of(System.getProperty("jig.repo.root", "..")).resolve("examples/acme/policies"));

    private Acme() {
    }

    /** A fresh copy of a compiled object. */
    public static ObjectNode object(String kind, String name) {
        return OBJECTS.object(kind, name);
    }

    public static List<ObjectNode> objects(String kind) {
        return OBJECTS.all(kind);
    }

    public static ObjectNode configMap() {
        return object("ConfigMap", Tenancy.CONFIG_MAP_NAME);
    }

    public static Tenancy tenancy() {
        return Tenancy.parse(configMap().path("data").path(Tenancy.DATA_KEY).asText());
    }

    /** Node names used in tests: {@code <tenant>-node-1} per tenant, plus {@code system-node-1} with no tenant label. */
    public static Map<String, String> nodes() {
        Map<String, String> nodes = new LinkedHashMap<>();
        tenancy().tenants().keySet().forEach(t -> nodes.put(t + "-node-1", t));
        nodes.put("system-node-1", "");
        return nodes;
    }

    /** The labels a node of {@code tenant} ({@code ""}: none) carries when a compiled pool launched it: the node key and the legacy key. */
    public static Map<String, String> nodeLabels(String name, String tenant) {
        return tenant.isEmpty() ? Map.of(WellKnownLabels.HOSTNAME, name)
                : Map.of(WellKnownLabels.HOSTNAME, name, WellKnownLabels.NODE_TENANT, tenant, WellKnownLabels.JIG_TENANT, tenant);
    }

    public static Map<String, JsonNode> nodePools() {
        Map<String, JsonNode> pools = new LinkedHashMap<>();
        objects("NodePool").forEach(p -> pools.put(p.path("metadata").path("name").asText(), p));
        return pools;
    }

    /** The view the webhook builds from the compiled example with {@link #nodes()} in the cluster. */
    public static TenancyView view() {
        return TenancyView.of(tenancy(), nodes(), nodePools());
    }

    public static ObjectNode parse(String json) {
        try {
            return (ObjectNode) JSON.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
