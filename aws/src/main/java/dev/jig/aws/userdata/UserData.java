package dev.jig.aws.userdata;

import dev.jig.api.ec2.AmiFamily;
import dev.jig.api.karpenter.Taint;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The user data Karpenter's AWS provider writes, per AMI family: for AL2023 a MIME multipart
 * document whose {@code application/node.eks.aws} part is a nodeadm {@code NodeConfig} (cluster
 * name, endpoint, CA, service CIDR, kubelet config with maxPods and cluster DNS, node labels and
 * taints as kubelet flags), after the node class's own parts; for Bottlerocket a TOML document of
 * {@code settings.kubernetes}. Pure: the same bootstrap gives the same bytes, so launch templates
 * can be named by a hash of them.
 */
public final class UserData {

    static final String BOUNDARY = "//";

    private UserData() {
    }

    /** The user data for {@code family}; AL2023 for AL2023 and Custom, TOML for Bottlerocket. */
    public static String render(AmiFamily family, NodeBootstrap b) {
        return switch (family) {
            case BOTTLEROCKET -> bottlerocket(b);
            case AL2023, CUSTOM -> al2023(b);
            default -> throw new IllegalArgumentException("AMI family " + family + " is not supported by Jig's EC2 provider yet");
        };
    }

    static String al2023(NodeBootstrap b) {
        StringBuilder out = new StringBuilder("MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=\"" + BOUNDARY + "\"\n\n");
        for (String part : customParts(b.customUserData())) out.append("--").append(BOUNDARY).append('\n').append(part).append('\n');
        out.append("--").append(BOUNDARY).append("\nContent-Type: application/node.eks.aws\n\n").append(nodeConfig(b)).append('\n');
        return out.append("--").append(BOUNDARY).append("--\n").toString();
    }

    static String nodeConfig(NodeBootstrap b) {
        ClusterInfo c = b.cluster();
        StringBuilder y = new StringBuilder("apiVersion: node.eks.aws/v1alpha1\nkind: NodeConfig\nspec:\n  cluster:\n");
        y.append("    name: ").append(quote(c.name())).append('\n');
        y.append("    apiServerEndpoint: ").append(quote(c.endpoint())).append('\n');
        y.append("    certificateAuthority: ").append(quote(c.caBundle())).append('\n');
        y.append("    cidr: ").append(quote(c.serviceCidr())).append('\n');
        y.append("  kubelet:\n    config:\n      maxPods: ").append(b.maxPods()).append('\n');
        y.append("      clusterDNS:\n      - ").append(quote(c.clusterDns())).append('\n');
        map(y, "kubeReserved", b.kubelet().kubeReserved());
        map(y, "systemReserved", b.kubelet().systemReserved());
        map(y, "evictionHard", b.kubelet().evictionHard());
        if (b.kubelet().podsPerCore() > 0) y.append("      podsPerCore: ").append(b.kubelet().podsPerCore()).append('\n');
        y.append("    flags:\n");
        y.append("    - ").append(quote("--node-labels=" + labels(b.labels()))).append('\n');
        if (!b.taints().isEmpty()) y.append("    - ").append(quote("--register-with-taints=" + taints(b.taints()))).append('\n');
        return y.toString();
    }

    private static void map(StringBuilder y, String name, Map<String, String> values) {
        if (values.isEmpty()) return;
        y.append("      ").append(name).append(":\n");
        new TreeMap<>(values).forEach((k, v) -> y.append("        ").append(quote(k)).append(": ").append(quote(v)).append('\n'));
    }

    /** The node class's own user data as MIME parts: its parts when it is multipart, else one part of the right type. */
    static List<String> customParts(String custom) {
        List<String> parts = new ArrayList<>();
        if (custom == null || custom.isBlank()) return parts;
        String boundary = boundary(custom);
        if (boundary != null) {
            for (String chunk : custom.split("--" + java.util.regex.Pattern.quote(boundary))) {
                String part = chunk.strip();
                if (part.isEmpty() || part.equals("--") || part.startsWith("MIME-Version") || part.startsWith("Content-Type: multipart")) continue;
                parts.add(part);
            }
            return parts;
        }
        String type = custom.contains("node.eks.aws/") ? "application/node.eks.aws" : "text/x-shellscript; charset=\"us-ascii\"";
        parts.add("Content-Type: " + type + "\n\n" + custom.strip());
        return parts;
    }

    private static String boundary(String text) {
        int i = text.indexOf("boundary=");
        if (!text.startsWith("MIME-Version") || i < 0) return null;
        String rest = text.substring(i + "boundary=".length());
        int end = rest.indexOf('\n');
        return rest.substring(0, end < 0 ? rest.length() : end).strip().replace("\"", "");
    }

    static String bottlerocket(NodeBootstrap b) {
        ClusterInfo c = b.cluster();
        StringBuilder t = new StringBuilder();
        if (b.customUserData() != null && !b.customUserData().isBlank()) t.append(b.customUserData().strip()).append("\n\n");
        t.append("[settings.kubernetes]\n");
        t.append("cluster-name = ").append(quote(c.name())).append('\n');
        t.append("api-server = ").append(quote(c.endpoint())).append('\n');
        t.append("cluster-certificate = ").append(quote(c.caBundle())).append('\n');
        t.append("cluster-dns-ip = ").append(quote(c.clusterDns())).append('\n');
        t.append("max-pods = ").append(b.maxPods()).append('\n');
        t.append("\n[settings.kubernetes.node-labels]\n");
        new TreeMap<>(b.labels()).forEach((k, v) -> t.append(quote(k)).append(" = ").append(quote(v)).append('\n'));
        if (!b.taints().isEmpty()) {
            t.append("\n[settings.kubernetes.node-taints]\n");
            Map<String, List<String>> byKey = new TreeMap<>();
            for (Taint taint : b.taints()) {
                byKey.computeIfAbsent(taint.key(), k -> new ArrayList<>()).add((taint.value() == null ? "" : taint.value()) + ":" + taint.effect());
            }
            byKey.forEach((k, v) -> t.append(quote(k)).append(" = [")
                    .append(String.join(", ", v.stream().map(UserData::quote).toList())).append("]\n"));
        }
        return t.toString();
    }

    private static String labels(Map<String, String> labels) {
        List<String> parts = new ArrayList<>();
        new TreeMap<>(labels).forEach((k, v) -> parts.add(k + "=" + v));
        return String.join(",", parts);
    }

    private static String taints(List<Taint> taints) {
        List<String> parts = new ArrayList<>();
        for (Taint t : taints) parts.add(t.key() + (t.value() == null || t.value().isEmpty() ? "" : "=" + t.value()) + ":" + t.effect());
        return String.join(",", parts);
    }

    /** A double-quoted string, valid in both YAML and TOML. */
    static String quote(String s) {
        return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }
}
