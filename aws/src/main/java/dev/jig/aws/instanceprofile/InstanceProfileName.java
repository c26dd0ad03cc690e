package dev.jig.aws.instanceprofile;

import dev.jig.api.karpenter.TagKeys;
import dev.jig.api.karpenter.WellKnownLabels;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The name and tags of the instance profile Jig manages for a node class's role, as Karpenter names
 * it: {@code <cluster>_<hash>}, the hash being the 64-bit FNV-1 of region and node class name (Go's
 * {@code hashstructure} v2 of that string, printed unsigned). The name is stable across restarts, so
 * the profile is found again rather than created twice, and is unique per region, so one cluster name
 * in two regions does not share a global IAM name.
 */
public final class InstanceProfileName {

    private static final long FNV_OFFSET = 0xcbf29ce484222325L;
    private static final long FNV_PRIME = 0x100000001b3L;

    private InstanceProfileName() {
    }

    /** The profile name for {@code nodeClass} of {@code cluster} in {@code region}. */
    public static String of(String cluster, String region, String nodeClass) {
        return cluster + "_" + Long.toUnsignedString(fnv1(region + nodeClass));
    }

    /** The tags the profile is created with: owned by the cluster, naming node class and region. */
    public static Map<String, String> tags(String cluster, String region, String nodeClass) {
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put(TagKeys.KUBERNETES_CLUSTER_PREFIX + "/" + cluster, "owned");
        tags.put(TagKeys.EKS_CLUSTER_NAME, cluster);
        tags.put(WellKnownLabels.EC2NODECLASS, nodeClass);
        tags.put(WellKnownLabels.REGION, region);
        return tags;
    }

    /** The role name IAM's AddRoleToInstanceProfile takes: a role given with its path loses the path. */
    public static String roleName(String role) {
        return role.substring(role.lastIndexOf('/') + 1);
    }

    static long fnv1(String text) {
        long hash = FNV_OFFSET;
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            hash *= FNV_PRIME;
            hash ^= b & 0xff;
        }
        return hash;
    }
}
