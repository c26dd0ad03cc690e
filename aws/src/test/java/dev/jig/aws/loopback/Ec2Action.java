package dev.jig.aws.loopback;

/**
 * One EC2 Query API action of the loopback endpoint: the body of the {@code <ActionResponse>}
 * element (without the request id), or an {@link Ec2Fault}.
 */
@FunctionalInterface
public interface Ec2Action {
    String respond(Params params);
}
