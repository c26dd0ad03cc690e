package dev.jig.aws.userdata;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import dev.jig.api.ec2.AmiFamily;
import dev.jig.api.ec2.Kubelet;
import dev.jig.api.karpenter.Taint;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The user data Karpenter's AWS provider writes, per AMI family: for AL2023 a MIME multipart
 * document whose {@code application/node.eks.aws} part is a nodeadm {@code NodeConfig} (cluster
 * name, endpoint, CA, service CIDR, kubelet config with maxPods and cluster DNS, node labels and
 * taints as kubelet flags), after the node class's own parts; for AL2 the same MIME document with a
 * bash part calling the EKS bootstrap script; for Windows a PowerShell block; for Bottlerocket a TOML
 * document of {@code settings.kubernetes}; for Custom the node class's own user data. Pure: the same bootstrap gives the same bytes, so launch templates
 * can be named by a hash of them.
 */
public final class UserData {

    static final String BOUNDARY = "//";

    private UserData() {
    }

    /**
     * The user data for {@code family}: nodeadm MIME for AL2023, a MIME document calling
     * {@code /etc/eks/bootstrap.sh} for AL2, TOML for Bottlerocket, a {@code <powershell>} block
     * calling {@code Start-EKSBootstrap.ps1} for Windows, and the node class's own user data,
     * unchanged, for Custom (the AMI bootstraps itself).
     */
    public static String render(AmiFamily family, NodeBootstrap b) {
        return switch (family) {
            case BOTTLEROCKET -> bottlerocket(b);
            case AL2023 -> al2023(b);
            case AL2 -> al2(b);
            case WINDOWS2019, WINDOWS2022, WINDOWS2025 -> windows(b);
            case CUSTOM -> b.customUserData() == null ? "" : b.customUserData();
        };
    }

    static String al2023(NodeBootstrap b) {
        return mime(b, "Content-Type: application/node.eks.aws\n\n" + nodeConfig(b));
    }

    /** AL2: the node class's parts, then a shell part that runs the EKS bootstrap script with the kubelet flags. */
    static String al2(NodeBootstrap b) {
        ClusterInfo c = b.cluster();
        String script = "#!/bin/bash -xe\n"
                + "exec > >(tee /var/log/user-data.log|logger -t user-data -s 2>/dev/console) 2>&1\n"
                + "/etc/eks/bootstrap.sh " + KubeletFlags.bashQuote(c.name())
                + " --apiserver-endpoint " + KubeletFlags.bashQuote(c.endpoint())
                + " --b64-cluster-ca " + KubeletFlags.bashQuote(c.caBundle())
                + " \\\n--dns-cluster-ip " + KubeletFlags.bashQuote(dns(b))
                + " \\\n--use-max-pods false"
                + (b.raid0() ? " \\\n--local-disks raid0" : "")
                + " \\\n--kubelet-extra-args " + KubeletFlags.bashQuote(KubeletFlags.joined(b)) + "\n";
        return mime(b, "Content-Type: text/x-shellscript; charset=\"us-ascii\"\n\n" + script);
    }

    /** Windows: one PowerShell block, the node class's own script first, then the EKS bootstrap script. */
    static String windows(NodeBootstrap b) {
        ClusterInfo c = b.cluster();
        StringBuilder ps = new StringBuilder("<powershell>\n");
        String custom = b.customUserData();
        if (custom != null && !custom.isBlank()) {
            ps.append(custom.strip().replace("<powershell>", "").replace("</powershell>", "").strip()).append('\n');
        }
        ps.append("[string]$EKSBootstrapScriptFile = \"$env:ProgramFiles\\Amazon\\EKS\\Start-EKSBootstrap.ps1\"\n");
        ps.append("& $EKSBootstrapScriptFile -EKSClusterName ").append(KubeletFlags.powershellQuote(c.name()))
                .append(" -APIServerEndpoint ").append(KubeletFlags.powershellQuote(c.endpoint()))
                .append(" -Base64ClusterCA ").append(KubeletFlags.powershellQuote(c.caBundle()))
                .append(" -KubeletExtraArgs ").append(KubeletFlags.powershellQuote(KubeletFlags.joined(b)))
                .append(" -DNSClusterIP ").append(KubeletFlags.powershellQuote(dns(b))).append('\n');
        return ps.append("</powershell>\n").toString();
    }

    /** A MIME multipart document: the node class's own parts first, then Jig's {@code lastPart}. */
    private static String mime(NodeBootstrap b, String lastPart) {
        StringBuilder out = new StringBuilder("MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=\"" + BOUNDARY + "\"\n\n");
        for (String part : customParts(b.customUserData())) out.append("--").append(BOUNDARY).append('\n').append(part).append('\n');
        out.append("--").append(BOUNDARY).append('\n').append(lastPart).append('\n');
        return out.append("--").append(BOUNDARY).append("--\n").toString();
    }

    static String nodeConfig(NodeBootstrap b) {
        ClusterInfo c = b.cluster();
        StringBuilder y = new StringBuilder("apiVersion: node.eks.aws/v1alpha1\nkind: NodeConfig\nspec:\n  cluster:\n");
        y.append("    name: ").append(quote(c.name())).append('\n');
        y.append("    apiServerEndpoint: ").append(quote(c.endpoint())).append('\n');
        y.append("    certificateAuthority: ").append(quote(c.caBundle())).append('\n');
        y.append("    cidr: ").append(quote(c.serviceCidr())).append('\n');
        // nodeadm assembles the instance store into one RAID0 array for the kubelet and containerd, as sizing counts it
        if (b.raid0()) y.append("  instance:\n    localStorage:\n      strategy: RAID0\n");
        y.append("  kubelet:\n    config:\n      maxPods: ").append(b.maxPods()).append('\n');
        y.append("      clusterDNS:\n");
        for (String ip : dnsAll(b)) y.append("      - ").append(quote(ip)).append('\n');
        Kubelet k = b.kubelet();
        map(y, "kubeReserved", k.kubeReserved());
        map(y, "systemReserved", k.systemReserved());
        map(y, "evictionHard", k.evictionHard());
        map(y, "evictionSoft", k.evictionSoft());
        map(y, "evictionSoftGracePeriod", k.evictionSoftGracePeriod());
        if (k.evictionMaxPodGracePeriod() != null) y.append("      evictionMaxPodGracePeriod: ").append(k.evictionMaxPodGracePeriod()).append('\n');
        if (k.imageGCHighThresholdPercent() != null) y.append("      imageGCHighThresholdPercent: ").append(k.imageGCHighThresholdPercent()).append('\n');
        if (k.imageGCLowThresholdPercent() != null) y.append("      imageGCLowThresholdPercent: ").append(k.imageGCLowThresholdPercent()).append('\n');
        if (k.cpuCFSQuota() != null) y.append("      cpuCFSQuota: ").append(k.cpuCFSQuota()).append('\n');
        if (k.podsPerCore() > 0) y.append("      podsPerCore: ").append(k.podsPerCore()).append('\n');
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

    /**
     * The boundary of a MIME multipart document, or null when {@code text} is not one. As nodeadm
     * does, leading whitespace is skipped and the headers may come in any order
     * ({@code Content-Type:} before {@code MIME-Version:}).
     */
    static String boundary(String text) {
        String doc = text.stripLeading();
        int headersEnd = doc.indexOf("\n\n");
        String headers = headersEnd < 0 ? doc : doc.substring(0, headersEnd);
        boolean mime = headers.regionMatches(true, 0, "MIME-Version:", 0, 13) || headers.regionMatches(true, 0, "Content-Type:", 0, 13);
        int i = headers.indexOf("boundary=");
        if (!mime || !headers.toLowerCase(java.util.Locale.ROOT).contains("multipart/") || i < 0) return null;
        String rest = headers.substring(i + "boundary=".length());
        int end = rest.indexOf('\n');
        return rest.substring(0, end < 0 ? rest.length() : end).strip().replace("\"", "");
    }

    private static final TomlMapper TOML = new TomlMapper();

    /**
     * Bottlerocket's settings: the node class's own TOML, read, with the fields Jig owns set in it (the
     * cluster to join, max pods and the reservations and eviction thresholds sizing assumed, the node's labels
     * and taints), written back. Merged, never appended: a user document with its own
     * {@code [settings.kubernetes]} keeps its other settings and stays one valid document. User labels and taints
     * of other keys stay; Jig's win where both set one.
     */
    static String bottlerocket(NodeBootstrap b) {
        ObjectNode doc = userToml(b.customUserData());
        ObjectNode k = table(table(doc, "settings"), "kubernetes");
        ClusterInfo c = b.cluster();
        k.put("cluster-name", c.name());
        k.put("api-server", c.endpoint());
        k.put("cluster-certificate", c.caBundle());
        List<String> dns = dnsAll(b);
        if (dns.size() == 1) k.put("cluster-dns-ip", dns.get(0));
        else dns.forEach(k.putArray("cluster-dns-ip")::add);
        k.put("max-pods", b.maxPods());
        ObjectNode labels = table(k, "node-labels");
        new TreeMap<>(b.labels()).forEach(labels::put);
        if (!b.taints().isEmpty()) {
            ObjectNode taints = table(k, "node-taints");
            Map<String, List<String>> byKey = new TreeMap<>();
            for (Taint taint : b.taints()) {
                byKey.computeIfAbsent(taint.key(), x -> new ArrayList<>()).add((taint.value() == null ? "" : taint.value()) + ":" + taint.effect());
            }
            byKey.forEach((key, values) -> values.forEach(taints.putArray(key)::add));
        }
        settings(k, "kube-reserved", b.kubelet().kubeReserved());
        settings(k, "system-reserved", b.kubelet().systemReserved());
        settings(k, "eviction-hard", b.kubelet().evictionHard());
        settings(k, "eviction-soft", b.kubelet().evictionSoft());
        settings(k, "eviction-soft-grace-period", b.kubelet().evictionSoftGracePeriod());
        if (b.kubelet().evictionMaxPodGracePeriod() != null) k.put("eviction-max-pod-grace-period", b.kubelet().evictionMaxPodGracePeriod());
        if (b.kubelet().imageGCHighThresholdPercent() != null) k.put("image-gc-high-threshold-percent", b.kubelet().imageGCHighThresholdPercent());
        if (b.kubelet().imageGCLowThresholdPercent() != null) k.put("image-gc-low-threshold-percent", b.kubelet().imageGCLowThresholdPercent());
        if (b.kubelet().cpuCFSQuota() != null) k.put("cpu-cfs-quota-enforced", b.kubelet().cpuCFSQuota());
        if (b.raid0()) {
            // Bottlerocket's ephemeral-storage API: the instance store as one RAID0 array, bound where the kubelet and
            // containerd keep their data, before they start (a bootstrap command, as Karpenter's Bottlerocket user data has it)
            ObjectNode mount = table(table(table(doc, "settings"), "bootstrap-commands"), "000-mount-instance-storage");
            var commands = mount.putArray("commands");
            commands.addArray().add("apiclient").add("ephemeral-storage").add("init");
            commands.addArray().add("apiclient").add("ephemeral-storage").add("bind").add("--dirs")
                    .add("/var/lib/containerd").add("/var/lib/kubelet").add("/var/log/pods");
            mount.put("mode", "always");
            mount.put("essential", true);
        }
        try {
            return TOML.writeValueAsString(doc);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write Bottlerocket settings: " + e.getOriginalMessage(), e);
        }
    }

    /** The node class's Bottlerocket user data as a TOML tree; empty without one. Not TOML: refused with the parser's reason. */
    private static ObjectNode userToml(String custom) {
        if (custom == null || custom.isBlank()) return TOML.createObjectNode();
        try {
            JsonNode n = TOML.readTree(custom);
            if (n instanceof ObjectNode o) return o;
            throw new IllegalArgumentException("the EC2NodeClass's Bottlerocket user data is not a TOML document");
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("the EC2NodeClass's Bottlerocket user data is not valid TOML: " + e.getOriginalMessage(), e);
        }
    }

    /** The table {@code name} of {@code parent}, made if missing; a value of another kind there is refused. */
    private static ObjectNode table(ObjectNode parent, String name) {
        JsonNode n = parent.get(name);
        if (n == null) return parent.putObject(name);
        if (n instanceof ObjectNode o) return o;
        throw new IllegalArgumentException("the EC2NodeClass's Bottlerocket user data sets '" + name + "' to a value, where Jig needs a table");
    }

    private static void settings(ObjectNode k, String name, Map<String, String> values) {
        if (values.isEmpty()) return;
        ObjectNode t = table(k, name);
        new TreeMap<>(values).forEach(t::put);
    }

    /** The cluster DNS addresses: the node class's {@code kubelet.clusterDNS} when given, else the one of the service CIDR. */
    static List<String> dnsAll(NodeBootstrap b) {
        return b.kubelet().clusterDNS().isEmpty() ? List.of(b.cluster().clusterDns()) : b.kubelet().clusterDNS();
    }

    /** The first cluster DNS address, for bootstrap scripts that take one. */
    static String dns(NodeBootstrap b) {
        return dnsAll(b).get(0);
    }

    static String labels(Map<String, String> labels) {
        List<String> parts = new ArrayList<>();
        new TreeMap<>(labels).forEach((k, v) -> parts.add(k + "=" + v));
        return String.join(",", parts);
    }

    static String taints(List<Taint> taints) {
        List<String> parts = new ArrayList<>();
        for (Taint t : taints) parts.add(t.key() + (t.value() == null || t.value().isEmpty() ? "" : "=" + t.value()) + ":" + t.effect());
        return String.join(",", parts);
    }

    /** A double-quoted string, valid in both YAML and TOML. */
    static String quote(String s) {
        return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }
}
