package dev.jig.aws.ami;

import dev.jig.api.ec2.AmiFamily;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AmiParametersTest {

    private static java.util.List<String> names(String alias, String k8s) {
        return AmiParameters.of(AmiAlias.parse(alias), k8s).stream().map(AmiParameters.Parameter::name).toList();
    }

    @Test
    void aliasReadsFamilyAndVersion() {
        AmiAlias alias = AmiAlias.parse("bottlerocket@v1.20.0");
        assertThat(alias.family()).isEqualTo(AmiFamily.BOTTLEROCKET);
        assertThat(alias.version()).isEqualTo("v1.20.0");
        assertThat(alias.latest()).isFalse();
        assertThat(AmiAlias.parse("al2023@latest").latest()).isTrue();
    }

    @Test
    void aliasWithoutVersionOrWithUnknownFamilyIsRefusedByName() {
        assertThatThrownBy(() -> AmiAlias.parse("al2023")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'al2023'").hasMessageContaining("family@version");
        assertThatThrownBy(() -> AmiAlias.parse("ubuntu@latest")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'ubuntu@latest'").hasMessageContaining("al2023");
        assertThatThrownBy(() -> AmiAlias.parse("custom@latest")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void windowsTakesLatestOnly() {
        assertThatThrownBy(() -> AmiAlias.parse("windows2022@v20240101")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("latest");
    }

    @Test
    void al2023LatestAsksForTheRecommendedAmiOfEveryArchitectureAndVariant() {
        assertThat(names("al2023@latest", "1.31")).containsExactly(
                "/aws/service/eks/optimized-ami/1.31/amazon-linux-2023/x86_64/standard/recommended/image_id",
                "/aws/service/eks/optimized-ami/1.31/amazon-linux-2023/x86_64/nvidia/recommended/image_id",
                "/aws/service/eks/optimized-ami/1.31/amazon-linux-2023/x86_64/neuron/recommended/image_id",
                "/aws/service/eks/optimized-ami/1.31/amazon-linux-2023/arm64/standard/recommended/image_id",
                "/aws/service/eks/optimized-ami/1.31/amazon-linux-2023/arm64/nvidia/recommended/image_id");
    }

    @Test
    void al2023PinnedNamesTheRelease() {
        assertThat(names("al2023@v20240807", "1.30")).first().isEqualTo(
                "/aws/service/eks/optimized-ami/1.30/amazon-linux-2023/x86_64/standard/amazon-eks-node-al2023-x86_64-standard-1.30-v20240807/image_id");
    }

    @Test
    void al2PathsPerArchitectureAndGpu() {
        assertThat(names("al2@v20240807", "1.30")).containsExactly(
                "/aws/service/eks/optimized-ami/1.30/amazon-linux-2/amazon-eks-node-1.30-v20240807/image_id",
                "/aws/service/eks/optimized-ami/1.30/amazon-linux-2-arm64/amazon-eks-arm64-node-1.30-v20240807/image_id",
                "/aws/service/eks/optimized-ami/1.30/amazon-linux-2-gpu/amazon-eks-gpu-node-1.30-v20240807/image_id");
    }

    @Test
    void al2EndsAtKubernetes132() {
        assertThatThrownBy(() -> names("al2@latest", "1.33")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("al2@latest").hasMessageContaining("1.32");
    }

    @Test
    void bottlerocketDropsTheLeadingVAndHasNvidiaFlavours() {
        assertThat(names("bottlerocket@v1.20.0", "1.31")).containsExactly(
                "/aws/service/bottlerocket/aws-k8s-1.31/x86_64/1.20.0/image_id",
                "/aws/service/bottlerocket/aws-k8s-1.31/arm64/1.20.0/image_id",
                "/aws/service/bottlerocket/aws-k8s-1.31-nvidia/x86_64/1.20.0/image_id",
                "/aws/service/bottlerocket/aws-k8s-1.31-nvidia/arm64/1.20.0/image_id");
        assertThat(names("bottlerocket@latest", "1.31")).first().isEqualTo("/aws/service/bottlerocket/aws-k8s-1.31/x86_64/latest/image_id");
    }

    @Test
    void windowsUsesTheCoreEksOptimizedImageOnAmd64() {
        var parameters = AmiParameters.of(AmiAlias.parse("windows2022@latest"), "1.31");
        assertThat(parameters).singleElement().satisfies(p -> {
            assertThat(p.name()).isEqualTo("/aws/service/ami-windows-latest/Windows_Server-2022-English-Core-EKS_Optimized-1.31/image_id");
            assertThat(p.architecture()).isEqualTo("amd64");
        });
        assertThatThrownBy(() -> names("windows2025@latest", "1.34")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("1.35");
        assertThat(names("windows2025@latest", "1.35")).hasSize(1);
    }

    @Test
    void architecturesAreKubernetesNames() {
        assertThat(AmiParameters.of(AmiAlias.parse("al2023@latest"), "1.31")).extracting(AmiParameters.Parameter::architecture)
                .containsExactly("amd64", "amd64", "amd64", "arm64", "arm64");
    }


    @Test
    void malformedKubernetesVersionIsRefused() {
        assertThatThrownBy(() -> names("al2023@latest", "v1.31")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'v1.31'");
    }
}
