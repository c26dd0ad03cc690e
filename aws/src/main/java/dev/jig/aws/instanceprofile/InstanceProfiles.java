package dev.jig.aws.instanceprofile;

import dev.jig.controller.cloud.CloudOperationException;

/**
 * The instance profile a node class launches with. {@code spec.instanceProfile} is used as it is;
 * {@code spec.role} gets an instance profile Jig creates once per node class and reuses, as Karpenter
 * does (named from the cluster, region and node class, tagged as owned by the cluster).
 */
public interface InstanceProfiles {

    /**
     * The name of the instance profile for {@code nodeClass} with role {@code role}, created (and the
     * role added to it) when missing. Safe to call on every reconcile: it caches what exists.
     *
     * @throws IllegalStateException   when IAM refuses (a role that does not exist, or no permission);
     *                                 the message names the role and the IAM error
     * @throws CloudOperationException when IAM cannot be asked
     */
    String ensure(String nodeClass, String role);

    /** Deletes the instance profile Jig created for {@code nodeClass}, if any (the node class is gone). */
    void delete(String nodeClass);
}
