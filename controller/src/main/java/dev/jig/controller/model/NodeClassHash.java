package dev.jig.controller.model;

import dev.jig.api.ec2.LaunchSettings;
import dev.jig.api.ec2.NodeClass;
import dev.jig.api.karpenter.Annotations;
import java.util.Map;
import java.util.TreeMap;

/**
 * The hash of an EC2NodeClass's static fields, stamped on each NodeClaim at creation
 * ({@code karpenter.k8s.aws/ec2nodeclass-hash}, as the AWS provider stamps it), so that changing user data, tags,
 * block devices, metadata options, the kubelet, the role or instance profile, the AMI family or the instance store
 * policy rolls the nodes (static drift, {@code NodeClassDrift}), also after a restart of the controller. The
 * selector terms are left out: what they resolve to (AMIs, subnets, security groups) drifts by the provider's own
 * checks, against the instance. A NodeClaim without the hash, or with one of another version, has not drifted by
 * this rule. Jig's own value, in the form of {@link NodePoolHash}; {@link #VERSION} keeps it apart from Karpenter's.
 */
public final class NodeClassHash {

    /** The value of {@link Annotations#EC2NODECLASS_HASH_VERSION} beside a hash computed here. */
    public static final String VERSION = "jig-v1";

    private NodeClassHash() {
    }

    public static String of(NodeClass nc) {
        StringBuilder s = new StringBuilder();
        NodePoolHash.field(s, "amiFamily", nc.amiFamily() == null ? null : nc.amiFamily().name());
        NodePoolHash.field(s, "kubelet", nc.kubelet() == null ? null : nc.kubelet().toString());
        NodePoolHash.field(s, "ephemeralBytes", nc.ephemeralBytes() == 0 ? null : Long.toString(nc.ephemeralBytes()));
        NodePoolHash.field(s, "instanceStorePolicy", nc.raid0() ? "RAID0" : null);
        LaunchSettings l = nc.launch();
        if (l != null) {
            NodePoolHash.field(s, "role", l.role());
            NodePoolHash.field(s, "instanceProfile", l.instanceProfile());
            NodePoolHash.field(s, "tags", new TreeMap<>(l.tags()).toString());
            NodePoolHash.field(s, "userData", l.userData());
            NodePoolHash.field(s, "metadataOptions", l.metadata() == null ? null : l.metadata().toString());
            NodePoolHash.field(s, "blockDeviceMappings", l.blockDevices().toString());
            NodePoolHash.field(s, "associatePublicIPAddress", l.associatePublicIp() == null ? null : l.associatePublicIp().toString());
            NodePoolHash.field(s, "detailedMonitoring", l.detailedMonitoring() ? "true" : null);
        }
        return NodePoolHash.digest(s.toString());
    }

    /** The annotations a NodeClaim launched with {@code nodeClass} carries: the hash and its version. */
    public static Map<String, String> annotations(NodeClass nodeClass) {
        return Map.of(Annotations.EC2NODECLASS_HASH, of(nodeClass), Annotations.EC2NODECLASS_HASH_VERSION, VERSION);
    }

    /** Whether {@code claim} was launched with other static fields than {@code nodeClass} has today. */
    public static boolean drifted(NodeClass nodeClass, NodeClaim claim) {
        String hash = claim.annotations().get(Annotations.EC2NODECLASS_HASH);
        String version = claim.annotations().get(Annotations.EC2NODECLASS_HASH_VERSION);
        if (hash == null || !VERSION.equals(version)) return false;
        return !hash.equals(of(nodeClass));
    }
}
