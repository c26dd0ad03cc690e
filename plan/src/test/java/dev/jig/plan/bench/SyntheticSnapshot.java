package dev.jig.plan.bench;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes a {@code kubectl get pods,daemonsets -A -o json} snapshot for the synthetic repository of
 * {@code compiler/.../bench/SyntheticRepo.java}: PODS pods spread evenly over its N tenants, as the
 * admission webhook admitted them (the tenant's nodeSelector entry; the tenancy toleration for the
 * dedicated, even-numbered tenants). Per tenant, 50% web pods (amd64), 25% batch pods in the jobs
 * namespace (tolerating workload=batch), 25% arm64 pods; requests of six shapes; plus two DaemonSets
 * and a few finished and kube-system pods. Seeded by position only, so every run writes the same file.
 * JDK only: {@code java plan/src/test/java/dev/jig/plan/bench/SyntheticSnapshot.java 1000 50000 FILE}.
 */
public final class SyntheticSnapshot {

    private static final String[][] SHAPES = {{"100m", "256Mi"}, {"250m", "512Mi"}, {"500m", "1Gi"}, {"500m", "2Gi"}, {"1", "2Gi"}, {"1", "4Gi"}};

    private SyntheticSnapshot() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 3) {
            System.err.println("usage: SyntheticSnapshot TENANTS PODS FILE");
            System.exit(2);
        }
        int tenants = Integer.parseInt(args[0]);
        int pods = Integer.parseInt(args[1]);
        try (BufferedWriter out = Files.newBufferedWriter(Path.of(args[2]))) {
            out.write("{\"apiVersion\":\"v1\",\"kind\":\"List\",\"metadata\":{\"resourceVersion\":\"\"},\"items\":[\n");
            out.write(daemonSet("kube-system", "aws-node"));
            out.write(",\n");
            out.write(daemonSet("monitoring", "node-exporter"));
            for (int i = 0; i < 4; i++) out.write(",\n" + pod("kube-system", "coredns-" + i, "coredns", null, false, "", SHAPES[0], "Running"));
            for (int p = 0; p < pods; p++) {
                int t = p % tenants + 1;
                int k = p / tenants;
                String tenant = String.format("t%04d", t);
                boolean dedicated = t % 2 == 0;
                String[] shape = SHAPES[(p * 7 + k) % SHAPES.length];
                int kind = k % 4;
                String phase = p % 997 == 0 ? "Succeeded" : "Running";
                if (kind < 2) {
                    out.write(",\n" + pod(tenant, "web-" + k, "web", tenant, dedicated, "\"kubernetes.io/arch\":\"amd64\",", shape, phase));
                } else if (kind == 2) {
                    out.write(",\n" + pod(tenant + "-jobs", "batch-" + k, "batch", tenant, dedicated,
                            "", shape, phase).replace("\"tolerations\":[", "\"tolerations\":[{\"key\":\"workload\",\"operator\":\"Equal\",\"value\":\"batch\",\"effect\":\"NoSchedule\"},"));
                } else {
                    out.write(",\n" + pod(tenant, "arm-" + k, "arm", tenant, dedicated, "\"kubernetes.io/arch\":\"arm64\",", shape, phase));
                }
            }
            out.write("\n]}\n");
        }
    }

    private static String pod(String namespace, String name, String app, String tenant, boolean dedicated, String selector, String[] shape, String phase) {
        String steer = tenant == null ? "" : "\"node-restriction.kubernetes.io/jig-tenant\":\"" + tenant + "\"";
        String nodeSelector = selector.isEmpty() && steer.isEmpty() ? "" : "\"nodeSelector\":{" + (steer.isEmpty() ? selector.substring(0, selector.length() - 1) : selector + steer) + "},";
        String tenancy = dedicated ? "{\"key\":\"jig.dev/tenant\",\"operator\":\"Equal\",\"value\":\"" + tenant + "\",\"effect\":\"NoSchedule\"}," : "";
        return "{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"" + name + "\",\"namespace\":\"" + namespace + "\",\"labels\":{\"app\":\""
                + app + "\"},\"ownerReferences\":[{\"apiVersion\":\"apps/v1\",\"kind\":\"ReplicaSet\",\"name\":\"" + app + "-5d8f\",\"uid\":\"0\"}]},"
                + "\"spec\":{\"containers\":[{\"name\":\"" + app + "\",\"image\":\"example/" + app + ":1\",\"resources\":{\"requests\":{\"cpu\":\"" + shape[0]
                + "\",\"memory\":\"" + shape[1] + "\"}}}]," + nodeSelector + "\"tolerations\":[" + tenancy
                + "{\"key\":\"node.kubernetes.io/not-ready\",\"operator\":\"Exists\",\"effect\":\"NoExecute\",\"tolerationSeconds\":300}],"
                + "\"nodeName\":\"ip-10-0-0-1.ec2.internal\",\"schedulerName\":\"default-scheduler\"},\"status\":{\"phase\":\"" + phase + "\"}}";
    }

    private static String daemonSet(String namespace, String name) {
        return "{\"apiVersion\":\"apps/v1\",\"kind\":\"DaemonSet\",\"metadata\":{\"name\":\"" + name + "\",\"namespace\":\"" + namespace + "\"},"
                + "\"spec\":{\"selector\":{\"matchLabels\":{\"app\":\"" + name + "\"}},\"template\":{\"metadata\":{\"labels\":{\"app\":\"" + name + "\"}},"
                + "\"spec\":{\"containers\":[{\"name\":\"" + name + "\",\"image\":\"example/" + name + ":1\",\"resources\":{\"requests\":{\"cpu\":\"50m\",\"memory\":\"64Mi\"}}}],"
                + "\"tolerations\":[{\"operator\":\"Exists\"}]}}}}";
    }
}
