package dev.jig.webhook.admission;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.jig.api.tenancy.PrincipalName;
import java.util.List;

/**
 * One admission request as the rules see it: what is being done ({@code operation}), to which
 * resource ({@code group/resource/subResource}, e.g. {@code ""/pods/binding}), where, by whom, and
 * the objects as raw JSON. Raw JSON, not a typed model, so that no field the API server sends is
 * invisible to a rule, and so that the compiler's Karpenter rules and content hash (which take
 * {@link JsonNode}) see exactly the admitted object.
 *
 * @param object the new object ({@link MissingNode} for DELETE)
 * @param oldObject the stored object on UPDATE and DELETE, else {@link MissingNode}
 */
public record AdmissionInput(
        String uid,
        Operation operation,
        String group,
        String kind,
        String resource,
        String subResource,
        String namespace,
        String name,
        Principal user,
        JsonNode object,
        JsonNode oldObject) {

    /** The requesting user: name and groups, as the API server authenticated them. */
    public record Principal(String username, List<String> groups) {
        public Principal {
            username = username == null ? "" : username;
            groups = groups == null ? List.of() : List.copyOf(groups);
        }

        /**
         * Whether the user is one of the listed principals, each typed as {@link PrincipalName} reads it: a
         * service account or {@code user:} entry matches the user name only, a {@code group:} entry one of the
         * groups only, so a group named like a service account is never taken for it (nor a user for a group).
         */
        public boolean isAnyOf(List<String> principals) {
            return PrincipalName.anyMatches(principals, username, groups);
        }
    }

    public AdmissionInput {
        group = group == null ? "" : group;
        subResource = subResource == null ? "" : subResource;
        namespace = namespace == null ? "" : namespace;
        name = name == null ? "" : name;
        object = object == null ? MissingNode.getInstance() : object;
        oldObject = oldObject == null ? MissingNode.getInstance() : oldObject;
    }

    /** {@code resource} or {@code resource/subResource}, the way webhook rules name it. */
    public String resourcePath() {
        return subResource.isEmpty() ? resource : resource + "/" + subResource;
    }
}
