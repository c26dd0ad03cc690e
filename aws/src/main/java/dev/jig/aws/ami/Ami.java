package dev.jig.aws.ami;

/**
 * An AMI a node class launches: its id, name (empty when it came from an alias), architecture in
 * Kubernetes' words ({@code amd64}, {@code arm64}) and creation date (ISO-8601, empty when unknown).
 */
public record Ami(String id, String name, String architecture, String creationDate) {

    /** EC2's architecture name in Kubernetes' words. */
    public static String kubernetesArchitecture(String ec2) {
        return switch (ec2) {
            case "x86_64", "amd64" -> "amd64";
            case "arm64", "aarch64" -> "arm64";
            default -> ec2;
        };
    }
}
