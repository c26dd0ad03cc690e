package dev.jig.aws.ami;

import dev.jig.controller.cloud.CloudOperationException;

import java.util.List;

/**
 * Resolves an EC2NodeClass {@code amiSelectorTerms[].alias} ({@code al2023@latest},
 * {@code bottlerocket@v1.20.0}) to AMI ids, as Karpenter does: through the public SSM parameters of the
 * AMI family for the cluster's Kubernetes version, one AMI per architecture (and per variant where the
 * family has them, such as Bottlerocket's nvidia one).
 */
public interface AmiAliases {

    /**
     * One AMI an alias resolved to: its id, architecture, variant ({@code standard}, {@code nvidia},
     * {@code neuron}, AL2's {@code gpu}: see {@link AmiVariant}) and the SSM parameter it was read from.
     */
    record AliasAmi(String imageId, String architecture, String variant, String ssmParameter) {
    }

    /**
     * The AMIs {@code alias} names for Kubernetes {@code kubernetesVersion} (such as {@code 1.31}).
     *
     * @throws IllegalArgumentException when the alias cannot be read or names a version SSM does not
     *                                  have; the message names the alias and the parameter tried
     * @throws CloudOperationException  when SSM cannot be asked
     */
    List<AliasAmi> resolve(String alias, String kubernetesVersion);
}
