package dev.jig.aws.ami;

/**
 * An AMI a node class launches: its id, name (empty when it came from an alias), architecture in
 * Kubernetes' words ({@code amd64}, {@code arm64}), creation date (ISO-8601, empty when unknown) and
 * variant ({@link AmiVariant}: {@code standard}, {@code nvidia}, {@code neuron}, {@code gpu} from an
 * alias; {@link AmiVariant#ANY} otherwise).
 */
public record Ami(String id, String name, String architecture, String creationDate, String variant) {

    /** Whether this AMI may launch {@code type}: same architecture, and a variant that fits it. */
    public boolean launches(dev.jig.api.ec2.InstanceType type) {
        return architecture.equals(type.architecture()) && AmiVariant.fits(variant, type);
    }

    /** EC2's architecture name in Kubernetes' words. */
    public static String kubernetesArchitecture(String ec2) {
        return switch (ec2) {
            case "x86_64", "amd64" -> "amd64";
            case "arm64", "aarch64" -> "arm64";
            default -> ec2;
        };
    }
}
