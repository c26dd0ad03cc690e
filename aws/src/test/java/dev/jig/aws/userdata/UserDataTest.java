package dev.jig.aws.userdata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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

    @Test
    void bottlerocketIsTomlSettings() {
        String ud = UserData.render(AmiFamily.BOTTLEROCKET, bootstrap(null));
        assertThat(ud).contains("[settings.kubernetes]\ncluster-name = \"demo\"\napi-server = \"https://api.demo\"",
                "cluster-dns-ip = \"172.20.0.10\"", "max-pods = 29", "[settings.kubernetes.node-labels]\n\"karpenter.sh/nodepool\" = \"default\"",
                "[settings.kubernetes.node-taints]\n\"dedicated\" = [\"gpu:NoSchedule\"]");
    }

    @Test
    void familiesJigCannotBootstrapAreRefusedByName() {
        assertThatThrownBy(() -> UserData.render(AmiFamily.WINDOWS2022, bootstrap(null))).hasMessageContaining("WINDOWS2022");
    }
}
