package dev.jig.compiler.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Writes a synthetic policy repository of N tenants with 3 pools each, and the equivalent plain
 * Kustomize tree (a base plus one overlay per tenant) that renders the same count of NodePools and
 * EC2NodeClasses. JDK only, so the benchmark can run it as a single source file:
 * {@code java compiler/src/test/java/dev/jig/compiler/bench/SyntheticRepo.java 1000 DIR}.
 */
public final class SyntheticRepo {

    private SyntheticRepo() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: SyntheticRepo TENANTS DIR");
            System.exit(2);
        }
        int n = Integer.parseInt(args[0]);
        Path dir = Path.of(args[1]);
        write(dir.resolve("policies"), policies(n));
        write(dir.resolve("kustomize"), kustomize(n));
    }

    public static String tenantName(int i) {
        return String.format("t%04d", i);
    }

    /** Relative path → text of the policy repository. */
    public static Map<String, String> policies(int n) {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("platform.yaml", """
                apiVersion: jig.dev/v1alpha1
                kind: Platform
                metadata:
                  name: bench
                spec:
                  cluster:
                    name: bench
                    region: us-east-1
                    zones: [us-east-1a, us-east-1b, us-east-1c]
                  discovery:
                    subnetTags: {karpenter.sh/discovery: bench}
                    securityGroupTags: {karpenter.sh/discovery: bench}
                  nodeRole: KarpenterNodeRole-bench
                  images:
                    al2023: al2023@latest
                  defaultImage: al2023
                  allowed:
                    categories: [c, m, r]
                    generations: {min: 5, max: 8}
                    architectures: [amd64, arm64]
                    capacityTypes: [on-demand, spot]
                  limits:
                    cpu: %d
                    memory: %dGi
                    gpu: 0
                  maintenance:
                    freezes:
                      - name: business-hours
                        schedule: "0 9 * * 1-5"
                        duration: 8h
                        timeZone: America/New_York
                        reasons: [Drifted, Underutilized]
                  defaults:
                    budgets:
                      - nodes: "10%%"
                """.formatted(40L * n, 160L * n));
        for (int i = 1; i <= n; i++) {
            String t = tenantName(i);
            files.put("tenants/" + t + ".yaml", """
                    apiVersion: jig.dev/v1alpha1
                    kind: Tenant
                    metadata:
                      name: %1$s
                    spec:
                      namespaces: [%1$s, %1$s-jobs]
                      owners: [%1$s@example.com]
                      costCenter: CC-%2$d
                      isolation: %3$s
                      quota: {cpu: 40, memory: 160Gi}
                      pools:
                        - name: web
                          capacityTypes: [on-demand, spot]
                          architectures: [amd64]
                          categories: [c, m]
                          share: 40%%
                        - name: batch
                          capacityTypes: [spot]
                          categories: [c, m, r]
                          share: 30%%
                          weight: 20
                          taints: [{key: workload, value: batch, effect: NoSchedule}]
                        - name: arm
                          architectures: [arm64]
                          families: [m7g, c7g]
                          share: 30%%
                          weight: 30
                    """.formatted(t, 1000 + i, i % 2 == 0 ? "dedicated" : "shared"));
        }
        return files;
    }

    /** Relative path → text of a Kustomize tree that renders 3 NodePools and 1 EC2NodeClass per tenant. */
    public static Map<String, String> kustomize(int n) {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("base/kustomization.yaml", "resources: [nodeclass.yaml, web.yaml, batch.yaml, arm.yaml]\n");
        files.put("base/nodeclass.yaml", """
                apiVersion: karpenter.k8s.aws/v1
                kind: EC2NodeClass
                metadata:
                  name: al2023
                spec:
                  role: KarpenterNodeRole-bench
                  amiSelectorTerms: [{alias: al2023@latest}]
                  subnetSelectorTerms: [{tags: {karpenter.sh/discovery: bench}}]
                  securityGroupSelectorTerms: [{tags: {karpenter.sh/discovery: bench}}]
                  blockDeviceMappings:
                    - deviceName: /dev/xvda
                      rootVolume: true
                      ebs: {volumeSize: 100Gi, volumeType: gp3, encrypted: true, deleteOnTermination: true}
                  metadataOptions: {httpEndpoint: enabled, httpProtocolIPv6: disabled, httpPutResponseHopLimit: 1, httpTokens: required}
                """);
        files.put("base/web.yaml", nodePool("web", "[on-demand, spot]", "[amd64]", "{key: karpenter.k8s.aws/instance-category, operator: In, values: [c, m]}", 10, "[]"));
        files.put("base/batch.yaml", nodePool("batch", "[spot]", "[amd64]", "{key: karpenter.k8s.aws/instance-category, operator: In, values: [c, m, r]}", 20,
                "[{key: workload, value: batch, effect: NoSchedule}]"));
        files.put("base/arm.yaml", nodePool("arm", "[on-demand]", "[arm64]", "{key: karpenter.k8s.aws/instance-family, operator: In, values: [c7g, m7g]}", 30, "[]"));
        StringBuilder top = new StringBuilder("resources:\n");
        for (int i = 1; i <= n; i++) {
            String t = tenantName(i);
            top.append("  - overlays/").append(t).append('\n');
            StringBuilder k = new StringBuilder();
            k.append("resources: [../../base]\n");
            k.append("namePrefix: ").append(t).append("-\n");
            k.append("labels:\n  - pairs: {jig.dev/tenant: ").append(t).append("}\n    includeSelectors: false\n    includeTemplates: true\n");
            k.append("patches:\n");
            for (String pool : new String[] {"web", "batch", "arm"}) {
                k.append("  - target: {kind: NodePool, name: ").append(pool).append("}\n");
                k.append("    patch: |-\n");
                k.append("      - {op: replace, path: /spec/template/spec/nodeClassRef/name, value: ").append(t).append("-al2023}\n");
                k.append("      - {op: replace, path: /spec/limits/cpu, value: \"").append(pool.equals("web") ? 16 : 12).append("\"}\n");
                if (i % 2 == 0) {
                    k.append("      - {op: add, path: /spec/template/spec/taints/-, value: {key: jig.dev/tenant, value: ").append(t).append(", effect: NoSchedule}}\n");
                }
            }
            k.append("  - target: {kind: EC2NodeClass, name: al2023}\n");
            k.append("    patch: |-\n");
            k.append("      - {op: add, path: /spec/tags, value: {jig.dev/tenant: ").append(t).append(", jig.dev/cost-center: CC-").append(1000 + i).append("}}\n");
            files.put("overlays/" + t + "/kustomization.yaml", k.toString());
        }
        files.put("kustomization.yaml", top.toString());
        return files;
    }

    private static String nodePool(String name, String capacity, String arch, String extra, int weight, String taints) {
        return """
                apiVersion: karpenter.sh/v1
                kind: NodePool
                metadata:
                  name: %s
                spec:
                  template:
                    metadata:
                      labels: {jig.dev/pool: %s}
                    spec:
                      nodeClassRef: {group: karpenter.k8s.aws, kind: EC2NodeClass, name: al2023}
                      requirements:
                        - {key: karpenter.sh/capacity-type, operator: In, values: %s}
                        - {key: kubernetes.io/arch, operator: In, values: %s}
                        - {key: topology.kubernetes.io/zone, operator: In, values: [us-east-1a, us-east-1b, us-east-1c]}
                        - %s
                      taints: %s
                      expireAfter: 720h
                  disruption:
                    consolidationPolicy: WhenEmptyOrUnderutilized
                    consolidateAfter: 1m
                    budgets: [{nodes: "10%%"}]
                  limits: {cpu: "0", memory: 64Gi}
                  weight: %d
                """.formatted(name, name, capacity, arch, extra, taints, weight);
    }

    private static void write(Path root, Map<String, String> files) {
        files.forEach((path, text) -> {
            try {
                Path p = root.resolve(path);
                Files.createDirectories(p.getParent());
                Files.writeString(p, text);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }
}
