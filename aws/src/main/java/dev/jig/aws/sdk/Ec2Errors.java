package dev.jig.aws.sdk;

import dev.jig.controller.cloud.CloudOperationException;
import java.util.Set;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;

/**
 * Maps AWS SDK failures to the cloud port's {@link CloudOperationException}: throttling, server
 * errors and client-side I/O failures are transient; everything else (a missing permission, an
 * invalid parameter) is permanent, because repeating the same request fails the same way. The
 * message names the action and EC2's error code and message, never a stack trace.
 */
public final class Ec2Errors {

    /** EC2's codes for launches that found no capacity (Karpenter's {@code isUnfulfillableCapacity} and friends). */
    public static final Set<String> CAPACITY_CODES = Set.of("InsufficientInstanceCapacity", "InsufficientHostCapacity",
            "InsufficientReservedInstanceCapacity", "InsufficientCapacity", "MaxSpotInstanceCountExceeded",
            "UnfulfillableCapacity", "Unsupported", "InsufficientFreeAddressesInSubnet", "SpotMaxPriceTooLow",
            "VcpuLimitExceeded", "ReservationCapacityExceeded");

    private static final Set<String> THROTTLING = Set.of("RequestLimitExceeded", "Throttling", "ThrottlingException",
            "RequestThrottled", "ServiceUnavailable", "Unavailable", "InternalError", "InternalFailure");

    private Ec2Errors() {
    }

    /** The error code of an AWS service error, or null. */
    public static String code(SdkException e) {
        return e instanceof AwsServiceException ase && ase.awsErrorDetails() != null ? ase.awsErrorDetails().errorCode() : null;
    }

    /** Whether {@code code} says a resource is unknown ({@code InvalidInstanceID.NotFound} and the like). */
    public static boolean notFound(String code) {
        return code != null && (code.endsWith(".NotFound") || code.endsWith("NotFoundException") || code.endsWith(".Malformed"));
    }

    /** The port error for {@code e}, raised by {@code action}. */
    public static CloudOperationException map(String action, SdkException e) {
        if (e instanceof AwsServiceException ase) {
            String code = code(e);
            String message = ase.awsErrorDetails() != null && ase.awsErrorDetails().errorMessage() != null
                    ? ase.awsErrorDetails().errorMessage() : ase.getMessage();
            boolean retryable = ase.statusCode() >= 500 || ase.isThrottlingException() || THROTTLING.contains(code);
            return new CloudOperationException("EC2 " + action + " failed: " + code + ": " + message, retryable, e);
        }
        if (e instanceof SdkClientException) {
            return CloudOperationException.transientFailure("EC2 " + action + " could not be reached: " + e.getMessage(), e);
        }
        return CloudOperationException.transientFailure("EC2 " + action + " failed: " + e.getMessage(), e);
    }
}
