package dev.jig.webhook.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.diag.Rule;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.webhook.admission.AdmissionInput;
import dev.jig.webhook.admission.AdmissionInput.Principal;
import dev.jig.webhook.admission.Operation;
import dev.jig.webhook.testing.Catalogue.Case;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * NodeClaims ({@code karpenter.sh/v1}): Karpenter copies a claim's labels, the node key among them, and its taints onto
 * the Node it registers, so only the node labellers and the label admins (of {@link PoolWorld}'s tenancy) may create
 * a claim or change its labels or spec; status and metadata updates by anyone pass.
 */
public final class NodeClaimClasses {

    static final String NODE_KEY = WellKnownLabels.NODE_TENANT;

    private NodeClaimClasses() {
    }

    /** A claim of the given tenant's pool, as Karpenter creates it. */
    public static ObjectNode claim(String name, String tenant) {
        ObjectNode c = Acme.JSON.createObjectNode().put("apiVersion", "karpenter.sh/v1").put("kind", "NodeClaim");
        ObjectNode labels = c.putObject("metadata").put("name", name).putObject("labels");
        labels.put("karpenter.sh/nodepool", tenant + "-web").put(NODE_KEY, tenant).put("jig.dev/tenant", tenant);
        ObjectNode spec = c.putObject("spec");
        spec.putArray("taints").addObject().put("key", "jig.dev/tenant").put("value", tenant).put("effect", "NoSchedule");
        spec.putObject("nodeClassRef").put("group", "karpenter.k8s.aws").put("kind", "EC2NodeClass").put("name", tenant + "-al2023");
        spec.putArray("requirements").addObject().put("key", "kubernetes.io/arch").put("operator", "In").putArray("values").add("amd64");
        return c;
    }

    public static AdmissionInput request(Operation op, JsonNode claim, JsonNode old, Principal user) {
        return new AdmissionInput(UUID.randomUUID().toString(), op, "karpenter.sh", "NodeClaim", "nodeclaims", "", "",
                claim.path("metadata").path("name").asText(), user, claim, old);
    }

    private static ObjectNode with(ObjectNode claim, String pointer, String field, String value) {
        ObjectNode copy = claim.deepCopy();
        ((ObjectNode) copy.at(pointer)).put(field, value);
        return copy;
    }

    public static List<Case> writers() {
        ObjectNode alpha = claim("alpha-web-x7k2p", "alpha");
        ObjectNode asBeta = with(alpha, "/metadata/labels", NODE_KEY, "beta");
        ObjectNode status = alpha.deepCopy();
        status.putObject("status").put("providerID", "aws:///us-east-1a/i-0abc").put("nodeName", "ip-10-0-1-7.ec2.internal");
        ObjectNode finalized = alpha.deepCopy();
        ((ObjectNode) finalized.get("metadata")).putArray("finalizers").add("karpenter.sh/termination");
        ObjectNode untainted = alpha.deepCopy();
        ((ObjectNode) untainted.get("spec")).remove("taints");
        List<Case> c = new ArrayList<>();
        c.add(new Case("a developer creates a NodeClaim carrying another tenant's node key",
                request(Operation.CREATE, claim("beta-web-evil", "beta"), null, Requests.DEVELOPER), Rule.NODECLAIM_NOT_ALLOWED));
        c.add(new Case("a developer creates a NodeClaim of its own tenant", request(Operation.CREATE, alpha, null, Requests.DEVELOPER),
                Rule.NODECLAIM_NOT_ALLOWED));
        c.add(new Case("a group named like the controller's service account creates a NodeClaim",
                request(Operation.CREATE, alpha, null, PodClasses.GROUP_NAMED_LIKE_CONTROLLER), Rule.NODECLAIM_NOT_ALLOWED));
        c.add(new Case("a developer relabels a NodeClaim to another tenant's node key",
                request(Operation.UPDATE, asBeta, alpha, Requests.DEVELOPER), Rule.NODECLAIM_NOT_ALLOWED));
        c.add(new Case("a developer removes a NodeClaim's isolation taint", request(Operation.UPDATE, untainted, alpha, Requests.DEVELOPER),
                Rule.NODECLAIM_NOT_ALLOWED));
        c.add(new Case("a developer re-points a NodeClaim's nodeClassRef",
                request(Operation.UPDATE, with(alpha, "/spec/nodeClassRef", "name", "beta-al2023"), alpha, Requests.DEVELOPER),
                Rule.NODECLAIM_NOT_ALLOWED));
        c.add(new Case("a developer adds a label to a NodeClaim", request(Operation.UPDATE, with(alpha, "/metadata/labels", "team", "x"), alpha,
                Requests.DEVELOPER), Rule.NODECLAIM_NOT_ALLOWED));
        c.add(new Case("Jig's controller creates a NodeClaim", request(Operation.CREATE, alpha, null, PodClasses.CONTROLLER), null));
        c.add(new Case("Karpenter creates a NodeClaim", request(Operation.CREATE, claim("beta-web-q9z1m", "beta"), null, Requests.KARPENTER), null));
        c.add(new Case("Karpenter writes a NodeClaim's labels", request(Operation.UPDATE, asBeta, alpha, Requests.KARPENTER), null));
        c.add(new Case("the GitOps label admin creates a NodeClaim", request(Operation.CREATE, alpha, null, Requests.GITOPS), null));
        c.add(new Case("a developer's status-only update of a NodeClaim", request(Operation.UPDATE, status, alpha, Requests.DEVELOPER), null));
        c.add(new Case("a developer adds a finalizer to a NodeClaim", request(Operation.UPDATE, finalized, alpha, Requests.DEVELOPER), null));
        return c;
    }
}
