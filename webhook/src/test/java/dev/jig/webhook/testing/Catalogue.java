package dev.jig.webhook.testing;

import static dev.jig.webhook.testing.Pods.pod;
import static dev.jig.webhook.testing.Pods.steered;
import static dev.jig.webhook.testing.Pods.with;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.diag.Rule;
import dev.jig.api.karpenter.Annotations;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.api.tenancy.Provenance;
import dev.jig.webhook.admission.AdmissionInput;
import dev.jig.webhook.admission.Operation;
import java.util.ArrayList;
import java.util.List;

/**
 * The isolation-bypass catalogue: attempts to reach another tenant's nodes or to slip an object
 * past GitOps, each with the rule that must refuse it, and legitimate look-alikes that must pass.
 * Pods are given as the mutating webhook leaves them (steered to their tenant), so what is tested
 * is what the validating webhook sees in a cluster. Used by the pure core test and, over real
 * HTTPS with the view fed from the mock API server, by the integration test.
 */
public final class Catalogue {

    /** One request; {@code expected} null means it must be allowed. */
    public record Case(String name, AdmissionInput input, Rule expected) {
        @Override
        public String toString() {
            return name;
        }
    }

    private Catalogue() {
    }

    static ObjectNode storefront(String name) {
        return steered(pod("storefront", name), "storefront", false);
    }

    static ObjectNode payments(String name) {
        return steered(pod("payments", name), "payments", true);
    }

    static AdmissionInput create(ObjectNode pod) {
        return Requests.pod(Operation.CREATE, pod, null);
    }

    static AdmissionInput update(ObjectNode old, ObjectNode pod) {
        return Requests.pod(Operation.UPDATE, pod, old);
    }

    /** A compiled object changed and stamped again, as if compiled: isolates the rule under test from provenance. */
    static ObjectNode restamped(ObjectNode object) {
        ((ObjectNode) object.get("metadata").get("annotations")).put(Annotations.CONTENT_HASH, Provenance.contentHash(object));
        return object;
    }

    /**
     * A compiled NodePool as a pool no tenant lists would be: renamed, without its tenancy label and without every
     * template label that identifies a tenant, its pool or its class (node key, legacy key, pool label), on a node
     * class no tenant owns (not restamped).
     */
    public static ObjectNode unclaimed(ObjectNode pool, String name) {
        ((ObjectNode) pool.get("metadata")).put("name", name);
        ((ObjectNode) pool.get("metadata").get("labels")).remove(WellKnownLabels.JIG_TENANT);
        ((ObjectNode) pool.at("/spec/template/metadata/labels")).properties()
                .removeIf(e -> WellKnownLabels.identifiesTenant(e.getKey(), WellKnownLabels.JIG_TENANT));
        ((ObjectNode) pool.at("/spec/template/spec/nodeClassRef")).put("name", "platform-default");
        return pool;
    }

    static ObjectNode nodePool(String name) {
        return Acme.object("NodePool", name);
    }

    public static List<Case> bypasses() {
        List<Case> c = new ArrayList<>();
        // universal and foreign tolerations
        c.add(new Case("keyless Exists toleration in a tenant namespace",
                create(with(payments("p1"), "{\"tolerations\":[{\"operator\":\"Exists\"}]}")), Rule.POD_UNIVERSAL_TOLERATION));
        c.add(new Case("keyless Exists NoSchedule toleration in a namespace of no tenant",
                create(with(pod("default", "p2"), "{\"tolerations\":[{\"operator\":\"Exists\",\"effect\":\"NoSchedule\"}]}")), Rule.POD_UNIVERSAL_TOLERATION));
        c.add(new Case("toleration of another dedicated tenant's taint",
                create(with(storefront("p3"), "{\"tolerations\":[{\"key\":\"jig.dev/tenant\",\"operator\":\"Equal\",\"value\":\"payments\",\"effect\":\"NoSchedule\"}]}")), Rule.POD_FOREIGN_TOLERATION));
        c.add(new Case("toleration of every tenant's taint (tenancy key Exists)",
                create(with(storefront("p4"), "{\"tolerations\":[{\"key\":\"jig.dev/tenant\",\"operator\":\"Exists\"}]}")), Rule.POD_FOREIGN_TOLERATION));
        c.add(new Case("toleration of a dedicated tenant from a namespace of no tenant",
                create(with(pod("sandbox", "p5"), "{\"tolerations\":[{\"key\":\"jig.dev/tenant\",\"value\":\"analytics\"}]}")), Rule.POD_FOREIGN_TOLERATION));
        // foreign node selection
        c.add(new Case("nodeSelector with another tenant's label",
                create(with(pod("storefront", "s1"), "{\"nodeSelector\":{\"jig.dev/tenant\":\"payments\"}}")), Rule.POD_FOREIGN_SELECTOR));
        c.add(new Case("nodeSelector on another tenant's NodePool",
                create(with(storefront("s2"), "{\"nodeSelector\":{\"jig.dev/tenant\":\"storefront\",\"karpenter.sh/nodepool\":\"payments-api\"}}")), Rule.POD_FOREIGN_SELECTOR));
        c.add(new Case("nodeSelector on another tenant's jig.dev/pool",
                create(with(storefront("s3"), "{\"nodeSelector\":{\"jig.dev/tenant\":\"storefront\",\"jig.dev/pool\":\"jobs\"}}")), Rule.POD_FOREIGN_SELECTOR));
        c.add(new Case("required node affinity on another tenant",
                create(with(storefront("s4"), affinity("required", "{\"matchExpressions\":[{\"key\":\"jig.dev/tenant\",\"operator\":\"In\",\"values\":[\"payments\"]}]}"))), Rule.POD_FOREIGN_SELECTOR));
        c.add(new Case("second, ORed nodeSelectorTerm on another tenant",
                create(with(storefront("s5"), affinity("required", "{\"matchExpressions\":[{\"key\":\"jig.dev/tenant\",\"operator\":\"In\",\"values\":[\"storefront\"]}]},"
                        + "{\"matchExpressions\":[{\"key\":\"jig.dev/tenant\",\"operator\":\"In\",\"values\":[\"analytics\"]}]}"))), Rule.POD_FOREIGN_SELECTOR));
        c.add(new Case("preferred node affinity on another tenant's NodePool",
                create(with(storefront("s6"), affinity("preferred", "{\"matchExpressions\":[{\"key\":\"karpenter.sh/nodepool\",\"operator\":\"In\",\"values\":[\"analytics-batch\"]}]}"))), Rule.POD_FOREIGN_SELECTOR));
        c.add(new Case("node affinity matchFields on another tenant's node name",
                create(with(storefront("s7"), affinity("required", "{\"matchFields\":[{\"key\":\"metadata.name\",\"operator\":\"In\",\"values\":[\"payments-node-1\"]}]}"))), Rule.POD_FOREIGN_SELECTOR));
        c.add(new Case("node affinity on another tenant's hostname",
                create(with(storefront("s8"), affinity("required", "{\"matchExpressions\":[{\"key\":\"kubernetes.io/hostname\",\"operator\":\"In\",\"values\":[\"analytics-node-1\"]}]}"))), Rule.POD_FOREIGN_SELECTOR));
        c.add(new Case("node affinity tenancy key Exists",
                create(with(pod("sandbox", "s9"), affinity("preferred", "{\"matchExpressions\":[{\"key\":\"jig.dev/tenant\",\"operator\":\"Exists\"}]}"))), Rule.POD_FOREIGN_SELECTOR));
        c.add(new Case("nodeSelector on a label only another tenant's pool puts on its nodes",
                create(with(pod("sandbox", "s10"), "{\"nodeSelector\":{\"app-tier\":\"web\"}}")), Rule.POD_FOREIGN_SELECTOR));
        c.add(new Case("topology spread over the tenancy key",
                create(with(storefront("s11"), "{\"topologySpreadConstraints\":[{\"maxSkew\":1,\"topologyKey\":\"jig.dev/tenant\",\"whenUnsatisfiable\":\"DoNotSchedule\",\"labelSelector\":{\"matchLabels\":{\"app\":\"s11\"}}}]}")), Rule.POD_FOREIGN_SELECTOR));
        c.add(new Case("topology spread with nodeAffinityPolicy Ignore",
                create(with(storefront("s12"), "{\"topologySpreadConstraints\":[{\"maxSkew\":1,\"topologyKey\":\"topology.kubernetes.io/zone\",\"whenUnsatisfiable\":\"DoNotSchedule\",\"nodeAffinityPolicy\":\"Ignore\",\"labelSelector\":{\"matchLabels\":{\"app\":\"s12\"}}}]}")), Rule.POD_FOREIGN_SELECTOR));
        c.add(new Case("pod affinity to another tenant's namespace",
                create(with(storefront("a1"), podAffinity("podAffinity", "{\"topologyKey\":\"kubernetes.io/hostname\",\"namespaces\":[\"payments\"],\"labelSelector\":{\"matchLabels\":{\"app\":\"api\"}}}"))), Rule.POD_FOREIGN_POD_AFFINITY));
        c.add(new Case("pod anti-affinity over all namespaces",
                create(with(storefront("a2"), podAffinity("podAntiAffinity", "{\"topologyKey\":\"topology.kubernetes.io/zone\",\"namespaceSelector\":{},\"labelSelector\":{\"matchLabels\":{\"app\":\"api\"}}}"))), Rule.POD_FOREIGN_POD_AFFINITY));
        c.add(new Case("pod affinity namespaceSelector on another tenant's label",
                create(with(storefront("a3"), podAffinity("podAffinity", "{\"topologyKey\":\"kubernetes.io/hostname\",\"namespaceSelector\":{\"matchLabels\":{\"jig.dev/tenant\":\"payments\"}},\"labelSelector\":{}}"))), Rule.POD_FOREIGN_POD_AFFINITY));
        c.add(new Case("pod anti-affinity of a tenant's pod to a namespace of no tenant",
                create(with(storefront("a4"), podAffinity("podAntiAffinity", "{\"topologyKey\":\"topology.kubernetes.io/zone\",\"namespaces\":[\"default\"],\"labelSelector\":{}}"))), Rule.POD_FOREIGN_POD_AFFINITY));
        // nodeName
        c.add(new Case("spec.nodeName on another tenant's node",
                create(with(storefront("n1"), "{\"nodeName\":\"payments-node-1\"}")), Rule.POD_FOREIGN_NODE));
        c.add(new Case("spec.nodeName on a tenant's node from a namespace of no tenant",
                create(with(pod("default", "n2"), "{\"nodeName\":\"analytics-node-1\"}")), Rule.POD_FOREIGN_NODE));
        // subresources
        c.add(new Case("pods/binding to another tenant's node", Requests.binding("storefront", "b1", "payments-node-1"), Rule.POD_FOREIGN_NODE));
        c.add(new Case("pods/binding of a tenant's pod to an unknown node", Requests.binding("payments", "b2", "node-from-nowhere"), Rule.POD_FOREIGN_NODE));
        c.add(new Case("pods/binding of a pod of no tenant to an unknown node", Requests.binding("default", "b4", "node-from-nowhere"), Rule.POD_FOREIGN_NODE));
        c.add(new Case("spec.nodeName of a pod of no tenant on an unknown node",
                create(with(pod("sandbox", "n3"), "{\"nodeName\":\"node-not-yet-registered\"}")), Rule.POD_FOREIGN_NODE));
        c.add(new Case("legacy bindings resource to another tenant's node", Requests.legacyBinding("storefront", "b3", "payments-node-1"), Rule.POD_FOREIGN_NODE));
        ObjectNode running = with(payments("e1"), "{\"nodeName\":\"payments-node-1\"}");
        c.add(new Case("pods/ephemeralcontainers update that also adds a foreign toleration",
                Requests.ephemeral(with(running.deepCopy(), "{\"ephemeralContainers\":[{\"name\":\"debug\",\"image\":\"busybox\"}],"
                        + "\"tolerations\":[{\"key\":\"jig.dev/tenant\",\"operator\":\"Equal\",\"value\":\"payments\",\"effect\":\"NoSchedule\"},"
                        + "{\"key\":\"jig.dev/tenant\",\"value\":\"analytics\",\"effect\":\"NoSchedule\"}]}"), running), Rule.POD_FOREIGN_TOLERATION));
        ObjectNode legacy = with(pod("default", "e2"), "{\"nodeName\":\"payments-node-1\"}");
        c.add(new Case("ephemeral container on a pod running on another tenant's node",
                Requests.ephemeral(with(legacy.deepCopy(), "{\"ephemeralContainers\":[{\"name\":\"debug\",\"image\":\"busybox\"}]}"), legacy), Rule.POD_EPHEMERAL_ON_FOREIGN_NODE));
        ObjectNode lost = with(payments("e3"), "{\"nodeName\":\"node-from-nowhere\"}");
        c.add(new Case("ephemeral container on a tenant's pod running on an unknown node",
                Requests.ephemeral(with(lost.deepCopy(), "{\"ephemeralContainers\":[{\"name\":\"debug\",\"image\":\"busybox\"}]}"), lost), Rule.POD_FOREIGN_NODE));
        ObjectNode stray = with(pod("default", "e4"), "{\"nodeName\":\"node-from-nowhere\"}");
        c.add(new Case("ephemeral container on a pod of no tenant running on an unknown node",
                Requests.ephemeral(with(stray.deepCopy(), "{\"ephemeralContainers\":[{\"name\":\"debug\",\"image\":\"busybox\"}]}"), stray), Rule.POD_FOREIGN_NODE));
        // updates that add
        ObjectNode u1 = storefront("u1");
        c.add(new Case("UPDATE adding a foreign toleration",
                update(u1, with(u1.deepCopy(), "{\"tolerations\":[{\"key\":\"jig.dev/tenant\",\"value\":\"analytics\",\"effect\":\"NoSchedule\"}]}")), Rule.POD_FOREIGN_TOLERATION));
        ObjectNode u2 = payments("u2");
        ObjectNode u2new = u2.deepCopy();
        ((ArrayNode) u2new.path("spec").path("tolerations")).addObject().put("operator", "Exists");
        c.add(new Case("UPDATE adding a keyless Exists toleration", update(u2, u2new), Rule.POD_UNIVERSAL_TOLERATION));
        ObjectNode u3 = storefront("u3");
        c.add(new Case("UPDATE adding a foreign node affinity",
                update(u3, with(u3.deepCopy(), affinity("required", "{\"matchExpressions\":[{\"key\":\"jig.dev/tenant\",\"operator\":\"In\",\"values\":[\"payments\"]}]}"))), Rule.POD_FOREIGN_SELECTOR));
        // namespace relabelling
        c.add(new Case("tenant labels a namespace of no tenant as its own",
                Requests.namespace(Operation.UPDATE, Requests.namespaceObject("sandbox", "payments"), Requests.namespaceObject("sandbox", null), Requests.DEVELOPER),
                Rule.NAMESPACE_LABEL_NOT_ADMIN));
        c.add(new Case("tenant relabels another tenant's namespace",
                Requests.namespace(Operation.UPDATE, Requests.namespaceObject("storefront", "payments"), Requests.namespaceObject("storefront", "storefront"), Requests.DEVELOPER),
                Rule.NAMESPACE_LABEL_NOT_ADMIN));
        c.add(new Case("tenant removes its namespace's tenant label",
                Requests.namespace(Operation.UPDATE, Requests.namespaceObject("payments", null), Requests.namespaceObject("payments", "payments"), Requests.DEVELOPER),
                Rule.NAMESPACE_LABEL_NOT_ADMIN));
        c.add(new Case("tenant creates a namespace with a tenant label",
                Requests.namespace(Operation.CREATE, Requests.namespaceObject("payments-shadow", "payments"), null, Requests.DEVELOPER),
                Rule.NAMESPACE_LABEL_NOT_ADMIN));
        c.add(new Case("tenant squats a namespace the ConfigMap assigns to another tenant, unlabelled",
                Requests.namespace(Operation.CREATE, Requests.namespaceObject("payments", null), null, Requests.DEVELOPER),
                Rule.NAMESPACE_LABEL_NOT_ADMIN));
        c.add(new Case("tenant squats a tenant namespace with its right label",
                Requests.namespace(Operation.CREATE, Requests.namespaceObject("analytics", "analytics"), null, Requests.DEVELOPER),
                Rule.NAMESPACE_LABEL_NOT_ADMIN));
        // pools
        ObjectNode hand = nodePool("storefront-web");
        ((ObjectNode) hand.get("metadata")).remove("annotations");
        ((ObjectNode) hand.get("metadata")).put("name", "storefront-extra");
        c.add(new Case("NodePool created by hand", Requests.pool(Operation.CREATE, hand, null), Rule.POOL_NOT_COMPILED));
        ObjectNode edited = nodePool("payments-api");
        ((ObjectNode) edited.path("spec").path("limits")).put("cpu", 1000);
        c.add(new Case("compiled NodePool edited by hand", Requests.pool(Operation.UPDATE, edited, nodePool("payments-api")), Rule.POOL_NOT_COMPILED));
        ObjectNode disagree = nodePool("payments-api");
        ((ObjectNode) disagree.path("spec").path("template").path("spec").path("taints").get(0)).put("value", "storefront");
        c.add(new Case("NodePool whose taint and label disagree", Requests.pool(Operation.CREATE, restamped(disagree), null), Rule.POOL_TENANT_MISMATCH));
        ObjectNode claiming = nodePool("storefront-web");
        ((ArrayNode) claiming.at("/spec/template/spec/requirements")).addObject().put("key", "jig.dev/tenant").put("operator", "In")
                .putArray("values").add("payments");
        c.add(new Case("NodePool requirement labelling its nodes as another tenant's", Requests.pool(Operation.CREATE, restamped(claiming), null),
                Rule.POOL_TENANT_MISMATCH));
        ObjectNode untainted = nodePool("analytics-batch");
        ((ObjectNode) untainted.path("spec").path("template").path("spec")).remove("taints");
        c.add(new Case("dedicated tenant's NodePool without its taint", Requests.pool(Operation.CREATE, restamped(untainted), null), Rule.POOL_TENANT_MISMATCH));
        ObjectNode over = nodePool("payments-api");
        ((ObjectNode) over.path("spec").path("limits")).put("cpu", 700);
        c.add(new Case("NodePool limits over the tenant quota", Requests.pool(Operation.UPDATE, restamped(over), nodePool("payments-api")), Rule.POOL_OVER_QUOTA));
        ObjectNode weight = nodePool("payments-reserved-graviton-savings-plan");
        ((ObjectNode) weight.get("spec")).put("weight", 50);
        c.add(new Case("reserved NodePool weight in the regular band", Requests.pool(Operation.CREATE, restamped(weight), null), Rule.POOL_WEIGHT_OUT_OF_BAND));
        ObjectNode nolimits = nodePool("search-query");
        ((ObjectNode) nolimits.get("spec")).remove("limits");
        c.add(new Case("NodePool without limits", Requests.pool(Operation.CREATE, restamped(nolimits), null), Rule.POOL_LIMITS_MISSING));
        ObjectNode unlisted = restamped(unlistedPool());
        ObjectNode claimed = unlisted.deepCopy();
        ((ObjectNode) claimed.get("metadata")).putObject("labels").put("jig.dev/tenant", "payments");
        c.add(new Case("label-only UPDATE claiming a tenant for an unlisted NodePool", Requests.pool(Operation.UPDATE, claimed, unlisted), Rule.POOL_TENANT_MISMATCH));
        ObjectNode invalid = nodePool("search-query");
        ((ObjectNode) invalid.get("spec")).put("weight", 101);
        for (String op : List.of("NotIn", "Exists", "Gt")) {
            ObjectNode tenantPool = nodePool("storefront-web");
            ObjectNode r = ((ArrayNode) tenantPool.at("/spec/template/spec/requirements")).addObject().put("key", "jig.dev/tenant").put("operator", op);
            if (!op.equals("Exists")) r.putArray("values").add(op.equals("Gt") ? "1" : "payments");
            c.add(new Case("tenant NodePool requirement on the tenancy key " + op, Requests.pool(Operation.CREATE, restamped(tenantPool), null),
                    Rule.POOL_TENANT_MISMATCH));
        }
        ObjectNode unlistedExists = unlistedPool();
        ((ArrayNode) unlistedExists.at("/spec/template/spec/requirements")).addObject().put("key", "jig.dev/tenant").put("operator", "Exists");
        c.add(new Case("unlisted NodePool requiring the tenancy key Exists", Requests.pool(Operation.CREATE, restamped(unlistedExists), null),
                Rule.POOL_TENANT_MISMATCH));
        ObjectNode gpuless = nodePool("search-query");
        ((ObjectNode) gpuless.path("spec").path("limits")).remove("nvidia.com/gpu");
        c.add(new Case("tenant NodePool without an nvidia.com/gpu limit", Requests.pool(Operation.CREATE, restamped(gpuless), null), Rule.POOL_LIMITS_MISSING));
        c.add(new Case("compiled NodePool applied by a user who recomputed the public content hash",
                Requests.pool(Operation.CREATE, nodePool("payments-api"), null, Requests.DEVELOPER), Rule.POOL_NOT_COMPILED));
        ObjectNode grown = nodePool("search-query");
        ((ObjectNode) grown.path("spec").path("limits")).put("cpu", 8);
        c.add(new Case("NodePool restamped by hand with its recomputed hash (UPDATE by a user)",
                Requests.pool(Operation.UPDATE, restamped(grown), nodePool("search-query"), Requests.DEVELOPER), Rule.POOL_NOT_COMPILED));
        c.add(new Case("compiled EC2NodeClass created by a user", Requests.pool(Operation.CREATE, Acme.objects("EC2NodeClass").get(0), null,
                Requests.DEVELOPER), Rule.POOL_NOT_COMPILED));
        c.add(new Case("NodePool the Karpenter CRD refuses", Requests.pool(Operation.CREATE, restamped(invalid), null), Rule.KARPENTER_SCHEMA));
        return c;
    }

    public static List<Case> lookalikes() {
        List<Case> c = new ArrayList<>();
        c.add(new Case("own dedicated tenant's toleration", create(payments("l1")), null));
        c.add(new Case("keyed Exists toleration of a Kubernetes taint",
                create(with(storefront("l2"), "{\"tolerations\":[{\"key\":\"node.kubernetes.io/not-ready\",\"operator\":\"Exists\",\"effect\":\"NoExecute\",\"tolerationSeconds\":300}]}")), null));
        c.add(new Case("own tenant, NodePool and pool in nodeSelector",
                create(with(pod("storefront", "l3"), "{\"nodeSelector\":{\"node-restriction.kubernetes.io/jig-tenant\":\"storefront\",\"jig.dev/tenant\":\"storefront\",\"karpenter.sh/nodepool\":\"storefront-web\",\"jig.dev/pool\":\"web\",\"app-tier\":\"web\"}}")), null));
        c.add(new Case("node affinity excluding another tenant (NotIn)",
                create(with(storefront("l4"), affinity("required", "{\"matchExpressions\":[{\"key\":\"jig.dev/tenant\",\"operator\":\"NotIn\",\"values\":[\"payments\"]}]}"))), null));
        c.add(new Case("instance-type affinity of a pod of no tenant",
                create(with(pod("default", "l5"), affinity("preferred", "{\"matchExpressions\":[{\"key\":\"node.kubernetes.io/instance-type\",\"operator\":\"In\",\"values\":[\"m7g.large\"]}]}"))), null));
        c.add(new Case("pod affinity to the tenant's other namespace",
                create(with(storefront("l6"), podAffinity("podAffinity", "{\"topologyKey\":\"kubernetes.io/hostname\",\"namespaces\":[\"storefront-checkout\"],\"labelSelector\":{\"matchLabels\":{\"app\":\"cart\"}}}"))), null));
        c.add(new Case("pod anti-affinity in its own namespace over zones",
                create(with(storefront("l7"), podAffinity("podAntiAffinity", "{\"topologyKey\":\"topology.kubernetes.io/zone\",\"labelSelector\":{\"matchLabels\":{\"app\":\"l7\"}}}"))), null));
        c.add(new Case("pod affinity namespaceSelector pinned to the own tenant label",
                create(with(storefront("l8"), podAffinity("podAffinity", "{\"topologyKey\":\"kubernetes.io/hostname\",\"namespaceSelector\":{\"matchLabels\":{\"jig.dev/tenant\":\"storefront\"}},\"labelSelector\":{}}"))), null));
        c.add(new Case("topology spread over hostnames honouring node affinity",
                create(with(storefront("l9"), "{\"topologySpreadConstraints\":[{\"maxSkew\":1,\"topologyKey\":\"kubernetes.io/hostname\",\"whenUnsatisfiable\":\"ScheduleAnyway\",\"nodeAffinityPolicy\":\"Honor\",\"labelSelector\":{\"matchLabels\":{\"app\":\"l9\"}}}]}")), null));
        c.add(new Case("spec.nodeName on the tenant's own node", create(with(storefront("l10"), "{\"nodeName\":\"storefront-node-1\"}")), null));
        c.add(new Case("pods/binding to the tenant's own node", Requests.binding("payments", "l11", "payments-node-1"), null));
        c.add(new Case("pods/binding of a pod of no tenant to a system node", Requests.binding("default", "l12", "system-node-1"), null));
        c.add(new Case("legacy bindings resource to the tenant's own node", Requests.legacyBinding("payments", "l12b", "payments-node-1"), null));
        c.add(new Case("keyless Exists toleration in kube-system (exempt)",
                create(with(pod("kube-system", "l13"), "{\"tolerations\":[{\"operator\":\"Exists\"}]}")), null));
        ObjectNode legacy = with(pod("storefront", "l14"), "{\"tolerations\":[{\"key\":\"jig.dev/tenant\",\"value\":\"payments\"}]}");
        ObjectNode relabelled = legacy.deepCopy();
        ((ObjectNode) relabelled.path("metadata").path("labels")).put("version", "2");
        c.add(new Case("UPDATE of a pre-existing pod that adds nothing", update(legacy, relabelled), null));
        ObjectNode running = with(payments("l15"), "{\"nodeName\":\"payments-node-1\"}");
        c.add(new Case("ephemeral container on the tenant's own pod",
                Requests.ephemeral(with(running.deepCopy(), "{\"ephemeralContainers\":[{\"name\":\"debug\",\"image\":\"busybox\"}]}"), running), null));
        ObjectNode pending = pod("default", "l16");
        c.add(new Case("ephemeral container on a pending pod of no tenant (no nodeName yet)",
                Requests.ephemeral(with(pending.deepCopy(), "{\"ephemeralContainers\":[{\"name\":\"debug\",\"image\":\"busybox\"}]}"), pending), null));
        ObjectNode system = with(pod("default", "l17"), "{\"nodeName\":\"system-node-1\"}");
        c.add(new Case("ephemeral container on a pod of no tenant running on a system node",
                Requests.ephemeral(with(system.deepCopy(), "{\"ephemeralContainers\":[{\"name\":\"debug\",\"image\":\"busybox\"}]}"), system), null));
        c.add(new Case("GitOps labels a tenant's namespace",
                Requests.namespace(Operation.CREATE, Requests.namespaceObject("storefront", "storefront"), null, Requests.GITOPS), null));
        ObjectNode team = Requests.namespaceObject("payments", "payments");
        ((ObjectNode) team.path("metadata").path("labels")).put("team", "payments-core");
        c.add(new Case("tenant edits another label of its namespace",
                Requests.namespace(Operation.UPDATE, team, Requests.namespaceObject("payments", "payments"), Requests.DEVELOPER), null));
        c.add(new Case("namespace of no tenant created without a tenant label",
                Requests.namespace(Operation.CREATE, Requests.namespaceObject("sandbox", null), null, Requests.DEVELOPER), null));
        for (ObjectNode p : Acme.objects("NodePool")) {
            c.add(new Case("compiled NodePool " + p.path("metadata").path("name").asText(), Requests.pool(Operation.CREATE, p, null), null));
        }
        for (ObjectNode p : Acme.objects("EC2NodeClass")) {
            c.add(new Case("compiled EC2NodeClass " + p.path("metadata").path("name").asText(), Requests.pool(Operation.CREATE, p, null), null));
        }
        ObjectNode unclaimed = unlistedPool();
        ((ArrayNode) unclaimed.at("/spec/template/spec/requirements")).addObject().put("key", "jig.dev/tenant").put("operator", "DoesNotExist");
        c.add(new Case("unlisted NodePool requiring the tenancy key DoesNotExist", Requests.pool(Operation.CREATE, restamped(unclaimed), null), null));
        ObjectNode finalizer = nodePool("payments-api");
        ((ObjectNode) finalizer.get("metadata")).putArray("finalizers").add("karpenter.sh/termination");
        c.add(new Case("Karpenter adds a finalizer to a compiled NodePool",
                Requests.pool(Operation.UPDATE, finalizer, nodePool("payments-api"), Requests.KARPENTER), null));
        ObjectNode status = nodePool("payments-api");
        status.putObject("status").putObject("resources").put("cpu", "4");
        c.add(new Case("Karpenter updates a compiled NodePool's status",
                Requests.pool(Operation.UPDATE, status, nodePool("payments-api"), Requests.KARPENTER), null));
        return c;
    }

    /** A compiled NodePool renamed to one no tenant lists and claiming none ({@link #unclaimed}). */
    static ObjectNode unlistedPool() {
        ObjectNode unlisted = unclaimed(nodePool("storefront-web"), "platform-spare");
        ((ObjectNode) unlisted.get("metadata")).remove("labels");
        return unlisted;
    }

    static String affinity(String kind, String terms) {
        return kind.equals("required")
                ? "{\"affinity\":{\"nodeAffinity\":{\"requiredDuringSchedulingIgnoredDuringExecution\":{\"nodeSelectorTerms\":[" + terms + "]}}}}"
                : "{\"affinity\":{\"nodeAffinity\":{\"preferredDuringSchedulingIgnoredDuringExecution\":[{\"weight\":50,\"preference\":" + terms + "}]}}}";
    }

    static String podAffinity(String kind, String term) {
        return "{\"affinity\":{\"" + kind + "\":{\"requiredDuringSchedulingIgnoredDuringExecution\":[" + term + "]}}}";
    }
}
