package dev.jig.aws.ami;

import dev.jig.api.ec2.InstanceType;

import java.util.Set;

/**
 * Which instance types an AMI variant may launch, as Karpenter's AMI requirements say: the
 * {@code nvidia} (and AL2's {@code gpu}) AMIs only types with GPUs, the {@code neuron} (and AL2's
 * {@code gpu}) AMIs only types with AWS Neuron accelerators (Inferentia, Trainium), the
 * {@code standard} AMIs only types with neither. An AMI selected by id, name or tags has no variant
 * ({@link #ANY}) and launches every type of its architecture.
 *
 * <p>The bundled catalog has a GPU count but no Neuron count, so a Neuron type is known by its family
 * ({@code inf1}, {@code inf2}, {@code trn1}, {@code trn1n}, {@code trn2}, {@code trn2u}).
 */
public final class AmiVariant {

    /** The variant of an AMI that did not come from an alias. */
    public static final String ANY = "";

    private static final Set<String> NEURON_FAMILIES = Set.of("inf1", "inf2", "trn1", "trn1n", "trn2", "trn2u");

    private AmiVariant() {
    }

    /** Whether an AMI of {@code variant} may launch {@code type}. */
    public static boolean fits(String variant, InstanceType type) {
        boolean gpu = type.gpu().map(g -> g.count() > 0).orElse(false);
        boolean neuron = neuron(type.name());
        return switch (variant) {
            case ANY -> true;
            case "standard" -> !gpu && !neuron;
            case "nvidia" -> gpu;
            case "neuron" -> neuron;
            case "gpu" -> gpu || neuron;
            default -> false;
        };
    }

    /** Whether {@code instanceType} ({@code inf2.xlarge}) has AWS Neuron accelerators. */
    static boolean neuron(String instanceType) {
        int dot = instanceType.indexOf('.');
        return NEURON_FAMILIES.contains(dot < 0 ? instanceType : instanceType.substring(0, dot));
    }
}
