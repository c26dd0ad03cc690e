package dev.jig.controller.kube;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.controller.manifest.ClusterManifests;
import dev.jig.controller.manifest.PodManifests;
import dev.jig.controller.model.Node;
import dev.jig.controller.model.Pod;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What a snapshot of the cluster costs in {@code run}, before and after the informers kept models
 * ({@link ModelCache}): typical pods (requests, labels, an owner, tolerations, a node affinity and a zone spread) and
 * Nodes as fabric8 objects, as the informers hold them. Prints the medians of (a) the old way, every object converted
 * to JSON and read into the model at every snapshot, (b) a snapshot after one pod changed (its model rebuilt, the list
 * assembled again) and (c) a snapshot with nothing changed, with the ratio a/b, at each size so growth shows. Lives
 * beside {@link ModelCache}, which is package-private.
 *
 * <p>Arguments: {@code [runs] [pods:nodes,...]}, default {@code 7 5000:500,20000:2000}.
 */
public final class SnapshotBenchmark {

    public static void main(String[] args) {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 7;
        String[] sizes = (args.length > 1 ? args[1] : "5000:500,20000:2000").split(",");
        KubernetesSerialization json = new KubernetesSerialization();
        System.out.printf(Locale.ROOT, "JVM %s, %d cpus, -Xmx %d MB, runs %d%n", System.getProperty("java.version"),
                Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory() / 1_000_000, runs);
        System.out.println("| pods | nodes | (a) convert everything | (b) one pod changed | (c) nothing changed | a / b |");
        System.out.println("|---|---|---|---|---|---|");
        double firstOld = 0;
        double firstNew = 0;
        for (String size : sizes) {
            int pods = Integer.parseInt(size.split(":")[0]);
            int nodes = Integer.parseInt(size.split(":")[1]);
            List<io.fabric8.kubernetes.api.model.Pod> podObjects = new ArrayList<>(pods);
            for (int i = 0; i < pods; i++) podObjects.add(pod(i, nodes, "1"));
            List<io.fabric8.kubernetes.api.model.Node> nodeObjects = new ArrayList<>(nodes);
            for (int i = 0; i < nodes; i++) nodeObjects.add(node(i));
            ModelCache<Pod> podModels = new ModelCache<>("Pod", o -> PodManifests.pod(json.convertValue(o, JsonNode.class)));
            ModelCache<Node> nodeModels = new ModelCache<>("Node", o -> Optional.of(ClusterManifests.node(json.convertValue(o, JsonNode.class))));
            podObjects.forEach(podModels::put);
            nodeObjects.forEach(nodeModels::put);
            double[] old = new double[runs];
            double[] changed = new double[runs];
            double[] same = new double[runs];
            for (int r = 0; r < runs + 2; r++) {
                long t0 = System.nanoTime();
                List<Pod> ps = new ArrayList<>(pods);
                for (var p : podObjects) PodManifests.pod(json.convertValue(p, JsonNode.class)).ifPresent(ps::add);
                List<Node> ns = new ArrayList<>(nodes);
                for (var n : nodeObjects) ns.add(ClusterManifests.node(json.convertValue(n, JsonNode.class)));
                long t1 = System.nanoTime();
                podModels.put(pod(r % pods, nodes, "v" + (r + 2)));
                sink(podModels.list().size() + nodeModels.list().size());
                long t2 = System.nanoTime();
                sink(podModels.list().size() + nodeModels.list().size());
                long t3 = System.nanoTime();
                if (r < 2) continue;
                old[r - 2] = (t1 - t0) / 1e6;
                changed[r - 2] = (t2 - t1) / 1e6;
                same[r - 2] = (t3 - t2) / 1e6;
                sink(ps.size() + ns.size());
            }
            Arrays.sort(old);
            Arrays.sort(changed);
            Arrays.sort(same);
            double a = old[runs / 2];
            double b = changed[runs / 2];
            if (firstOld == 0) {
                firstOld = a;
                firstNew = b;
            }
            System.out.printf(Locale.ROOT, "| %,d | %,d | %.1f ms | %.3f ms | %.4f ms | %.0f× |%n", pods, nodes, a, b, same[runs / 2], a / b);
            if (firstOld != a) System.out.printf(Locale.ROOT, "growth from the first size: old way %.1f×, one pod changed %.1f×%n", a / firstOld, b / firstNew);
        }
    }

    private static long sinkValue;

    private static void sink(long v) {
        sinkValue += v;
    }

    /** A pod of a deployment, bound, with the fields a typical workload carries. */
    static io.fabric8.kubernetes.api.model.Pod pod(int i, int nodes, String version) {
        return new PodBuilder().withNewMetadata().withName("web-" + i).withNamespace("team-" + i % 20).withResourceVersion(version)
                .withUid("uid-" + i).addToLabels("app", "web-" + i % 50).addToLabels("pod-template-hash", "7d9f" + i % 50)
                .addNewOwnerReference().withApiVersion("apps/v1").withKind("ReplicaSet").withName("web-" + i % 50).withUid("rs-" + i % 50)
                .withController(true).endOwnerReference().endMetadata()
                .withNewSpec().withNodeName("node-" + i % nodes)
                .addToContainers(new ContainerBuilder().withName("app").withImage("registry.example/web:1").withNewResources()
                        .addToRequests("cpu", new Quantity("250m")).addToRequests("memory", new Quantity("512Mi")).endResources().build())
                .addNewToleration().withKey("jig.dev/tenant").withOperator("Equal").withValue("team-" + i % 20).withEffect("NoSchedule").endToleration()
                .withNewAffinity().withNewNodeAffinity().withNewRequiredDuringSchedulingIgnoredDuringExecution().addNewNodeSelectorTerm()
                .addNewMatchExpression().withKey("jig.dev/tenant").withOperator("In").withValues("team-" + i % 20).endMatchExpression()
                .endNodeSelectorTerm().endRequiredDuringSchedulingIgnoredDuringExecution().endNodeAffinity().endAffinity()
                .addNewTopologySpreadConstraint().withMaxSkew(1).withTopologyKey("topology.kubernetes.io/zone").withWhenUnsatisfiable("ScheduleAnyway")
                .withNewLabelSelector().addToMatchLabels("app", "web-" + i % 50).endLabelSelector().endTopologySpreadConstraint()
                .endSpec().withNewStatus().withPhase("Running").endStatus().build();
    }

    static io.fabric8.kubernetes.api.model.Node node(int i) {
        return new NodeBuilder().withNewMetadata().withName("node-" + i).withResourceVersion("1")
                .addToLabels("karpenter.sh/nodepool", "default").addToLabels("node.kubernetes.io/instance-type", "m5.xlarge")
                .addToLabels("topology.kubernetes.io/zone", "us-east-1" + "abc".charAt(i % 3)).addToLabels("kubernetes.io/hostname", "node-" + i)
                .endMetadata().withNewSpec().withProviderID("aws:///us-east-1a/i-" + i).endSpec()
                .withNewStatus().addToCapacity("cpu", new Quantity("4")).addToCapacity("memory", new Quantity("16Gi")).addToCapacity("pods", new Quantity("58"))
                .addToAllocatable("cpu", new Quantity("3920m")).addToAllocatable("memory", new Quantity("15Gi")).addToAllocatable("pods", new Quantity("58"))
                .addNewCondition().withType("Ready").withStatus("True").endCondition().endStatus().build();
    }
}
