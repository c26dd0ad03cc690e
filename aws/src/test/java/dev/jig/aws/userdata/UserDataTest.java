package dev.jig.aws.userdata;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import dev.jig.api.ec2.AmiFamily;
import dev.jig.api.ec2.Kubelet;
import dev.jig.api.karpenter.Taint;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class UserDataTest {

    private static final ClusterInfo CLUSTER = new ClusterInfo("demo", "https://api.demo", "Q0E=", "172.20.0.0/16");

    private static NodeBootstrap bootstrap(String custom) {
        return new NodeBootstrap(CLUSTER, new Kubelet(0, 0, Map.of("cpu", "100m"), Map.of(), Map.of("memory.available", "5%")), 29,
                Map.of("karpenter.sh/nodepool", "default", "team", "a"), List.of(new Taint("dedicated", "gpu", "NoSchedule")), custom);
    }

    @Test
    void theClusterDnsIsTheKubeDnsServicesAddressWhenReadElseTheServiceCidrsTenth() {
        assertThat(CLUSTER.clusterDns()).isEqualTo("172.20.0.10");
        assertThat(new ClusterInfo("demo", "https://api.demo", "Q0E=", "172.20.0.0/16", "172.20.0.53").clusterDns()).isEqualTo("172.20.0.53");
        assertThat(new ClusterInfo("demo", "https://api.demo", "Q0E=", "172.20.0.0/16", " ").clusterDns()).isEqualTo("172.20.0.10");
    }

    @Test
    void al2023IsAMimeMultipartNodeConfigWithTheClusterAndKubeletSettings() {
        String ud = UserData.render(AmiFamily.AL2023, bootstrap(null));
        assertThat(ud).isEqualTo("""
                MIME-Version: 1.0
                Content-Type: multipart/mixed; boundary="//"

                --//
                Content-Type: application/node.eks.aws

                apiVersion: node.eks.aws/v1alpha1
                kind: NodeConfig
                spec:
                  cluster:
                    name: "demo"
                    apiServerEndpoint: "https://api.demo"
                    certificateAuthority: "Q0E="
                    cidr: "172.20.0.0/16"
                  kubelet:
                    config:
                      maxPods: 29
                      clusterDNS:
                      - "172.20.0.10"
                      kubeReserved:
                        "cpu": "100m"
                      evictionHard:
                        "memory.available": "5%"
                    flags:
                    - "--node-labels=karpenter.sh/nodepool=default,team=a"
                    - "--register-with-taints=dedicated=gpu:NoSchedule"

                --//--
                """);
    }

    @Test
    void aNodeClassShellScriptComesFirstAsItsOwnPart() {
        String ud = UserData.render(AmiFamily.AL2023, bootstrap("#!/bin/bash\necho hello"));
        assertThat(ud.indexOf("text/x-shellscript")).isPositive().isLessThan(ud.indexOf("application/node.eks.aws"));
        assertThat(ud).contains("echo hello");
    }

    @Test
    void aNodeClassMimeDocumentContributesItsParts() {
        String custom = "MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=\"BOUNDARY\"\n\n--BOUNDARY\nContent-Type: text/x-shellscript\n\necho one\n--BOUNDARY--\n";
        String ud = UserData.render(AmiFamily.AL2023, bootstrap(custom));
        assertThat(ud).contains("--//\nContent-Type: text/x-shellscript\n\necho one").doesNotContain("BOUNDARY");
    }

    private static JsonNode toml(String text) throws Exception {
        return new TomlMapper().readTree(text);
    }

    @Test
    void bottlerocketIsTomlSettingsThatParseBack() throws Exception {
        JsonNode k = toml(UserData.render(AmiFamily.BOTTLEROCKET, bootstrap(null))).path("settings").path("kubernetes");
        assertThat(k.path("cluster-name").asText()).isEqualTo("demo");
        assertThat(k.path("api-server").asText()).isEqualTo("https://api.demo");
        assertThat(k.path("cluster-dns-ip").asText()).isEqualTo("172.20.0.10");
        assertThat(k.path("max-pods").asInt()).isEqualTo(29);
        assertThat(k.path("node-labels").path("karpenter.sh/nodepool").asText()).isEqualTo("default");
        assertThat(k.path("node-taints").path("dedicated").get(0).asText()).isEqualTo("gpu:NoSchedule");
        assertThat(k.path("kube-reserved").path("cpu").asText()).as("the reservations sizing assumed").isEqualTo("100m");
        assertThat(k.path("eviction-hard").path("memory.available").asText()).isEqualTo("5%");
    }

    @Test
    void bottlerocketMergesIntoTheUsersOwnKubernetesSettingsInsteadOfAppendingATable() throws Exception {
        String user = """
                [settings.kubernetes]
                max-pods = 10
                allowed-unsafe-sysctls = ["net.core.somaxconn"]

                [settings.kubernetes.node-labels]
                "team" = "b"
                "mine" = "yes"

                [settings.host-containers.admin]
                enabled = true
                """;
        String ud = UserData.render(AmiFamily.BOTTLEROCKET, bootstrap(user));
        JsonNode doc = toml(ud);
        JsonNode k = doc.path("settings").path("kubernetes");
        assertThat(k.path("max-pods").asInt()).as("Jig's sizing wins").isEqualTo(29);
        assertThat(k.path("allowed-unsafe-sysctls").get(0).asText()).isEqualTo("net.core.somaxconn");
        assertThat(k.path("node-labels").path("mine").asText()).isEqualTo("yes");
        assertThat(k.path("node-labels").path("team").asText()).as("Jig's label wins").isEqualTo("a");
        assertThat(k.path("cluster-name").asText()).isEqualTo("demo");
        assertThat(doc.path("settings").path("host-containers").path("admin").path("enabled").asBoolean()).isTrue();
    }

    @Test
    void raid0AssemblesTheInstanceStoreOnEveryFamilyThatSupportsIt() throws Exception {
        NodeBootstrap raid = new NodeBootstrap(CLUSTER, Kubelet.DEFAULT, 29, Map.of(), List.of(), null, true);
        String nodeConfig = MimeParts.body(MimeParts.of(UserData.render(AmiFamily.AL2023, raid)).get(0));
        JsonNode config = new dev.jig.api.yaml.YamlLoader().load(new dev.jig.api.source.SourceFile("nodeconfig.yaml", nodeConfig)).document().orElseThrow().root();
        assertThat(config.path("spec").path("instance").path("localStorage").path("strategy").asText()).isEqualTo("RAID0");
        assertThat(UserData.render(AmiFamily.AL2, raid)).contains("--local-disks raid0");
        JsonNode mount = toml(UserData.render(AmiFamily.BOTTLEROCKET, raid)).path("settings").path("bootstrap-commands").path("000-mount-instance-storage");
        assertThat(mount.path("commands").toString()).isEqualTo("[[\"apiclient\",\"ephemeral-storage\",\"init\"],"
                + "[\"apiclient\",\"ephemeral-storage\",\"bind\",\"--dirs\",\"/var/lib/containerd\",\"/var/lib/kubelet\",\"/var/log/pods\"]]");
        assertThat(mount.path("essential").asBoolean()).isTrue();
        NodeBootstrap plain = new NodeBootstrap(CLUSTER, Kubelet.DEFAULT, 29, Map.of(), List.of(), null);
        assertThat(UserData.render(AmiFamily.AL2023, plain)).doesNotContain("localStorage");
        assertThat(UserData.render(AmiFamily.AL2, plain)).doesNotContain("--local-disks");
        assertThat(UserData.render(AmiFamily.BOTTLEROCKET, plain)).doesNotContain("ephemeral-storage");
    }

    private static final Kubelet FULL = new Kubelet(0, 0, Map.of(), Map.of(), Map.of("memory.available", "5%"), List.of("10.0.0.10", "10.0.0.11"),
            Map.of("memory.available", "10%"), Map.of("memory.available", "1m30s"), 60, 85, 80, false);

    @Test
    void theWholeKubeletBlockReachesTheNodeOnEveryFamily() throws Exception {
        NodeBootstrap b = new NodeBootstrap(CLUSTER, FULL, 29, Map.of(), List.of(), null);
        String nodeConfig = MimeParts.body(MimeParts.of(UserData.render(AmiFamily.AL2023, b)).get(0));
        JsonNode config = new dev.jig.api.yaml.YamlLoader().load(new dev.jig.api.source.SourceFile("nodeconfig.yaml", nodeConfig))
                .document().orElseThrow().root().path("spec").path("kubelet").path("config");
        assertThat(config.path("clusterDNS").toString()).isEqualTo("[\"10.0.0.10\",\"10.0.0.11\"]");
        assertThat(config.path("evictionSoft").path("memory.available").asText()).isEqualTo("10%");
        assertThat(config.path("evictionSoftGracePeriod").path("memory.available").asText()).isEqualTo("1m30s");
        assertThat(config.path("evictionMaxPodGracePeriod").asInt()).isEqualTo(60);
        assertThat(config.path("imageGCHighThresholdPercent").asInt()).isEqualTo(85);
        assertThat(config.path("imageGCLowThresholdPercent").asInt()).isEqualTo(80);
        assertThat(config.path("cpuCFSQuota").asBoolean(true)).isFalse();

        String al2 = UserData.render(AmiFamily.AL2, b);
        assertThat(al2).contains("--dns-cluster-ip '10.0.0.10'", "--eviction-soft=memory.available<10%", "--eviction-soft-grace-period=memory.available=1m30s",
                "--eviction-max-pod-grace-period=60", "--image-gc-high-threshold=85", "--image-gc-low-threshold=80", "--cpu-cfs-quota=false");

        JsonNode k = toml(UserData.render(AmiFamily.BOTTLEROCKET, b)).path("settings").path("kubernetes");
        assertThat(k.path("cluster-dns-ip").toString()).isEqualTo("[\"10.0.0.10\",\"10.0.0.11\"]");
        assertThat(k.path("eviction-soft").path("memory.available").asText()).isEqualTo("10%");
        assertThat(k.path("eviction-soft-grace-period").path("memory.available").asText()).isEqualTo("1m30s");
        assertThat(k.path("eviction-max-pod-grace-period").asInt()).isEqualTo(60);
        assertThat(k.path("image-gc-high-threshold-percent").asInt()).isEqualTo(85);
        assertThat(k.path("image-gc-low-threshold-percent").asInt()).isEqualTo(80);
        assertThat(k.path("cpu-cfs-quota-enforced").asBoolean(true)).isFalse();
    }

    @Test
    void bottlerocketUserDataThatIsNotTomlIsRefusedWithTheReason() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> UserData.render(AmiFamily.BOTTLEROCKET, bootstrap("[settings.kubernetes\nmax-pods = ")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("is not valid TOML");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> UserData.render(AmiFamily.BOTTLEROCKET, bootstrap("settings = 1\n")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'settings' to a value");
    }

    @Test
    void al2RunsTheEksBootstrapScriptWithEveryKubeletFlagAsBashReadsThem() throws Exception {
        String ud = UserData.render(AmiFamily.AL2, bootstrap("#!/bin/bash\necho mine"));
        List<String> parts = MimeParts.of(ud);
        assertThat(parts).hasSize(2);
        assertThat(parts.get(0)).contains("echo mine");
        String script = MimeParts.body(parts.get(1));
        assertThat(MimeParts.header(parts.get(1))).startsWith("Content-Type: text/x-shellscript");
        List<String> argv = bashArguments(script, "/etc/eks/bootstrap.sh");
        assertThat(argv).containsExactly("demo", "--apiserver-endpoint", "https://api.demo", "--b64-cluster-ca", "Q0E=",
                "--dns-cluster-ip", "172.20.0.10", "--use-max-pods", "false", "--kubelet-extra-args",
                "--node-labels=karpenter.sh/nodepool=default,team=a --register-with-taints=dedicated=gpu:NoSchedule --max-pods=29"
                        + " --kube-reserved=cpu=100m --eviction-hard=memory.available<5%");
    }

    @Test
    void al2QuotesAValueWithASingleQuoteSoBashStillReadsOneWord() throws Exception {
        NodeBootstrap b = new NodeBootstrap(new ClusterInfo("it's", "https://api.demo", "Q0E=", "10.100.0.0/16"), Kubelet.DEFAULT, 110,
                Map.of(), List.of(), null);
        String script = MimeParts.body(MimeParts.of(UserData.render(AmiFamily.AL2, b)).get(0));
        assertThat(bashArguments(script, "/etc/eks/bootstrap.sh").get(0)).isEqualTo("it's");
    }

    @Test
    void windowsIsOnePowershellBlockCallingTheEksBootstrapScript() {
        String ud = UserData.render(AmiFamily.WINDOWS2022, bootstrap("<powershell>\nWrite-Host mine\n</powershell>"));
        assertThat(ud).startsWith("<powershell>\nWrite-Host mine\n").endsWith("</powershell>\n");
        assertThat(ud.split("<powershell>", -1)).hasSize(2);
        assertThat(ud).contains("[string]$EKSBootstrapScriptFile = \"$env:ProgramFiles\\Amazon\\EKS\\Start-EKSBootstrap.ps1\"\n"
                + "& $EKSBootstrapScriptFile -EKSClusterName 'demo' -APIServerEndpoint 'https://api.demo' -Base64ClusterCA 'Q0E='"
                + " -KubeletExtraArgs '--node-labels=karpenter.sh/nodepool=default,team=a --register-with-taints=dedicated=gpu:NoSchedule"
                + " --max-pods=29 --kube-reserved=cpu=100m --eviction-hard=memory.available<5%' -DNSClusterIP '172.20.0.10'\n");
        assertThat(UserData.render(AmiFamily.WINDOWS2019, bootstrap(null))).isEqualTo(UserData.render(AmiFamily.WINDOWS2025, bootstrap(null)));
    }

    @Test
    void customPassesTheNodeClassUserDataThroughUnchanged() {
        String custom = "#!/bin/bash\n/opt/my-bootstrap --cluster demo\n";
        assertThat(UserData.render(AmiFamily.CUSTOM, bootstrap(custom))).isEqualTo(custom);
        assertThat(UserData.render(AmiFamily.CUSTOM, bootstrap(null))).isEmpty();
    }

    @Test
    void aMimeDocumentIsKnownWithContentTypeFirstAndLeadingWhitespace() {
        String custom = "\n  Content-Type: multipart/mixed; boundary=\"B\"\nMIME-Version: 1.0\n\n--B\nContent-Type: text/x-shellscript\n\necho one\n--B--\n";
        assertThat(UserData.boundary(custom)).isEqualTo("B");
        String ud = UserData.render(AmiFamily.AL2023, bootstrap(custom));
        assertThat(MimeParts.of(ud)).hasSize(2).first().isEqualTo("Content-Type: text/x-shellscript\n\necho one");
    }

    @Test
    void aShellScriptMentioningMultipartIsNotTakenForAMimeDocument() {
        assertThat(UserData.boundary("#!/bin/bash\n# Content-Type: multipart/mixed; boundary=x\n")).isNull();
    }

    /** The arguments bash passes to {@code command} when it runs {@code script}, with the command swapped for printf. */
    private static List<String> bashArguments(String script, String command) throws Exception {
        String runnable = script.lines().filter(l -> !l.startsWith("exec ")).map(l -> l.replace(command, "printf '%s\\0'"))
                .reduce("", (a, l) -> a + l + "\n");
        Process p = new ProcessBuilder("bash", "-c", runnable).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor()).isZero();
        return List.of(out.split("\0"));
    }
}
