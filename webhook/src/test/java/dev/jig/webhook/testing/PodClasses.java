package dev.jig.webhook.testing;

import static dev.jig.webhook.testing.Catalogue.affinity;
import static dev.jig.webhook.testing.Pods.pod;
import static dev.jig.webhook.testing.Pods.steered;
import static dev.jig.webhook.testing.Pods.with;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.diag.Rule;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.webhook.admission.AdmissionInput;
import dev.jig.webhook.admission.AdmissionInput.Principal;
import dev.jig.webhook.admission.Operation;
import dev.jig.webhook.testing.Catalogue.Case;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The defect classes of issue 9 for pods, namespaces and nodes, each as a table of requests with the rule that
 * must refuse them ({@code null}: must be allowed). Pods are given as the mutating webhook leaves them. The
 * classes: users and groups mixed up ({@link #identities}), node class and other identifying labels used as a
 * selector ({@link #identifyingLabels}), empty label values ({@link #emptyValues}), a Node's tenancy label
 * changed ({@link #nodeLabels}); and the mutation that steers pods of no tenant ({@link #steeringShapes}).
 */
public final class PodClasses {

    /** A user whose identity provider put it in a group named exactly like the GitOps service account. */
    public static final Principal GROUP_NAMED_LIKE_GITOPS = new Principal("mallory@acme.example",
            List.of("system:authenticated", Requests.GITOPS.username()));
    /** A user in a group named like Jig's controller service account, a default node labeller. */
    public static final Principal GROUP_NAMED_LIKE_CONTROLLER = new Principal("mallory@acme.example",
            List.of("system:authenticated", "system:serviceaccount:jig-system:jig-controller"));
    /** A user named like the {@code group:platform-admins} entry of the example's label admins, in no such group. */
    public static final Principal USER_NAMED_LIKE_GROUP = new Principal("platform-admins", List.of("system:authenticated"));
    public static final Principal USER_NAMED_AS_GROUP_ENTRY = new Principal("group:platform-admins", List.of("system:authenticated"));
    /** A member of the {@code platform-admins} group. */
    public static final Principal PLATFORM_ADMIN = new Principal("ops@acme.example", List.of("system:authenticated", "platform-admins"));
    public static final Principal CONTROLLER = new Principal("system:serviceaccount:jig-system:jig-controller",
            List.of("system:serviceaccounts", "system:serviceaccounts:jig-system", "system:authenticated"));
    public static Principal kubelet(String node) {
        return new Principal("system:node:" + node, List.of("system:nodes", "system:authenticated"));
    }

    private static final String NODE_KEY = WellKnownLabels.NODE_TENANT;
    private static final String LEGACY_KEY = WellKnownLabels.JIG_TENANT;

    private PodClasses() {
    }

    // --- class 5: users and groups ---------------------------------------------------------------------------

    public static List<Case> identities() {
        List<Case> c = new ArrayList<>();
        c.add(new Case("group named like the GitOps service account relabels a namespace",
                ns(Operation.UPDATE, nsObject("sandbox", "storefront"), nsObject("sandbox", null), GROUP_NAMED_LIKE_GITOPS),
                Rule.NAMESPACE_LABEL_NOT_ADMIN));
        c.add(new Case("group named like the GitOps service account creates a tenant namespace",
                ns(Operation.CREATE, nsObject("payments", "payments"), null, GROUP_NAMED_LIKE_GITOPS), Rule.NAMESPACE_LABEL_NOT_ADMIN));
        c.add(new Case("group named like the GitOps service account applies a compiled NodePool",
                Requests.pool(Operation.CREATE, Acme.object("NodePool", "payments-api"), null, GROUP_NAMED_LIKE_GITOPS), Rule.POOL_NOT_COMPILED));
        c.add(new Case("group named like the controller's service account relabels a node",
                node(Operation.UPDATE, "storefront-node-1", relabelled("storefront-node-1", "payments"), labelledNode("storefront-node-1", "storefront"),
                        GROUP_NAMED_LIKE_CONTROLLER), Rule.NODE_TENANT_LABEL_NOT_ALLOWED));
        c.add(new Case("user named like a label-admin group relabels a namespace",
                ns(Operation.UPDATE, nsObject("sandbox", "search"), nsObject("sandbox", null), USER_NAMED_LIKE_GROUP), Rule.NAMESPACE_LABEL_NOT_ADMIN));
        c.add(new Case("user named like the group: entry itself removes a namespace's tenant label",
                ns(Operation.UPDATE, nsObject("search", null), nsObject("search", "search"), USER_NAMED_AS_GROUP_ENTRY), Rule.NAMESPACE_LABEL_NOT_ADMIN));
        c.add(new Case("user named like a label-admin group relabels a node",
                node(Operation.UPDATE, "search-node-1", relabelled("search-node-1", "payments"), labelledNode("search-node-1", "search"),
                        USER_NAMED_LIKE_GROUP), Rule.NODE_TENANT_LABEL_NOT_ALLOWED));
        // look-alikes
        c.add(new Case("the GitOps service account (by user name) relabels a namespace to its tenant",
                ns(Operation.UPDATE, nsObject("search", "search"), nsObject("search", null), Requests.GITOPS), null));
        c.add(new Case("a member of the platform-admins group labels a tenant namespace",
                ns(Operation.UPDATE, nsObject("storefront", "storefront"), nsObject("storefront", null), PLATFORM_ADMIN), null));
        c.add(new Case("a member of the platform-admins group applies a compiled NodePool",
                Requests.pool(Operation.CREATE, Acme.object("NodePool", "search-query"), null, PLATFORM_ADMIN), null));
        c.add(new Case("Jig's controller (by user name) labels a node at registration",
                node(Operation.UPDATE, "search-node-2", labelledNode("search-node-2", "search"), unlabelledNode("search-node-2"), CONTROLLER), null));
        return c;
    }

    // --- class 8: identifying node labels used as a selector --------------------------------------------------

    public static List<Case> identifyingLabels() {
        List<Case> c = new ArrayList<>();
        c.add(new Case("pod of no tenant selects a tenant's EC2NodeClass by nodeSelector",
                create(with(pod("sandbox", "c1"), "{\"nodeSelector\":{\"karpenter.k8s.aws/ec2nodeclass\":\"payments-al2023\"}}")), Rule.POD_FOREIGN_SELECTOR));
        c.add(new Case("tenant's pod requires another tenant's EC2NodeClass",
                create(with(storefront("c2"), affinity("required",
                        "{\"matchExpressions\":[{\"key\":\"karpenter.k8s.aws/ec2nodeclass\",\"operator\":\"In\",\"values\":[\"ml-inference-gpu\"]}]}"))),
                Rule.POD_FOREIGN_SELECTOR));
        c.add(new Case("pod of no tenant prefers a tenant's EC2NodeClass",
                create(with(pod("default", "c3"), affinity("preferred",
                        "{\"matchExpressions\":[{\"key\":\"karpenter.k8s.aws/ec2nodeclass\",\"operator\":\"In\",\"values\":[\"analytics-al2023\"]}]}"))),
                Rule.POD_FOREIGN_SELECTOR));
        c.add(new Case("pod of no tenant requires EC2NodeClass Exists (every tenant's class)",
                create(with(pod("sandbox", "c4"), affinity("required",
                        "{\"matchExpressions\":[{\"key\":\"karpenter.k8s.aws/ec2nodeclass\",\"operator\":\"Exists\"}]}"))), Rule.POD_FOREIGN_SELECTOR));
        c.add(new Case("tenant's pod selects another tenant by the node-restriction label",
                create(with(pod("storefront", "c5"), "{\"nodeSelector\":{\"" + NODE_KEY + "\":\"payments\"}}")), Rule.POD_FOREIGN_SELECTOR));
        c.add(new Case("pod of no tenant selects a tenant by the legacy node label",
                create(with(pod("sandbox", "c6"), "{\"nodeSelector\":{\"" + LEGACY_KEY + "\":\"search\"}}")), Rule.POD_FOREIGN_SELECTOR));
        c.add(new Case("pod of no tenant requires the node-restriction label Exists",
                create(with(pod("default", "c7"), affinity("required", "{\"matchExpressions\":[{\"key\":\"" + NODE_KEY + "\",\"operator\":\"Exists\"}]}"))),
                Rule.POD_FOREIGN_SELECTOR));
        c.add(new Case("topology spread over the EC2NodeClass key",
                create(with(storefront("c8"), "{\"topologySpreadConstraints\":[{\"maxSkew\":1,\"topologyKey\":\"karpenter.k8s.aws/ec2nodeclass\","
                        + "\"whenUnsatisfiable\":\"DoNotSchedule\",\"labelSelector\":{\"matchLabels\":{\"app\":\"c8\"}}}]}")), Rule.POD_FOREIGN_SELECTOR));
        c.add(new Case("pod of no tenant selects a tenant pool's template label",
                create(with(pod("sandbox", "c9"), "{\"nodeSelector\":{\"workload\":\"batch\"}}")), Rule.POD_FOREIGN_SELECTOR));
        c.add(new Case("tenant's pod selects another tenant by another node-restriction key (a key that names a tenant on pools)",
                create(with(storefront("c15"), "{\"nodeSelector\":{\"node-restriction.kubernetes.io/jig-team\":\"payments\"}}")),
                Rule.POD_FOREIGN_SELECTOR));
        // look-alikes
        c.add(new Case("tenant's pod selects its own EC2NodeClass",
                create(with(storefront("c10"), "{\"nodeSelector\":{\"" + NODE_KEY + "\":\"storefront\",\"karpenter.k8s.aws/ec2nodeclass\":\"storefront-al2023\"}}")),
                null));
        c.add(new Case("pod of no tenant excludes a tenant's class (NotIn)",
                create(with(pod("sandbox", "c11"), affinity("required",
                        "{\"matchExpressions\":[{\"key\":\"karpenter.k8s.aws/ec2nodeclass\",\"operator\":\"NotIn\",\"values\":[\"payments-al2023\"]}]}"))), null));
        c.add(new Case("pod of no tenant requires the tenancy labels DoesNotExist",
                create(with(pod("default", "c12"), affinity("required", "{\"matchExpressions\":[{\"key\":\"" + NODE_KEY + "\",\"operator\":\"DoesNotExist\"},"
                        + "{\"key\":\"" + LEGACY_KEY + "\",\"operator\":\"DoesNotExist\"}]}"))), null));
        c.add(new Case("pod of no tenant names a node that has not registered (hostname affinity)",
                create(with(pod("sandbox", "c13"), affinity("required",
                        "{\"matchExpressions\":[{\"key\":\"kubernetes.io/hostname\",\"operator\":\"In\",\"values\":[\"node-not-yet-registered\"]}]}"))), null));
        c.add(new Case("tenant's pod selects its own tenant by the legacy key too",
                create(with(storefront("c14"), "{\"nodeSelector\":{\"" + NODE_KEY + "\":\"storefront\",\"" + LEGACY_KEY + "\":\"storefront\"}}")), null));
        return c;
    }

    // --- class 9: empty values --------------------------------------------------------------------------------

    public static List<Case> emptyValues() {
        List<Case> c = new ArrayList<>();
        c.add(new Case("non-admin adds the tenancy label with an empty value to a namespace of no tenant",
                ns(Operation.UPDATE, nsObject("sandbox", ""), nsObject("sandbox", null), Requests.DEVELOPER), Rule.NAMESPACE_LABEL_NOT_ADMIN));
        c.add(new Case("non-admin creates a namespace of no tenant with an empty tenancy label",
                ns(Operation.CREATE, nsObject("scratch", ""), null, Requests.DEVELOPER), Rule.NAMESPACE_LABEL_NOT_ADMIN));
        c.add(new Case("non-admin turns an empty tenancy label into a tenant",
                ns(Operation.UPDATE, nsObject("sandbox", "payments"), nsObject("sandbox", ""), Requests.DEVELOPER), Rule.NAMESPACE_LABEL_NOT_ADMIN));
        c.add(new Case("non-admin empties its namespace's tenancy label",
                ns(Operation.UPDATE, nsObject("payments", ""), nsObject("payments", "payments"), Requests.DEVELOPER), Rule.NAMESPACE_LABEL_NOT_ADMIN));
        c.add(new Case("non-admin removes an empty tenancy label",
                ns(Operation.UPDATE, nsObject("sandbox", null), nsObject("sandbox", ""), Requests.DEVELOPER), Rule.NAMESPACE_LABEL_NOT_ADMIN));
        c.add(new Case("label admin empties a tenant namespace's label (names no tenant)",
                ns(Operation.UPDATE, nsObject("payments", ""), nsObject("payments", "payments"), Requests.GITOPS), Rule.NAMESPACE_LABEL_MISMATCH));
        c.add(new Case("user adds an empty node-restriction tenancy label to a node",
                node(Operation.UPDATE, "system-node-1", labelled(unlabelledNode("system-node-1"), NODE_KEY, ""), unlabelledNode("system-node-1"),
                        Requests.DEVELOPER), Rule.NODE_TENANT_LABEL_NOT_ALLOWED));
        // look-alikes
        ObjectNode kept = nsObject("sandbox", "");
        ((ObjectNode) kept.path("metadata").path("labels")).put("team", "tools");
        c.add(new Case("non-admin edits another label of a namespace that keeps its empty tenancy label",
                ns(Operation.UPDATE, kept, nsObject("sandbox", ""), Requests.DEVELOPER), null));
        c.add(new Case("non-admin creates a namespace of no tenant without the label",
                ns(Operation.CREATE, nsObject("scratch", null), null, Requests.DEVELOPER), null));
        return c;
    }

    // --- tolerations: every key whose value names a tenant, not only the tenancy key ---------------------------

    private static AdmissionInput tolerating(ObjectNode pod, String toleration) {
        return create(with(pod, "{\"tolerations\":[" + toleration + "]}"));
    }

    public static List<Case> tolerationKeys() {
        List<Case> c = new ArrayList<>();
        c.add(new Case("node key Exists from a tenant's pod tolerates every tenant",
                tolerating(storefront("t1"), "{\"key\":\"" + NODE_KEY + "\",\"operator\":\"Exists\"}"), Rule.POD_FOREIGN_TOLERATION));
        c.add(new Case("node key naming another dedicated tenant",
                tolerating(storefront("t2"), "{\"key\":\"" + NODE_KEY + "\",\"value\":\"payments\",\"effect\":\"NoSchedule\"}"),
                Rule.POD_FOREIGN_TOLERATION));
        c.add(new Case("node key naming a dedicated tenant from a namespace of no tenant",
                tolerating(pod("sandbox", "t3"), "{\"key\":\"" + NODE_KEY + "\",\"value\":\"analytics\"}"), Rule.POD_FOREIGN_TOLERATION));
        c.add(new Case("node key Exists NoExecute from a dedicated tenant's pod",
                tolerating(Catalogue.payments("t4"), "{\"key\":\"" + NODE_KEY + "\",\"operator\":\"Exists\",\"effect\":\"NoExecute\"}"),
                Rule.POD_FOREIGN_TOLERATION));
        c.add(new Case("another node-restriction key Exists",
                tolerating(storefront("t5"), "{\"key\":\"node-restriction.kubernetes.io/tenant\",\"operator\":\"Exists\"}"),
                Rule.POD_FOREIGN_TOLERATION));
        // look-alikes
        c.add(new Case("node key naming the pod's own tenant",
                tolerating(Catalogue.payments("t6"), "{\"key\":\"" + NODE_KEY + "\",\"value\":\"payments\",\"effect\":\"NoSchedule\"}"), null));
        c.add(new Case("a jig-tenant key outside node-restriction.kubernetes.io",
                tolerating(storefront("t7"), "{\"key\":\"example.com/jig-tenant\",\"operator\":\"Exists\"}"), null));
        c.add(new Case("a Kubernetes node-condition key Exists",
                tolerating(storefront("t8"), "{\"key\":\"node.kubernetes.io/unreachable\",\"operator\":\"Exists\",\"effect\":\"NoExecute\"}"),
                null));
        return c;
    }

    // --- nodes: the tenancy labels of a Node --------------------------------------------------------------------

    public static List<Case> nodeLabels() {
        List<Case> c = new ArrayList<>();
        c.add(new Case("developer relabels a node into another tenant (node key)",
                node(Operation.UPDATE, "payments-node-1", relabelled("payments-node-1", "storefront"), labelledNode("payments-node-1", "payments"),
                        Requests.DEVELOPER), Rule.NODE_TENANT_LABEL_NOT_ALLOWED));
        c.add(new Case("kubelet relabels its own node with the legacy tenancy key",
                node(Operation.UPDATE, "storefront-node-1", labelled(labelledNode("storefront-node-1", "storefront"), LEGACY_KEY, "payments"),
                        labelledNode("storefront-node-1", "storefront"), kubelet("storefront-node-1")), Rule.NODE_TENANT_LABEL_NOT_ALLOWED));
        c.add(new Case("kubelet removes the node-restriction label through nodes/status",
                nodeStatus(unlabelled(labelledNode("search-node-1", "search"), NODE_KEY), labelledNode("search-node-1", "search"),
                        kubelet("search-node-1")), Rule.NODE_TENANT_LABEL_NOT_ALLOWED));
        c.add(new Case("developer labels a node of no tenant as a dedicated tenant's",
                node(Operation.UPDATE, "system-node-1", labelledNode("system-node-1", "payments"), unlabelledNode("system-node-1"), Requests.DEVELOPER),
                Rule.NODE_TENANT_LABEL_NOT_ALLOWED));
        c.add(new Case("a tenant's deployer service account (not a node labeller) adds the label",
                node(Operation.UPDATE, "analytics-node-2", labelledNode("analytics-node-2", "analytics"), unlabelledNode("analytics-node-2"),
                        new Principal("system:serviceaccount:payments:deployer", List.of("system:serviceaccounts", "system:serviceaccounts:payments"))),
                Rule.NODE_TENANT_LABEL_NOT_ALLOWED));
        c.add(new Case("developer removes the legacy label only",
                node(Operation.UPDATE, "analytics-node-1", unlabelled(labelledNode("analytics-node-1", "analytics"), LEGACY_KEY),
                        labelledNode("analytics-node-1", "analytics"), Requests.DEVELOPER), Rule.NODE_TENANT_LABEL_NOT_ALLOWED));
        // look-alikes
        ObjectNode heartbeat = labelledNode("payments-node-1", "payments");
        heartbeat.putObject("status").putArray("conditions").addObject().put("type", "Ready").put("status", "True");
        c.add(new Case("kubelet status update that keeps the labels",
                nodeStatus(heartbeat, labelledNode("payments-node-1", "payments"), kubelet("payments-node-1")), null));
        ObjectNode cordoned = labelledNode("payments-node-1", "payments");
        cordoned.putObject("spec").put("unschedulable", true);
        c.add(new Case("developer cordons a tenant's node", node(Operation.UPDATE, "payments-node-1", cordoned, labelledNode("payments-node-1", "payments"),
                Requests.DEVELOPER), null));
        c.add(new Case("Karpenter labels a node at registration",
                node(Operation.UPDATE, "payments-node-2", labelledNode("payments-node-2", "payments"), unlabelledNode("payments-node-2"), Requests.KARPENTER),
                null));
        c.add(new Case("GitOps (label admin) relabels a node",
                node(Operation.UPDATE, "system-node-1", labelledNode("system-node-1", "search"), unlabelledNode("system-node-1"), Requests.GITOPS), null));
        c.add(new Case("kubelet registers its node with the legacy label (CREATE is not judged)",
                node(Operation.CREATE, "storefront-node-3", labelled(unlabelledNode("storefront-node-3"), LEGACY_KEY, "storefront"), null,
                        kubelet("storefront-node-3")), null));
        return c;
    }

    // --- steering pods of no tenant: pod shapes the mutation must handle ----------------------------------------

    /** Pods of no tenant, by name, in the shapes the DoesNotExist mutation must patch (every term, created if absent). */
    public static Map<String, ObjectNode> steeringShapes() {
        Map<String, ObjectNode> shapes = new LinkedHashMap<>();
        shapes.put("no affinity at all", pod("sandbox", "m1"));
        shapes.put("pod anti-affinity only", with(pod("sandbox", "m2"), "{\"affinity\":{\"podAntiAffinity\":{\"preferredDuringSchedulingIgnoredDuringExecution\":"
                + "[{\"weight\":10,\"podAffinityTerm\":{\"topologyKey\":\"kubernetes.io/hostname\",\"labelSelector\":{\"matchLabels\":{\"app\":\"m2\"}}}}]}}}"));
        shapes.put("preferred node affinity only", with(pod("default", "m3"), affinity("preferred",
                "{\"matchExpressions\":[{\"key\":\"karpenter.sh/capacity-type\",\"operator\":\"In\",\"values\":[\"spot\"]}]}")));
        shapes.put("two ORed required terms", with(pod("default", "m4"), affinity("required",
                "{\"matchExpressions\":[{\"key\":\"kubernetes.io/arch\",\"operator\":\"In\",\"values\":[\"arm64\"]}]},"
                        + "{\"matchExpressions\":[{\"key\":\"topology.kubernetes.io/zone\",\"operator\":\"In\",\"values\":[\"us-east-1a\"]}]}")));
        shapes.put("a term with matchFields only", with(pod("sandbox", "m5"), affinity("required",
                "{\"matchFields\":[{\"key\":\"metadata.name\",\"operator\":\"In\",\"values\":[\"system-node-1\"]}]}")));
        shapes.put("a term that already excludes the node key", with(pod("sandbox", "m6"), affinity("required",
                "{\"matchExpressions\":[{\"key\":\"" + NODE_KEY + "\",\"operator\":\"DoesNotExist\"}]}")));
        shapes.put("null affinity", with(pod("default", "m7"), "{\"affinity\":null}"));
        shapes.put("a nodeSelector and an empty required term list", with(pod("sandbox", "m8"),
                "{\"nodeSelector\":{\"kubernetes.io/arch\":\"amd64\"},\"affinity\":{\"nodeAffinity\":{\"requiredDuringSchedulingIgnoredDuringExecution\":"
                        + "{\"nodeSelectorTerms\":[]}}}}"));
        return shapes;
    }

    /** A pod a DaemonSet controls, pinned to one node as the DaemonSet controller pins it. */
    public static ObjectNode daemonSetPod() {
        ObjectNode pod = with(pod("sandbox", "agent-x1"), affinity("required",
                "{\"matchFields\":[{\"key\":\"metadata.name\",\"operator\":\"In\",\"values\":[\"system-node-1\"]}]}"));
        ((ObjectNode) pod.get("metadata")).putArray("ownerReferences").addObject().put("apiVersion", "apps/v1").put("kind", "DaemonSet")
                .put("name", "agent").put("uid", "d1").put("controller", true);
        return pod;
    }

    // --- requests and objects -----------------------------------------------------------------------------------

    static ObjectNode storefront(String name) {
        return steered(pod("storefront", name), "storefront", false);
    }

    static AdmissionInput create(ObjectNode pod) {
        return Requests.pod(Operation.CREATE, pod, null);
    }

    static AdmissionInput ns(Operation op, ObjectNode ns, ObjectNode old, Principal user) {
        return Requests.namespace(op, ns, old, user);
    }

    /** A namespace whose tenancy label is {@code value}: absent when null, present (maybe empty) otherwise. */
    static ObjectNode nsObject(String name, String value) {
        ObjectNode ns = Requests.namespaceObject(name, null);
        if (value != null) ((ObjectNode) ns.path("metadata").path("labels")).put(LEGACY_KEY, value);
        return ns;
    }

    public static AdmissionInput node(Operation op, String name, JsonNode node, JsonNode old, Principal user) {
        return new AdmissionInput(UUID.randomUUID().toString(), op, "", "Node", "nodes", "", "", name, user, node, old);
    }

    static AdmissionInput nodeStatus(JsonNode node, JsonNode old, Principal user) {
        return new AdmissionInput(UUID.randomUUID().toString(), Operation.UPDATE, "", "Node", "nodes", "status", "",
                node.path("metadata").path("name").asText(), user, node, old);
    }

    public static ObjectNode unlabelledNode(String name) {
        ObjectNode n = Acme.JSON.createObjectNode().put("apiVersion", "v1").put("kind", "Node");
        n.putObject("metadata").put("name", name).putObject("labels").put(WellKnownLabels.HOSTNAME, name);
        return n;
    }

    /** A node as a compiled pool of {@code tenant} labels it: the node key and the legacy key. */
    public static ObjectNode labelledNode(String name, String tenant) {
        ObjectNode n = unlabelledNode(name);
        ObjectNode labels = (ObjectNode) n.path("metadata").path("labels");
        Acme.nodeLabels(name, tenant).forEach(labels::put);
        return n;
    }

    static ObjectNode relabelled(String name, String tenant) {
        return labelledNode(name, tenant);
    }

    static ObjectNode labelled(ObjectNode node, String key, String value) {
        ((ObjectNode) node.path("metadata").path("labels")).put(key, value);
        return node;
    }

    static ObjectNode unlabelled(ObjectNode node, String key) {
        ((ObjectNode) node.path("metadata").path("labels")).remove(key);
        return node;
    }
}
