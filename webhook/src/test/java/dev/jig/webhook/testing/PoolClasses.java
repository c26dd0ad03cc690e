package dev.jig.webhook.testing;

import static dev.jig.webhook.testing.Catalogue.restamped;
import static dev.jig.webhook.testing.PoolWorld.nodeClass;
import static dev.jig.webhook.testing.PoolWorld.nodePool;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.diag.Rule;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.webhook.admission.AdmissionInput;
import dev.jig.webhook.admission.AdmissionInput.Principal;
import dev.jig.webhook.admission.Operation;
import dev.jig.webhook.testing.Catalogue.Case;
import java.util.ArrayList;
import java.util.List;

/**
 * The NodePool and EC2NodeClass review classes, each a table of requests over {@link PoolWorld}
 * with the rule that must refuse them, or {@code null} where they must pass: the weight band taken
 * from compiled data and never from a pool's name (3), metadata- and status-only updates (4), the
 * isolation taint and label where they isolate (6), and node classes a tenant may use (7). Strict
 * JSON (10) is a table of bodies in {@code PoolClassesIT}.
 */
public final class PoolClasses {

    /** A mutation request and whether the webhook must answer it with a (non-empty) patch. */
    public record MutationCase(String name, AdmissionInput input, boolean patched) {
        @Override
        public String toString() {
            return name;
        }
    }

    private PoolClasses() {
    }

    static AdmissionInput create(ObjectNode object) {
        return Requests.pool(Operation.CREATE, object, null);
    }

    static AdmissionInput update(ObjectNode old, ObjectNode object, Principal user) {
        return Requests.pool(Operation.UPDATE, object, old, user);
    }

    static ObjectNode weighted(String pool, Integer weight) {
        ObjectNode p = nodePool(pool);
        if (weight == null) ((ObjectNode) p.get("spec")).remove("weight");
        else ((ObjectNode) p.get("spec")).put("weight", weight);
        return restamped(p);
    }

    /** Class 3: the band is the tenancy ConfigMap's {@code reservedNodePools}, not the name. */
    public static List<Case> weightBands() {
        List<Case> c = new ArrayList<>();
        c.add(new Case("compiled tenant pool named reserved-spot with its regular weight", create(nodePool("alpha-reserved-spot")), null));
        c.add(new Case("compiled reservation share in the reserved band", create(nodePool("alpha-reserved-graviton")), null));
        c.add(new Case("tenant pool named reserved-spot at the top of the regular band", create(weighted("alpha-reserved-spot", 79)), null));
        c.add(new Case("tenant pool named reserved-spot climbing into the reserved band", create(weighted("alpha-reserved-spot", 90)),
                Rule.POOL_WEIGHT_OUT_OF_BAND));
        c.add(new Case("tenant pool named reserved-spot without a weight", create(weighted("alpha-reserved-spot", null)), Rule.POOL_WEIGHT_OUT_OF_BAND));
        c.add(new Case("reservation share dropped into the regular band", create(weighted("alpha-reserved-graviton", 10)),
                Rule.POOL_WEIGHT_OUT_OF_BAND));
        c.add(new Case("reservation share above the reserved band", create(weighted("alpha-reserved-graviton", 101)), Rule.KARPENTER_SCHEMA));
        c.add(new Case("regular pool at the bottom of the reserved band", create(weighted("alpha-web", 80)), Rule.POOL_WEIGHT_OUT_OF_BAND));
        ObjectNode unlisted = unlisted("alpha-reserved-extra");
        ((ObjectNode) unlisted.get("spec")).put("weight", 90);
        c.add(new Case("pool no tenant lists, named like a reserved pool, in the reserved band", create(restamped(unlisted)),
                Rule.POOL_WEIGHT_OUT_OF_BAND));
        return c;
    }

    /** An EC2NodeClass as compiled before encrypted volumes were defaulted (stamped as it was then). */
    static ObjectNode legacyNodeClass() {
        ObjectNode nc = nodeClass("alpha-al2023");
        for (var mapping : nc.path("spec").path("blockDeviceMappings")) ((ObjectNode) mapping.get("ebs")).remove("encrypted");
        return restamped(nc);
    }

    /** A NodePool as compiled before its disruption budgets were defaulted. */
    static ObjectNode legacyNodePool() {
        ObjectNode np = nodePool("beta-api");
        ((ObjectNode) np.at("/spec/disruption")).remove("budgets");
        return restamped(np);
    }

    static ObjectNode withFinalizer(ObjectNode object) {
        ObjectNode o = object.deepCopy();
        ((ObjectNode) o.get("metadata")).putArray("finalizers").add("karpenter.k8s.aws/termination");
        return o;
    }

    static ObjectNode apiServerBumped(ObjectNode object) {
        ObjectNode o = object.deepCopy();
        ObjectNode meta = (ObjectNode) o.get("metadata");
        meta.put("resourceVersion", "48213").put("generation", 2).put("uid", "5a1c2d3e-0000-4000-8000-000000000001");
        meta.putArray("managedFields").addObject().put("manager", "karpenter").put("operation", "Update").put("apiVersion", "karpenter.sh/v1");
        return o;
    }

    static ObjectNode annotated(ObjectNode object, String key, String value) {
        ObjectNode o = object.deepCopy();
        ObjectNode annotations = (ObjectNode) o.get("metadata").get("annotations");
        if (value == null) annotations.remove(key); else annotations.put(key, value);
        return o;
    }

    static ObjectNode labelled(ObjectNode object, String key, String value) {
        ObjectNode o = object.deepCopy();
        ObjectNode labels = (ObjectNode) o.get("metadata").get("labels");
        if (value == null) labels.remove(key); else labels.put(key, value);
        return o;
    }

    /** Class 4: updates that change only metadata or status are admitted; Jig's own metadata is still judged. */
    public static List<Case> metadataUpdates() {
        List<Case> c = new ArrayList<>();
        ObjectNode legacy = legacyNodeClass();
        c.add(new Case("Karpenter adds its finalizer to an EC2NodeClass compiled before encrypted volumes were defaulted",
                update(legacy, withFinalizer(legacy), Requests.KARPENTER), null));
        ObjectNode deleting = withFinalizer(legacy);
        ((ObjectNode) deleting.get("metadata")).put("deletionTimestamp", "2026-11-25T12:00:00Z");
        ObjectNode released = deleting.deepCopy();
        ((ObjectNode) released.get("metadata")).remove("finalizers");
        c.add(new Case("Karpenter removes its finalizer from a deleting legacy EC2NodeClass", update(deleting, released, Requests.KARPENTER), null));
        ObjectNode pool = legacyNodePool();
        ObjectNode status = pool.deepCopy();
        status.putObject("status").putArray("conditions").addObject().put("type", "Ready").put("status", "True");
        c.add(new Case("Karpenter writes the status of a legacy NodePool", update(pool, status, Requests.KARPENTER), null));
        ObjectNode owned = nodePool("alpha-web");
        ((ObjectNode) owned.get("metadata")).putArray("ownerReferences").addObject().put("apiVersion", "argoproj.io/v1alpha1")
                .put("kind", "Application").put("name", "platform").put("uid", "9f8e7d6c-0000-4000-8000-000000000002");
        c.add(new Case("a user adds an owner reference", update(nodePool("alpha-web"), owned, Requests.DEVELOPER), null));
        c.add(new Case("a user sets another tool's annotation",
                update(nodePool("alpha-web"), annotated(nodePool("alpha-web"), "argocd.argoproj.io/tracking-id", "platform:karpenter.sh/NodePool:alpha-web"),
                        Requests.DEVELOPER), null));
        c.add(new Case("the API server's resourceVersion, generation and managedFields differ",
                update(nodePool("alpha-web"), apiServerBumped(nodePool("alpha-web")), Requests.KARPENTER), null));
        c.add(new Case("a user re-points the provenance source with a metadata-only update",
                update(nodePool("alpha-web"), annotated(nodePool("alpha-web"), "jig.dev/source", "tenants/beta.yaml"), Requests.DEVELOPER),
                Rule.POOL_NOT_COMPILED));
        c.add(new Case("a user stamps a revision on a compiled NodePool",
                update(nodePool("alpha-web"), annotated(nodePool("alpha-web"), "jig.dev/revision", "0123456789abcdef0123456789abcdef01234567"),
                        Requests.DEVELOPER), Rule.POOL_NOT_COMPILED));
        c.add(new Case("a user removes the content hash of a legacy EC2NodeClass while adding a finalizer",
                update(legacy, annotated(withFinalizer(legacy), "jig.dev/content-hash", null), Requests.DEVELOPER), Rule.POOL_NOT_COMPILED));
        c.add(new Case("a user relabels a NodePool's jig.dev/pool",
                update(nodePool("alpha-web"), labelled(nodePool("alpha-web"), "jig.dev/pool", "api"), Requests.DEVELOPER), Rule.POOL_NOT_COMPILED));
        c.add(new Case("a user moves a NodePool to another tenant with a label-only update",
                update(nodePool("beta-api"), labelled(nodePool("beta-api"), "jig.dev/tenant", "alpha"), Requests.DEVELOPER), Rule.POOL_TENANT_MISMATCH));
        return c;
    }

    /** Class 4, mutation: defaulting runs on CREATE and on content changes only. */
    public static List<MutationCase> metadataMutations() {
        List<MutationCase> c = new ArrayList<>();
        ObjectNode legacy = legacyNodeClass();
        c.add(new MutationCase("finalizer added to a legacy EC2NodeClass", update(legacy, withFinalizer(legacy), Requests.KARPENTER), false));
        ObjectNode pool = legacyNodePool();
        ObjectNode status = pool.deepCopy();
        status.putObject("status").putObject("resources").put("cpu", "4");
        c.add(new MutationCase("status written on a legacy NodePool", update(pool, status, Requests.KARPENTER), false));
        c.add(new MutationCase("managedFields and resourceVersion on a legacy EC2NodeClass",
                update(legacy, apiServerBumped(legacy), Requests.KARPENTER), false));
        c.add(new MutationCase("annotation on a legacy NodePool",
                update(pool, annotated(pool, "argocd.argoproj.io/tracking-id", "x"), Requests.DEVELOPER), false));
        ObjectNode resized = legacy.deepCopy();
        ((ObjectNode) resized.at("/spec/blockDeviceMappings/0/ebs")).put("volumeSize", "200Gi");
        c.add(new MutationCase("spec change of a legacy EC2NodeClass is defaulted", update(legacy, resized, Requests.GITOPS), true));
        c.add(new MutationCase("legacy EC2NodeClass created is defaulted", create(legacy), true));
        c.add(new MutationCase("legacy NodePool created is defaulted", create(pool), true));
        return c;
    }

    static ObjectNode spec(ObjectNode pool, String pointer) {
        return (ObjectNode) pool.at(pointer);
    }

    /** Class 6: the dedicated tenant's taint among the template's taints, its label among the template's labels. */
    public static List<Case> isolationPlacement() {
        List<Case> c = new ArrayList<>();
        ObjectNode startup = nodePool("alpha-web");
        ObjectNode ts = spec(startup, "/spec/template/spec");
        ts.set("startupTaints", ts.remove("taints"));
        c.add(new Case("dedicated tenant's taint only in startupTaints", create(restamped(startup)), Rule.POOL_TENANT_MISMATCH));
        for (String effect : List.of("PreferNoSchedule", "NoExecute")) {
            ObjectNode soft = nodePool("alpha-web");
            ((ObjectNode) soft.at("/spec/template/spec/taints/0")).put("effect", effect);
            c.add(new Case("dedicated tenant's taint with effect " + effect, create(restamped(soft)), Rule.POOL_TENANT_MISMATCH));
        }
        ObjectNode otherKey = nodePool("alpha-web");
        ((ObjectNode) otherKey.at("/spec/template/spec/taints/0")).put("key", "jig.dev/tenant-isolation");
        c.add(new Case("dedicated tenant's taint under another key", create(restamped(otherKey)), Rule.POOL_TENANT_MISMATCH));
        ObjectNode split = nodePool("alpha-web");
        ((ObjectNode) split.at("/spec/template/spec/taints/0")).remove("value");
        spec(split, "/spec/template/spec").putArray("startupTaints").addObject().put("key", "jig.dev/tenant").put("value", "alpha").put("effect", "NoSchedule");
        c.add(new Case("valueless taint, the tenant's value only as a startup taint", create(restamped(split)), Rule.POOL_TENANT_MISMATCH));
        ObjectNode poolOnly = nodePool("alpha-web");
        spec(poolOnly, "/spec/template/metadata/labels").remove("jig.dev/tenant");
        ((ArrayNode) poolOnly.at("/spec/template/spec/requirements")).addObject().put("key", "jig.dev/tenant").put("operator", "In")
                .putArray("values").add("alpha");
        c.add(new Case("tenant label on the NodePool and in a requirement, not in the template's labels", create(restamped(poolOnly)),
                Rule.POOL_TENANT_MISMATCH));
        ObjectNode foreignStartup = nodePool("beta-api");
        spec(foreignStartup, "/spec/template/spec").putArray("startupTaints").addObject().put("key", "jig.dev/tenant").put("value", "alpha")
                .put("effect", "NoSchedule");
        c.add(new Case("shared tenant's pool with another tenant's startup taint", create(restamped(foreignStartup)), Rule.POOL_TENANT_MISMATCH));
        ObjectNode both = nodePool("alpha-web");
        spec(both, "/spec/template/spec").putArray("startupTaints").addObject().put("key", "node.example.com/agent-not-ready")
                .put("effect", "NoSchedule");
        c.add(new Case("dedicated tenant's taint plus an agent's startup taint", create(restamped(both)), null));
        c.add(new Case("shared tenant's pool without a taint", create(nodePool("beta-api")), null));
        return c;
    }

    public static ObjectNode referencing(String pool, String group, String kind, String name) {
        ObjectNode p = nodePool(pool);
        ObjectNode ref = spec(p, "/spec/template/spec/nodeClassRef");
        ref.put("group", group).put("kind", kind).put("name", name);
        return restamped(p);
    }

    /** A compiled pool renamed to one no tenant lists and claiming none ({@link Catalogue#unclaimed}, not restamped). */
    static ObjectNode unlisted(String name) {
        return Catalogue.unclaimed(nodePool("beta-api"), name);
    }

    /** Class 7: a pool uses its own tenant's node classes (or shared ones), by group, kind and name. */
    public static List<Case> nodeClasses() {
        List<Case> c = new ArrayList<>();
        c.add(new Case("dedicated tenant's pool on a shared tenant's node class",
                create(referencing("alpha-web", "karpenter.k8s.aws", "EC2NodeClass", "beta-al2023")), Rule.POOL_FOREIGN_NODE_CLASS));
        c.add(new Case("shared tenant's pool on a dedicated tenant's node class",
                create(referencing("beta-api", "karpenter.k8s.aws", "EC2NodeClass", "alpha-al2023")), Rule.POOL_FOREIGN_NODE_CLASS));
        c.add(new Case("tenant pool on a node class no tenant is given",
                create(referencing("beta-api", "karpenter.k8s.aws", "EC2NodeClass", "platform-default")), Rule.POOL_FOREIGN_NODE_CLASS));
        c.add(new Case("nodeClassRef of another group",
                create(referencing("alpha-web", "karpenter.example.com", "EC2NodeClass", "alpha-al2023")), Rule.POOL_FOREIGN_NODE_CLASS));
        c.add(new Case("nodeClassRef of another kind",
                create(referencing("alpha-web", "karpenter.k8s.aws", "KWOKNodeClass", "alpha-al2023")), Rule.POOL_FOREIGN_NODE_CLASS));
        ObjectNode borrowing = unlisted("platform-spare");
        spec(borrowing, "/spec/template/spec/nodeClassRef").put("name", "alpha-al2023");
        c.add(new Case("pool no tenant lists on a tenant's node class", create(restamped(borrowing)), Rule.POOL_FOREIGN_NODE_CLASS));
        ObjectNode moved = nodePool("beta-api");
        c.add(new Case("UPDATE re-pointing a tenant pool at another tenant's node class",
                update(moved, referencing("beta-api", "karpenter.k8s.aws", "EC2NodeClass", "alpha-al2023"), Requests.GITOPS),
                Rule.POOL_FOREIGN_NODE_CLASS));
        c.add(new Case("reservation share on its tenant's node class", create(nodePool("alpha-reserved-graviton")), null));
        c.add(new Case("pool no tenant lists on a node class no tenant owns", create(restamped(unlisted("platform-spare"))), null));
        return c;
    }

    /** A compiled EC2NodeClass renamed to one no tenant owns, its tenant label and tag removed (not restamped). */
    static ObjectNode unownedNodeClass() {
        ObjectNode nc = nodeClass("alpha-al2023");
        ((ObjectNode) nc.get("metadata")).put("name", "platform-default");
        ((ObjectNode) nc.get("metadata").get("labels")).remove("jig.dev/tenant");
        spec(nc, "/spec/tags").remove("jig.dev/tenant");
        return nc;
    }

    /** Class 7, the class's side: an EC2NodeClass says truthfully whose it is (label and instance tag). */
    public static List<Case> nodeClassClaims() {
        List<Case> c = new ArrayList<>();
        c.add(new Case("tenant's EC2NodeClass labelled for another tenant", create(labelled(nodeClass("alpha-al2023"), "jig.dev/tenant", "beta")),
                Rule.POOL_TENANT_MISMATCH));
        ObjectNode retagged = nodeClass("alpha-al2023");
        spec(retagged, "/spec/tags").put("jig.dev/tenant", "beta");
        c.add(new Case("tenant's EC2NodeClass tagging its instances for another tenant", create(restamped(retagged)), Rule.POOL_TENANT_MISMATCH));
        c.add(new Case("tenant's EC2NodeClass without its tenant label", create(labelled(nodeClass("beta-al2023"), "jig.dev/tenant", null)),
                Rule.POOL_TENANT_MISMATCH));
        ObjectNode untagged = nodeClass("beta-al2023");
        spec(untagged, "/spec/tags").remove("jig.dev/tenant");
        c.add(new Case("tenant's EC2NodeClass without its tenant tag", create(restamped(untagged)), Rule.POOL_TENANT_MISMATCH));
        c.add(new Case("EC2NodeClass no tenant owns labelled for a tenant", create(labelled(restamped(unownedNodeClass()), "jig.dev/tenant", "alpha")),
                Rule.POOL_TENANT_MISMATCH));
        ObjectNode tagged = unownedNodeClass();
        spec(tagged, "/spec/tags").put("jig.dev/tenant", "alpha");
        c.add(new Case("EC2NodeClass no tenant owns tagging its instances for a tenant", create(restamped(tagged)), Rule.POOL_TENANT_MISMATCH));
        ObjectNode owned = nodeClass("alpha-al2023");
        c.add(new Case("label-only UPDATE giving a tenant's EC2NodeClass to another tenant",
                update(owned, labelled(owned, "jig.dev/tenant", "beta"), Requests.GITOPS), Rule.POOL_TENANT_MISMATCH));
        for (ObjectNode compiled : PoolWorld.objects("EC2NodeClass")) {
            c.add(new Case("compiled EC2NodeClass " + compiled.path("metadata").path("name").asText(), create(compiled), null));
        }
        c.add(new Case("EC2NodeClass no tenant owns, claiming none", create(restamped(unownedNodeClass())), null));
        return c;
    }

    static final String NODE_KEY = WellKnownLabels.NODE_TENANT;

    /** A pool whose template labels its nodes {@code key=value} ({@code null}: removes the label), restamped. */
    static ObjectNode nodeLabelled(ObjectNode pool, String key, String value) {
        ObjectNode labels = spec(pool, "/spec/template/metadata/labels");
        if (value == null) labels.remove(key); else labels.put(key, value);
        return restamped(pool);
    }

    /** A pool with one more requirement {@code key operator values}, restamped. */
    static ObjectNode requiring(ObjectNode pool, String key, String operator, String... values) {
        ObjectNode r = ((ArrayNode) pool.at("/spec/template/spec/requirements")).addObject().put("key", key).put("operator", operator);
        if (values.length > 0) {
            ArrayNode vs = r.putArray("values");
            for (String v : values) vs.add(v);
        }
        return restamped(pool);
    }

    /**
     * The node tenancy key on pools: every key whose value names a tenant on a pool's nodes (the node key, the
     * legacy key, any {@code node-restriction.kubernetes.io/} key), the pool label and the EC2NodeClass label get
     * the claim checks of the legacy key; a tenant's pool carries the node key with its tenant's value.
     */
    public static List<Case> nodeTenancyKey() {
        List<Case> c = new ArrayList<>();
        c.add(new Case("dedicated tenant's pool labelling its nodes as another tenant's by the node key",
                create(nodeLabelled(nodePool("alpha-web"), NODE_KEY, "beta")), Rule.POOL_TENANT_MISMATCH));
        c.add(new Case("shared tenant's pool labelling its nodes as another tenant's by the node key",
                create(nodeLabelled(nodePool("beta-api"), NODE_KEY, "alpha")), Rule.POOL_TENANT_MISMATCH));
        c.add(new Case("tenant's pool requiring the node key In [another tenant]",
                create(requiring(nodePool("alpha-web"), NODE_KEY, "In", "beta")), Rule.POOL_TENANT_MISMATCH));
        c.add(new Case("tenant's pool requiring the node key Exists", create(requiring(nodePool("beta-api"), NODE_KEY, "Exists")),
                Rule.POOL_TENANT_MISMATCH));
        c.add(new Case("tenant's pool requiring the node key NotIn [itself]", create(requiring(nodePool("beta-api"), NODE_KEY, "NotIn", "beta")),
                Rule.POOL_TENANT_MISMATCH));
        c.add(new Case("tenant's pool without the node key on its nodes (legacy label only)",
                create(nodeLabelled(nodePool("alpha-reserved-spot"), NODE_KEY, null)), Rule.POOL_TENANT_MISMATCH));
        c.add(new Case("tenant's pool with an empty node key value", create(nodeLabelled(nodePool("beta-api"), NODE_KEY, "")),
                Rule.POOL_TENANT_MISMATCH));
        c.add(new Case("pool no tenant lists labelling its nodes by the node key", create(nodeLabelled(unlisted("platform-spare"), NODE_KEY, "beta")),
                Rule.POOL_TENANT_MISMATCH));
        c.add(new Case("pool no tenant lists with an empty node key value", create(nodeLabelled(unlisted("platform-spare"), NODE_KEY, "")),
                Rule.POOL_TENANT_MISMATCH));
        c.add(new Case("pool no tenant lists requiring the node key In [a tenant]",
                create(requiring(unlisted("platform-spare"), NODE_KEY, "In", "alpha")), Rule.POOL_TENANT_MISMATCH));
        c.add(new Case("tenant's pool naming another tenant by another node-restriction key",
                create(nodeLabelled(nodePool("alpha-web"), WellKnownLabels.NODE_RESTRICTION_DOMAIN + "/jig-team", "beta")), Rule.POOL_TENANT_MISMATCH));
        c.add(new Case("tenant's pool with a taint naming another tenant by the node key",
                create(restamped(withTaint(nodePool("alpha-web"), NODE_KEY, "beta"))), Rule.POOL_TENANT_MISMATCH));
        c.add(new Case("tenant's pool labelling its nodes with another tenant's pool label",
                create(nodeLabelled(nodePool("alpha-web"), WellKnownLabels.JIG_POOL, "api")), Rule.POOL_TENANT_MISMATCH));
        c.add(new Case("pool no tenant lists labelling its nodes with a tenant's pool label",
                create(nodeLabelled(unlisted("platform-spare"), WellKnownLabels.JIG_POOL, "web")), Rule.POOL_TENANT_MISMATCH));
        c.add(new Case("tenant's pool labelling its nodes with another tenant's EC2NodeClass",
                create(nodeLabelled(nodePool("alpha-web"), WellKnownLabels.EC2NODECLASS, "beta-al2023")), Rule.POOL_TENANT_MISMATCH));
        c.add(new Case("UPDATE moving a tenant's nodes to another tenant by the node key",
                update(nodePool("beta-api"), nodeLabelled(nodePool("beta-api"), NODE_KEY, "alpha"), Requests.GITOPS), Rule.POOL_TENANT_MISMATCH));
        for (ObjectNode compiled : PoolWorld.objects("NodePool")) {
            c.add(new Case("compiled NodePool " + compiled.path("metadata").path("name").asText(), create(compiled), null));
        }
        c.add(new Case("tenant's pool requiring the node key In [itself]", create(requiring(nodePool("alpha-web"), NODE_KEY, "In", "alpha")), null));
        c.add(new Case("pool no tenant lists requiring the node key DoesNotExist",
                create(requiring(unlisted("platform-spare"), NODE_KEY, "DoesNotExist")), null));
        c.add(new Case("pool no tenant lists with a pool label of its own", create(nodeLabelled(unlisted("platform-spare"), WellKnownLabels.JIG_POOL, "spare")),
                null));
        c.add(new Case("tenant's pool labelling its nodes with its own EC2NodeClass",
                create(nodeLabelled(nodePool("alpha-web"), WellKnownLabels.EC2NODECLASS, "alpha-al2023")), null));
        return c;
    }

    static ObjectNode withTaint(ObjectNode pool, String key, String value) {
        ((ArrayNode) pool.at("/spec/template/spec/taints")).addObject().put("key", key).put("value", value).put("effect", "NoSchedule");
        return pool;
    }
}
