package dev.jig.aws.instance;

import dev.jig.aws.fleet.Candidate;
import java.util.List;

/**
 * What one CreateFleet call did: the instance it launched with the override that got it (null when
 * none), the overrides that failed for lack of capacity, and every other error, as {@code code: message}.
 */
public record LaunchResult(String instanceId, Candidate launched, List<Candidate> outOfCapacity, List<String> errors) {

    public LaunchResult {
        outOfCapacity = List.copyOf(outOfCapacity);
        errors = List.copyOf(errors);
    }
}
