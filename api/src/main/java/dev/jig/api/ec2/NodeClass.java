package dev.jig.api.ec2;

/**
 * What an EC2NodeClass decides about the size of a node: the AMI family, the kubelet settings and
 * the volume that holds ephemeral storage.
 *
 * @param ephemeralBytes size of the ephemeral-storage volume from the block device mappings, or 0
 *                       for the AMI family default
 * @param raid0          {@code instanceStorePolicy: RAID0}: local NVMe, when the type has it, is the
 *                       ephemeral storage
 */
public record NodeClass(String name, AmiFamily amiFamily, Kubelet kubelet, long ephemeralBytes, boolean raid0) {

    public static NodeClass al2023(String name) {
        return new NodeClass(name, AmiFamily.AL2023, Kubelet.DEFAULT, 0, false);
    }
}
