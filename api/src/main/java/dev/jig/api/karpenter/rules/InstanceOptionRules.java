package dev.jig.api.karpenter.rules;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Set;

/**
 * Launch options of an EC2NodeClass: instance metadata service options (IMDS), CPU options and
 * the placement group selector (a name or an id, not both).
 */
final class InstanceOptionRules {

    static final List<String> ENABLED_DISABLED = List.of("enabled", "disabled");
    static final List<String> HTTP_TOKENS = List.of("required", "optional");
    private static final Set<String> METADATA_OPTIONS =
            Set.of("httpEndpoint", "httpProtocolIPv6", "httpPutResponseHopLimit", "httpTokens");
    private static final Set<String> CPU_OPTIONS = Set.of("nestedVirtualization");
    private static final Set<String> PLACEMENT_GROUP = Set.of("id", "name");

    private InstanceOptionRules() {
    }

    static void check(ObjectNode spec, Pointer at, Checks checks) {
        ObjectNode metadata = checks.object(spec, at, "metadataOptions");
        if (metadata != null) {
            Pointer m = at.child("metadataOptions");
            checks.closed(metadata, m, METADATA_OPTIONS);
            checks.oneOf(metadata, m, "httpEndpoint", ENABLED_DISABLED);
            checks.oneOf(metadata, m, "httpProtocolIPv6", ENABLED_DISABLED);
            checks.integer(metadata, m, "httpPutResponseHopLimit", 1, 64);
            checks.oneOf(metadata, m, "httpTokens", HTTP_TOKENS);
        }
        ObjectNode cpu = checks.object(spec, at, "cpuOptions");
        if (cpu != null) {
            checks.closed(cpu, at.child("cpuOptions"), CPU_OPTIONS);
            checks.oneOf(cpu, at.child("cpuOptions"), "nestedVirtualization", ENABLED_DISABLED);
        }
        ObjectNode placement = checks.object(spec, at, "placementGroupSelector");
        if (placement != null) {
            placementGroup(placement, at.child("placementGroupSelector"), checks);
        }
    }

    private static void placementGroup(ObjectNode selector, Pointer at, Checks checks) {
        checks.closed(selector, at, PLACEMENT_GROUP);
        checks.string(selector, at, "id", CrdPattern.PLACEMENT_GROUP_ID);
        String name = checks.string(selector, at, "name");
        if (name != null) {
            checks.minLength(name, at.child("name"), 1);
        }
        boolean hasName = Checks.has(selector, "name");
        boolean hasId = Checks.has(selector, "id");
        if (!hasName && !hasId) {
            checks.cel(at, CelRule.PLACEMENT_GROUP_NEEDS_FIELD);
        }
        if (hasName && hasId) {
            checks.cel(at, CelRule.PLACEMENT_GROUP_EXCLUSIVE);
        }
    }
}
