package dev.jig.aws.preflight;

import java.util.List;
import java.util.Optional;

/**
 * The IAM and SQS questions {@code aws-preflight} asks beside EC2's, all reads ({@link SdkPreflightApis} over the SDK).
 * Each throws {@link dev.jig.controller.cloud.CloudOperationException} when AWS refuses or cannot be reached.
 */
public interface PreflightApis {

    /** Whether the IAM role {@code name} exists (iam:GetRole). */
    boolean roleExists(String name);

    /** The roles of the instance profile {@code name}; empty when there is no such profile (iam:GetInstanceProfile). */
    Optional<List<String>> instanceProfileRoles(String name);

    /** The access policy of the SQS queue {@code name} ("" when it has none); empty when there is no such queue. */
    Optional<String> queuePolicy(String name);
}
