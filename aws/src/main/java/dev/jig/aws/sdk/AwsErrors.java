package dev.jig.aws.sdk;

import dev.jig.controller.cloud.CloudOperationException;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;

import java.util.Set;

/**
 * How the EC2, SSM, IAM, SQS and Pricing adapters read an AWS SDK failure: its error code, whether repeating
 * the call can help (throttling, a server error, a connection failure: transient; anything else, such
 * as a missing permission or an invalid parameter, fails the same way again: permanent) and a
 * one-line message that names the service, the action and AWS's own code and text, never a stack
 * trace.
 */
public final class AwsErrors {

    /** A subnet with no free address left for the instance's network interface. */
    public static final String SUBNET_OUT_OF_ADDRESSES = "InsufficientFreeAddressesInSubnet";

    /** EC2's answer to a client token reused with different parameters. */
    public static final String IDEMPOTENT_PARAMETER_MISMATCH = "IdempotentParameterMismatch";
    /** EC2's codes for launches that found no capacity (Karpenter's {@code isUnfulfillableCapacity} and friends). */
    public static final Set<String> CAPACITY_CODES = Set.of("InsufficientInstanceCapacity", "InsufficientHostCapacity",
            "InsufficientReservedInstanceCapacity", "InsufficientCapacity", "MaxSpotInstanceCountExceeded",
            "UnfulfillableCapacity", "Unsupported", SUBNET_OUT_OF_ADDRESSES, "SpotMaxPriceTooLow",
            "VcpuLimitExceeded", "ReservationCapacityExceeded", "MaxFleetCountExceeded");

    /** The account may not create the spot service-linked role: no spot instance can launch until it exists. */
    public static final String SPOT_ROLE_MISSING = "AuthFailure.ServiceLinkedRoleCreationNotPermitted";

    private static final Set<String> TRANSIENT_CODES = Set.of("Throttling", "ThrottlingException", "RequestLimitExceeded",
            "RequestThrottled", "TooManyRequestsException", "ServiceUnavailable", "Unavailable", "InternalError",
            "InternalFailure", "ServiceFailure");

    private AwsErrors() {
    }

    /** AWS's error code ({@code ParameterNotFound}, {@code NoSuchEntity}), or empty for a client-side failure. */
    public static String code(Throwable e) {
        if (e instanceof AwsServiceException ase && ase.awsErrorDetails() != null && ase.awsErrorDetails().errorCode() != null) {
            return ase.awsErrorDetails().errorCode();
        }
        return "";
    }

    /** Whether {@code code} says a resource is unknown ({@code InvalidInstanceID.NotFound} and the like). */
    public static boolean notFound(String code) {
        return code != null && (code.endsWith(".NotFound") || code.endsWith("NotFoundException") || code.endsWith(".Malformed"));
    }

    /** {@code Code: message} as AWS wrote them, or the client's message when AWS was not reached. */
    public static String describe(SdkException e) {
        if (e instanceof AwsServiceException ase && ase.awsErrorDetails() != null) {
            String message = ase.awsErrorDetails().errorMessage();
            return code(e) + (message == null || message.isBlank() ? "" : ": " + message);
        }
        return e.getMessage();
    }

    /** Whether the same call may succeed later: throttling, a 5xx, or AWS not reached at all. */
    public static boolean isTransient(SdkException e) {
        if (e instanceof AwsServiceException ase) {
            return ase.statusCode() >= 500 || ase.isThrottlingException() || TRANSIENT_CODES.contains(code(e));
        }
        return e instanceof SdkClientException;
    }

    /** The cloud port's error for {@code e}, raised by {@code service}'s {@code action} on {@code subject}. */
    public static CloudOperationException toCloud(String service, String action, String subject, SdkException e) {
        String where = service + " " + action + (subject.isEmpty() ? "" : " (" + subject + ")");
        if (e instanceof AwsServiceException) {
            return new CloudOperationException(where + " failed: " + describe(e), isTransient(e), e);
        }
        return CloudOperationException.transientFailure(where + " could not reach AWS: " + describe(e), e);
    }
}
