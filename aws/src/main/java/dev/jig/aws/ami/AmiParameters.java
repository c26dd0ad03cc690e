package dev.jig.aws.ami;

import dev.jig.api.ec2.AmiFamily;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The public SSM parameters that hold the EKS optimized AMI ids of an alias, per architecture and
 * variant, for one Kubernetes version: the paths Karpenter's amifamily resolvers ask for. A family
 * publishes some variants on some architectures only (AL2023 has no arm64 neuron AMI, Windows no arm64
 * at all); a parameter SSM does not have is simply skipped by the caller.
 */
public final class AmiParameters {

    /** One parameter to ask for: its name, the Kubernetes architecture and the variant of its AMI. */
    public record Parameter(String name, String architecture, String variant) {
    }

    private static final Pattern KUBERNETES_VERSION = Pattern.compile("^1\\.(\\d{1,3})$");

    private AmiParameters() {
    }

    /**
     * The parameters of {@code alias} for Kubernetes {@code kubernetesVersion} ({@code 1.31}).
     *
     * @throws IllegalArgumentException when the version is not {@code 1.<minor>}, or the family does not
     *                                  serve it (AL2 ends at 1.32, Windows Server 2025 starts at 1.35)
     */
    public static List<Parameter> of(AmiAlias alias, String kubernetesVersion) {
        var matcher = KUBERNETES_VERSION.matcher(kubernetesVersion == null ? "" : kubernetesVersion);
        if (!matcher.matches()) {
            throw new IllegalArgumentException("AMI alias '" + alias.text() + "': Kubernetes version '" + kubernetesVersion
                    + "' is not of the form 1.<minor>");
        }
        int minor = Integer.parseInt(matcher.group(1));
        String k8s = kubernetesVersion;
        return switch (alias.family()) {
            case AL2 -> {
                if (minor >= 33) {
                    throw new IllegalArgumentException("AMI alias '" + alias.text() + "': AL2 has no EKS optimized AMIs for Kubernetes "
                            + k8s + " (AL2 ends at 1.32); use al2023 or bottlerocket");
                }
                yield al2(alias, k8s);
            }
            case AL2023 -> al2023(alias, k8s);
            case BOTTLEROCKET -> bottlerocket(alias, k8s);
            case WINDOWS2019, WINDOWS2022, WINDOWS2025 -> {
                if (alias.family() == AmiFamily.WINDOWS2025 && minor < 35) {
                    throw new IllegalArgumentException("AMI alias '" + alias.text() + "': Windows Server 2025 needs Kubernetes 1.35 or later, not "
                            + k8s);
                }
                String year = alias.family().name().substring("WINDOWS".length());
                yield List.of(new Parameter("/aws/service/ami-windows-latest/Windows_Server-" + year + "-English-Core-EKS_Optimized-"
                        + k8s + "/image_id", "amd64", "standard"));
            }
            case CUSTOM -> throw new IllegalArgumentException("AMI alias '" + alias.text() + "': the Custom family has no alias");
        };
    }

    private static List<Parameter> al2(AmiAlias alias, String k8s) {
        return List.of(
                al2Path(alias, k8s, "amazon-linux-2", "amazon-eks-node-", "amd64", "standard"),
                al2Path(alias, k8s, "amazon-linux-2-arm64", "amazon-eks-arm64-node-", "arm64", "standard"),
                al2Path(alias, k8s, "amazon-linux-2-gpu", "amazon-eks-gpu-node-", "amd64", "gpu"));
    }

    private static Parameter al2Path(AmiAlias alias, String k8s, String image, String release, String arch, String variant) {
        String name = alias.latest() ? "recommended" : release + k8s + "-" + alias.version();
        return new Parameter("/aws/service/eks/optimized-ami/" + k8s + "/" + image + "/" + name + "/image_id", arch, variant);
    }

    private static List<Parameter> al2023(AmiAlias alias, String k8s) {
        return List.of(
                al2023Path(alias, k8s, "x86_64", "standard"),
                al2023Path(alias, k8s, "x86_64", "nvidia"),
                al2023Path(alias, k8s, "x86_64", "neuron"),
                al2023Path(alias, k8s, "arm64", "standard"),
                al2023Path(alias, k8s, "arm64", "nvidia"));
    }

    private static Parameter al2023Path(AmiAlias alias, String k8s, String ec2Arch, String variant) {
        String name = alias.latest() ? "recommended"
                : "amazon-eks-node-al2023-" + ec2Arch + "-" + variant + "-" + k8s + "-" + alias.version();
        return new Parameter("/aws/service/eks/optimized-ami/" + k8s + "/amazon-linux-2023/" + ec2Arch + "/" + variant + "/" + name
                + "/image_id", kubernetesArchitecture(ec2Arch), variant);
    }

    private static List<Parameter> bottlerocket(AmiAlias alias, String k8s) {
        // Bottlerocket releases are tagged v1.20.0 on GitHub but published as 1.20.0 in SSM: both are accepted
        String version = alias.latest() ? AmiAlias.LATEST : alias.version().replaceFirst("^v+", "");
        return List.of(
                bottlerocketPath(k8s, "", "x86_64", version, "standard"),
                bottlerocketPath(k8s, "", "arm64", version, "standard"),
                bottlerocketPath(k8s, "-nvidia", "x86_64", version, "nvidia"),
                bottlerocketPath(k8s, "-nvidia", "arm64", version, "nvidia"));
    }

    private static Parameter bottlerocketPath(String k8s, String flavour, String ec2Arch, String version, String variant) {
        return new Parameter("/aws/service/bottlerocket/aws-k8s-" + k8s + flavour + "/" + ec2Arch + "/" + version + "/image_id",
                kubernetesArchitecture(ec2Arch), variant);
    }

    private static String kubernetesArchitecture(String ec2Arch) {
        return ec2Arch.equals("x86_64") ? "amd64" : ec2Arch;
    }
}
