package dev.jig.webhook.kube;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jig.api.tenancy.Tenancy;
import dev.jig.webhook.tenancy.TenancyView;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesResourceList;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A fixed tenancy view read from the output directory of {@code jig compile --out DIR}: the
 * tenancy ConfigMap, the NodePools and any {@code Node} objects put beside them (for example
 * {@code kubectl get node NAME -o yaml > node-NAME.yaml}), whose tenancy labels give the node
 * targets that {@code spec.nodeName}, bindings and ephemeral containers are judged against. A node
 * not in the directory is unknown, and refused as a target, as in a cluster before it registers.
 * For running the webhook on a laptop, in a benchmark or in end-to-end tests without a cluster; in
 * a cluster, {@link TenancyWatch} keeps the view live instead.
 */
public final class ManifestTenancy {

    private ManifestTenancy() {
    }

    /** Reads every {@code *.yaml}/{@code *.json} file of the directory; throws {@link IllegalArgumentException} when there is no tenancy ConfigMap. */
    public static TenancyView load(Path dir) {
        KubernetesSerialization serialization = new KubernetesSerialization();
        ObjectMapper mapper = new ObjectMapper();
        Tenancy tenancy = null;
        Map<String, JsonNode> pools = new HashMap<>();
        Map<String, Map<String, String>> nodeLabels = new HashMap<>();
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.toString().endsWith(".yaml") || p.toString().endsWith(".json")).sorted().toList();
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read manifests directory " + dir + ": " + e.getMessage(), e);
        }
        for (Path file : files) {
            for (HasMetadata o : objects(serialization, file)) {
                if (o instanceof ConfigMap cm && Tenancy.CONFIG_MAP_NAME.equals(cm.getMetadata().getName())) {
                    tenancy = Tenancy.parse(cm.getData().get(Tenancy.DATA_KEY));
                } else if (o instanceof Node n) {
                    nodeLabels.put(n.getMetadata().getName(), n.getMetadata().getLabels() == null ? Map.of() : n.getMetadata().getLabels());
                } else if (o instanceof GenericKubernetesResource g && "NodePool".equals(g.getKind())) {
                    pools.put(g.getMetadata().getName(), mapper.valueToTree(g));
                }
            }
        }
        if (tenancy == null) {
            throw new IllegalArgumentException("no " + Tenancy.CONFIG_MAP_NAME + " ConfigMap in " + dir + "; run `jig compile POLICIES --out " + dir + "` first");
        }
        Map<String, String> nodeTenants = new HashMap<>();
        for (var e : nodeLabels.entrySet()) nodeTenants.put(e.getKey(), tenancy.tenantOfNodeLabels(e.getValue()));
        return TenancyView.of(tenancy, nodeTenants, pools);
    }

    private static List<HasMetadata> objects(KubernetesSerialization serialization, Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            Object parsed = serialization.unmarshal(in);
            List<HasMetadata> out = new ArrayList<>();
            if (parsed instanceof HasMetadata h) out.add(h);
            else if (parsed instanceof KubernetesResourceList<?> l) out.addAll(l.getItems());
            else if (parsed instanceof List<?> l) l.stream().filter(HasMetadata.class::isInstance).map(HasMetadata.class::cast).forEach(out::add);
            return out;
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException("cannot read manifest " + file + ": " + e.getMessage(), e);
        }
    }
}
