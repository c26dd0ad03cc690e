package dev.jig.aws.instance;

import dev.jig.aws.fleet.Candidate;
import java.util.List;

/**
 * What one CreateFleet call did: the instance it launched with the override that got it (null when
 * none), the overrides that failed for lack of capacity, every other error, as {@code code: message}, and the
 * subnets EC2 said ran out of addresses ({@code InsufficientFreeAddressesInSubnet}, whose overrides are among the
 * capacity failures too, as upstream counts them).
 */
public record LaunchResult(String instanceId, Candidate launched, List<Candidate> outOfCapacity, List<String> errors, List<String> subnetsOutOfAddresses) {

    public LaunchResult {
        outOfCapacity = List.copyOf(outOfCapacity);
        errors = List.copyOf(errors);
        subnetsOutOfAddresses = List.copyOf(subnetsOutOfAddresses);
    }
}
