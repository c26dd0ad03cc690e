package dev.jig.webhook.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.tenancy.Tenancy;
import dev.jig.webhook.kube.TenancyWatch;
import dev.jig.webhook.tenancy.TenancyView;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small policy repository written to a temporary directory and compiled by the real compiler, for
 * the NodePool and EC2NodeClass review classes: a dedicated tenant {@code alpha} with a share of a
 * reservation ({@code alpha-reserved-graviton}, reserved band) and its own pool that it chose to
 * call {@code reserved-spot} ({@code alpha-reserved-spot}, a regular pool whose name looks
 * reserved), and a shared tenant {@code beta}. Each tenant gets its own EC2NodeClass
 * ({@code alpha-al2023}, {@code beta-al2023}).
 */
public final class PoolWorld {

    static final String PLATFORM = """
            apiVersion: jig.dev/v1alpha1
            kind: Platform
            metadata:
              name: test
            spec:
              cluster:
                name: test
                region: us-east-1
                zones: [us-east-1a, us-east-1b]
              discovery:
                subnetTags: {karpenter.sh/discovery: test}
                securityGroupTags: {karpenter.sh/discovery: test}
              nodeRole: KarpenterNodeRole-test
              images:
                al2023: al2023@latest
              defaultImage: al2023
              allowed:
                categories: [c, m, r]
                generations: {min: 5, max: 8}
                architectures: [amd64, arm64]
                capacityTypes: [on-demand, spot]
              limits:
                cpu: 1000
                memory: 4000Gi
              reservations:
                - name: graviton
                  type: SavingsPlan
                  families: [m7g]
                  cpu: 64
                  allocations:
                    - {tenant: alpha, cpu: 32}
              defaults:
                budgets:
                  - nodes: "10%"
              tenancy:
                key: jig.dev/tenant
                labelAdmins: [system:serviceaccount:argocd:argocd-application-controller]
            """;

    static final String ALPHA = """
            apiVersion: jig.dev/v1alpha1
            kind: Tenant
            metadata:
              name: alpha
            spec:
              namespaces: [alpha]
              owners: [alpha@example.com]
              costCenter: CC-1
              isolation: dedicated
              quota: {cpu: 200, memory: 800Gi}
              pools:
                - name: web
                  capacityTypes: [on-demand, spot]
                  architectures: [amd64, arm64]
                  categories: [c, m]
                  share: 50%
                  weight: 30
                # a tenant may call its own pool this: it is a regular pool all the same
                - name: reserved-spot
                  capacityTypes: [spot]
                  architectures: [arm64]
                  categories: [c, m]
                  share: 50%
            """;

    static final String BETA = """
            apiVersion: jig.dev/v1alpha1
            kind: Tenant
            metadata:
              name: beta
            spec:
              namespaces: [beta]
              owners: [beta@example.com]
              costCenter: CC-2
              isolation: shared
              quota: {cpu: 100, memory: 400Gi}
              pools:
                - name: api
                  capacityTypes: [spot]
                  categories: [c, m, r]
            """;

    private static final CompiledObjects OBJECTS = compile();

    private PoolWorld() {
    }

    private static CompiledObjects compile() {
        try {
            Path dir = Files.createTempDirectory("jig-pool-world");
            Files.createDirectories(dir.resolve("tenants"));
            Files.writeString(dir.resolve("platform.yaml"), PLATFORM);
            Files.writeString(dir.resolve("tenants/alpha.yaml"), ALPHA);
            Files.writeString(dir.resolve("tenants/beta.yaml"), BETA);
            return CompiledObjects.of(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A fresh copy of a compiled object. */
    public static ObjectNode object(String kind, String name) {
        return OBJECTS.object(kind, name);
    }

    public static ObjectNode nodePool(String name) {
        return object("NodePool", name);
    }

    public static ObjectNode nodeClass(String name) {
        return object("EC2NodeClass", name);
    }

    public static List<ObjectNode> objects(String kind) {
        return OBJECTS.all(kind);
    }

    public static Tenancy tenancy() {
        return Tenancy.parse(object("ConfigMap", Tenancy.CONFIG_MAP_NAME).path("data").path(Tenancy.DATA_KEY).asText());
    }

    /** The view of this world with {@code tenancy} in force (for documents of older compilers). */
    public static TenancyView view(Tenancy tenancy) {
        Map<String, JsonNode> pools = new LinkedHashMap<>();
        objects("NodePool").forEach(p -> pools.put(p.path("metadata").path("name").asText(), p));
        return TenancyView.of(tenancy, Map.of(), pools);
    }

    /** Creates the compiled tenancy ConfigMap and NodePools in the (mock) API server. */
    public static void seed(KubernetesClient kube) {
        KubernetesSerialization json = new KubernetesSerialization();
        kube.resource(json.convertValue(object("ConfigMap", Tenancy.CONFIG_MAP_NAME), ConfigMap.class)).create();
        for (ObjectNode pool : objects("NodePool")) {
            kube.genericKubernetesResources(TenancyWatch.NODE_POOLS).resource(json.convertValue(pool, GenericKubernetesResource.class)).create();
        }
    }
}
