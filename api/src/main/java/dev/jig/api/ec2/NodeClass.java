package dev.jig.api.ec2;

import dev.jig.api.karpenter.model.NodeClassSelectors;

/**
 * What an EC2NodeClass decides about the size of a node: the AMI family, the kubelet settings and
 * the volume that holds ephemeral storage; and, for the cloud provider, which AMIs, subnets, security
 * groups and capacity reservations its nodes use.
 *
 * @param ephemeralBytes size of the ephemeral-storage volume from the block device mappings, or 0
 *                       for the AMI family default
 * @param raid0          {@code instanceStorePolicy: RAID0}: local NVMe, when the type has it, is the
 *                       ephemeral storage
 * @param selectors      the selector terms, typed; {@link NodeClassSelectors#NONE} where only sizing matters
 * @param launch         role, tags, user data, metadata options and block devices: what only a cloud provider reads.
 *                       Here rather than read by the provider from the API, so that the provider launches exactly the
 *                       node class the scheduler planned with, and a change to it is a change to the node class (drift)
 */
public record NodeClass(String name, AmiFamily amiFamily, Kubelet kubelet, long ephemeralBytes, boolean raid0,
                        NodeClassSelectors selectors, LaunchSettings launch) {

    /** A node class with Karpenter's default launch settings. */
    public NodeClass(String name, AmiFamily amiFamily, Kubelet kubelet, long ephemeralBytes, boolean raid0, NodeClassSelectors selectors) {
        this(name, amiFamily, kubelet, ephemeralBytes, raid0, selectors, LaunchSettings.NONE);
    }

    /** A node class for sizing only, without selector terms. */
    public NodeClass(String name, AmiFamily amiFamily, Kubelet kubelet, long ephemeralBytes, boolean raid0) {
        this(name, amiFamily, kubelet, ephemeralBytes, raid0, NodeClassSelectors.NONE);
    }

    public static NodeClass al2023(String name) {
        return new NodeClass(name, AmiFamily.AL2023, Kubelet.DEFAULT, 0, false);
    }
}
