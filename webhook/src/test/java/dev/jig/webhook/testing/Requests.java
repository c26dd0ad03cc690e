package dev.jig.webhook.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.webhook.admission.AdmissionInput.Principal;
import dev.jig.webhook.admission.AdmissionInput;
import dev.jig.webhook.admission.Operation;
import java.util.List;
import java.util.UUID;

/** AdmissionInputs and real AdmissionReview v1 JSON bodies for the same requests. */
public final class Requests {

    public static final Principal DEVELOPER = new Principal("jane@acme.example", List.of("system:authenticated", "payments-devs"));
    public static final Principal GITOPS = new Principal("system:serviceaccount:argocd:argocd-application-controller",
            List.of("system:serviceaccounts", "system:serviceaccounts:argocd", "system:authenticated"));
    public static final Principal KARPENTER = new Principal("system:serviceaccount:kube-system:karpenter",
            List.of("system:serviceaccounts", "system:serviceaccounts:kube-system", "system:authenticated"));
    public static final Principal SCHEDULER = new Principal("system:kube-scheduler", List.of("system:authenticated"));

    private Requests() {
    }

    public static AdmissionInput pod(Operation op, JsonNode pod, JsonNode old) {
        return new AdmissionInput(UUID.randomUUID().toString(), op, "", "Pod", "pods", "", pod.path("metadata").path("namespace").asText(),
                pod.path("metadata").path("name").asText(), DEVELOPER, pod, old);
    }

    public static AdmissionInput binding(String namespace, String pod, String node) {
        ObjectNode b = Acme.JSON.createObjectNode().put("apiVersion", "v1").put("kind", "Binding");
        b.putObject("metadata").put("name", pod).put("namespace", namespace);
        b.putObject("target").put("apiVersion", "v1").put("kind", "Node").put("name", node);
        return new AdmissionInput(UUID.randomUUID().toString(), Operation.CREATE, "", "Binding", "pods", "binding", namespace, pod, SCHEDULER, b, null);
    }

    /** The legacy {@code POST /api/v1/namespaces/{ns}/bindings}: the same Binding, resource {@code bindings}, no subresource. */
    public static AdmissionInput legacyBinding(String namespace, String pod, String node) {
        AdmissionInput b = binding(namespace, pod, node);
        return new AdmissionInput(b.uid(), Operation.CREATE, "", "Binding", "bindings", "", namespace, pod, SCHEDULER, b.object(), null);
    }

    public static AdmissionInput ephemeral(JsonNode pod, JsonNode old) {
        return new AdmissionInput(UUID.randomUUID().toString(), Operation.UPDATE, "", "Pod", "pods", "ephemeralcontainers",
                pod.path("metadata").path("namespace").asText(), pod.path("metadata").path("name").asText(), DEVELOPER, pod, old);
    }

    public static AdmissionInput namespace(Operation op, JsonNode ns, JsonNode old, Principal user) {
        return new AdmissionInput(UUID.randomUUID().toString(), op, "", "Namespace", "namespaces", "", "",
                ns.path("metadata").path("name").asText(), user, ns, old);
    }

    public static AdmissionInput pool(Operation op, JsonNode pool, JsonNode old) {
        boolean nodePool = pool.path("kind").asText().equals("NodePool");
        return new AdmissionInput(UUID.randomUUID().toString(), op, nodePool ? "karpenter.sh" : "karpenter.k8s.aws",
                pool.path("kind").asText(), nodePool ? "nodepools" : "ec2nodeclasses", "", "", pool.path("metadata").path("name").asText(),
                GITOPS, pool, old);
    }

    public static AdmissionInput pool(Operation op, JsonNode pool, JsonNode old, Principal user) {
        AdmissionInput in = pool(op, pool, old);
        return new AdmissionInput(in.uid(), op, in.group(), in.kind(), in.resource(), "", "", in.name(), user, pool, old);
    }

    public static ObjectNode namespaceObject(String name, String tenantLabel) {
        ObjectNode ns = Acme.JSON.createObjectNode().put("apiVersion", "v1").put("kind", "Namespace");
        ObjectNode labels = ns.putObject("metadata").put("name", name).putObject("labels");
        labels.put("kubernetes.io/metadata.name", name);
        if (tenantLabel != null) labels.put("jig.dev/tenant", tenantLabel);
        return ns;
    }

    /** The AdmissionReview v1 JSON the API server would post for the input. */
    public static String review(AdmissionInput in) {
        ObjectNode review = Acme.JSON.createObjectNode().put("apiVersion", "admission.k8s.io/v1").put("kind", "AdmissionReview");
        ObjectNode r = review.putObject("request");
        r.put("uid", in.uid());
        String version = "v1";
        r.putObject("kind").put("group", in.group()).put("version", version).put("kind", in.kind());
        r.putObject("resource").put("group", in.group()).put("version", version).put("resource", in.resource());
        if (!in.subResource().isEmpty()) r.put("subResource", in.subResource());
        r.putObject("requestKind").put("group", in.group()).put("version", version).put("kind", in.kind());
        r.putObject("requestResource").put("group", in.group()).put("version", version).put("resource", in.resource());
        r.put("name", in.name());
        if (!in.namespace().isEmpty()) r.put("namespace", in.namespace());
        r.put("operation", in.operation().name());
        ObjectNode user = r.putObject("userInfo").put("username", in.user().username());
        user.put("uid", "0b0c0d0e");
        in.user().groups().forEach(user.putArray("groups")::add);
        if (in.object().isObject()) r.set("object", in.object());
        if (in.oldObject().isObject()) r.set("oldObject", in.oldObject());
        r.put("dryRun", false);
        r.putObject("options").put("apiVersion", "meta.k8s.io/v1").put("kind", in.operation() == dev.jig.webhook.admission.Operation.UPDATE ? "UpdateOptions" : "CreateOptions");
        return review.toString();
    }
}
