package dev.jig.aws.instance;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * An EC2 instance as DescribeInstances shows it, in Jig's words: capacity type {@code spot} or
 * {@code on-demand}, state name ({@code pending}, {@code running}, {@code shutting-down}, …).
 */
public record Ec2Instance(String id, String instanceType, String zone, String capacityType, String imageId, String subnetId,
                          List<String> securityGroupIds, Instant launchTime, String state, Map<String, String> tags) {

    public Ec2Instance {
        securityGroupIds = List.copyOf(securityGroupIds);
        tags = Map.copyOf(tags);
    }

    public boolean terminated() {
        return state.equals("terminated");
    }

    /** Whether termination has started: {@code shutting-down} or {@code terminated}. TerminateInstances would change nothing. */
    public boolean terminating() {
        return state.equals("shutting-down") || terminated();
    }

    /** This instance in {@code newState}. */
    public Ec2Instance withState(String newState) {
        return new Ec2Instance(id, instanceType, zone, capacityType, imageId, subnetId, securityGroupIds, launchTime, newState, tags);
    }
}
