package dev.jig.api.karpenter.model;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * The four selector term lists of an EC2NodeClass's {@code spec}, typed: which AMIs, subnets, security groups and
 * capacity reservations the node class's nodes use. The CRD rules check them; the cloud provider resolves them.
 * A list the spec does not set is empty, and items that are not JSON objects are left out (the CRD rules reject them).
 */
public record NodeClassSelectors(List<SelectorTerm> amis, List<SelectorTerm> subnets,
                                 List<SelectorTerm> securityGroups, List<SelectorTerm> capacityReservations) {

    public static final NodeClassSelectors NONE = new NodeClassSelectors(List.of(), List.of(), List.of(), List.of());

    public NodeClassSelectors {
        amis = List.copyOf(amis);
        subnets = List.copyOf(subnets);
        securityGroups = List.copyOf(securityGroups);
        capacityReservations = List.copyOf(capacityReservations);
    }

    /** Reads the lists from an EC2NodeClass {@code spec}. */
    public static NodeClassSelectors read(JsonNode spec) {
        return new NodeClassSelectors(terms(spec.get("amiSelectorTerms")), terms(spec.get("subnetSelectorTerms")),
                terms(spec.get("securityGroupSelectorTerms")), terms(spec.get("capacityReservationSelectorTerms")));
    }

    /** The object items of a selector term list; empty when {@code list} is absent or not an array. */
    public static List<SelectorTerm> terms(JsonNode list) {
        List<SelectorTerm> out = new ArrayList<>();
        if (list != null && list.isArray()) {
            for (JsonNode item : list) {
                if (item.isObject()) {
                    out.add(SelectorTerm.read(item));
                }
            }
        }
        return out;
    }
}
