package dev.jig.api.karpenter.model;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * One term of an EC2NodeClass's {@code amiSelectorTerms}, {@code subnetSelectorTerms},
 * {@code securityGroupSelectorTerms} or {@code capacityReservationSelectorTerms}, read once from its JSON. A term
 * selects the EC2 resources that match all it sets; a list of terms selects what matches any of them. Each list
 * allows only some fields (the CRD rules in {@code dev.jig.api.karpenter.rules} say which); the others stay null.
 *
 * @param fields               the fields the term sets (present and not null), whatever their type: what CEL's
 *                             {@code has()} sees, so the CRD rules can ask {@link #has} and agree with the API server
 *                             even on a malformed term
 * @param tags                 tag key to value ({@code *} matches any value); the string values only, empty when unset
 * @param id                   the resource id: {@code subnet-…}, {@code sg-…}, {@code ami-…} or {@code cr-…}
 * @param name                 a security group's or an AMI's name
 * @param alias                an AMI alias, {@code family@version} ({@code al2023@latest})
 * @param owner                an AMI's owner: an account id, {@code self} or {@code amazon}
 * @param ssmParameter         an SSM parameter that holds an AMI id
 * @param ownerId              a capacity reservation's owning account ({@code ownerID} in the CRD)
 * @param instanceMatchCriteria a capacity reservation's match criteria: {@code open} or {@code targeted}
 */
public record SelectorTerm(Set<String> fields, Map<String, String> tags, String id, String name, String alias,
                           String owner, String ssmParameter, String ownerId, String instanceMatchCriteria) {

    public static final String TAGS = "tags";
    public static final String ID = "id";
    public static final String NAME = "name";
    public static final String ALIAS = "alias";
    public static final String OWNER = "owner";
    public static final String SSM_PARAMETER = "ssmParameter";
    public static final String OWNER_ID = "ownerID";
    public static final String INSTANCE_MATCH_CRITERIA = "instanceMatchCriteria";

    public SelectorTerm {
        fields = Set.copyOf(fields);
        tags = Map.copyOf(tags);
    }

    /** The term in {@code term}, a JSON object; fields of the wrong type count as set but read as null. */
    public static SelectorTerm read(JsonNode term) {
        Set<String> fields = new LinkedHashSet<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = term.properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!e.getValue().isNull() && !e.getValue().isMissingNode()) {
                fields.add(e.getKey());
            }
        }
        Map<String, String> tags = new LinkedHashMap<>();
        JsonNode t = term.get(TAGS);
        if (t != null && t.isObject()) {
            t.properties().forEach(e -> {
                if (e.getValue().isTextual()) {
                    tags.put(e.getKey(), e.getValue().textValue());
                }
            });
        }
        return new SelectorTerm(fields, tags, text(term, ID), text(term, NAME), text(term, ALIAS), text(term, OWNER),
                text(term, SSM_PARAMETER), text(term, OWNER_ID), text(term, INSTANCE_MATCH_CRITERIA));
    }

    /** CEL's {@code has(term.field)}: whether the term sets {@code field}, to any non-null value. */
    public boolean has(String field) {
        return fields.contains(field);
    }

    private static String text(JsonNode term, String field) {
        JsonNode v = term.get(field);
        return v != null && v.isTextual() ? v.textValue() : null;
    }
}
