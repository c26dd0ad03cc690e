package dev.jig.controller.manifest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.karpenter.Annotations;
import dev.jig.api.karpenter.ApiGroups;
import dev.jig.api.karpenter.Requirement;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.karpenter.Taint;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.model.Node;
import dev.jig.controller.model.NodeClaim;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes and reads karpenter.sh/v1 NodeClaims and reads Nodes, as JSON trees for the API server.
 * A NodeClaim's instance type, zone and capacity type live in its labels (as Karpenter keeps them);
 * the price of its offering in the annotation {@value #PRICE_ANNOTATION}.
 */
public final class ClusterManifests {


    private ClusterManifests() {
    }

    /** The NodeClaim object: metadata and spec (the status goes through {@link #nodeClaimStatus}). */
    public static ObjectNode nodeClaim(NodeClaim c) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode o = f.objectNode();
        o.put("apiVersion", ApiGroups.KARPENTER_V1);
        o.put("kind", "NodeClaim");
        ObjectNode meta = o.putObject("metadata");
        meta.put("name", c.name());
        if (!c.finalizers().isEmpty()) c.finalizers().forEach(meta.putArray("finalizers")::add);
        ObjectNode labels = meta.putObject("labels");
        c.labels().forEach(labels::put);
        labels.put(WellKnownLabels.NODEPOOL, c.nodePool());
        ObjectNode annotations = meta.putObject("annotations");
        c.annotations().forEach(annotations::put);
        if (c.status() != null) annotations.put(Annotations.PRICE_PER_HOUR, String.format(Locale.ROOT, "%.5f", c.status().pricePerHour()));
        if (annotations.isEmpty()) meta.remove("annotations");
        ObjectNode spec = o.putObject("spec");
        spec.putObject("nodeClassRef").put("group", ApiGroups.KARPENTER_AWS).put("kind", "EC2NodeClass").put("name", c.nodeClass());
        ArrayNode reqs = spec.putArray("requirements");
        for (Requirement r : c.requirements()) reqs.add(r.toJson());
        ObjectNode requests = spec.putObject("resources").putObject("requests");
        c.requests().toQuantities().forEach(requests::put);
        if (!c.taints().isEmpty()) taints(spec.putArray("taints"), c.taints());
        if (!c.startupTaints().isEmpty()) taints(spec.putArray("startupTaints"), c.startupTaints());
        if (c.status() != null) o.set("status", nodeClaimStatus(c.status()));
        return o;
    }

    public static ObjectNode nodeClaimStatus(NodeClaim.Status s) {
        ObjectNode st = JsonNodeFactory.instance.objectNode();
        st.put("providerID", s.providerId());
        if (s.nodeName() != null) st.put("nodeName", s.nodeName());
        if (s.lastPodEventTime() != null) st.put("lastPodEventTime", s.lastPodEventTime().toString());
        ObjectNode cap = st.putObject("capacity");
        s.capacity().toQuantities().forEach(cap::put);
        ObjectNode alloc = st.putObject("allocatable");
        s.allocatable().toQuantities().forEach(alloc::put);
        ArrayNode conds = st.putArray("conditions");
        for (NodeClaim.Condition c : s.conditions()) conds.add(condition(c));
        return st;
    }

    /** One status condition as the NodeClaim's status carries it. */
    public static ObjectNode condition(NodeClaim.Condition c) {
        return JsonNodeFactory.instance.objectNode().put("type", c.type()).put("status", c.status()).put("reason", c.reason())
                .put("message", c.message() == null ? "" : c.message()).put("lastTransitionTime", c.lastTransitionTime().toString());
    }

    public static NodeClaim nodeClaim(JsonNode o) {
        JsonNode meta = o.path("metadata");
        JsonNode spec = o.path("spec");
        Map<String, String> labels = Json.strings(meta.get("labels"));
        List<Requirement> reqs = new ArrayList<>();
        for (JsonNode r : Json.array(spec.get("requirements"))) {
            reqs.add(new Requirement(r.path("key").asText(), Requirement.Operator.valueOf(r.path("operator").asText()), Json.list(r.get("values"))));
        }
        NodeClaim.Status status = null;
        JsonNode st = o.path("status");
        if (st.hasNonNull("providerID")) {
            List<NodeClaim.Condition> conds = new ArrayList<>();
            for (JsonNode c : Json.array(st.get("conditions"))) {
                conds.add(new NodeClaim.Condition(c.path("type").asText(), c.path("status").asText(), c.path("reason").asText(""),
                        c.path("message").asText(""), Json.instant(c.path("lastTransitionTime").asText(null))));
            }
            status = new NodeClaim.Status(st.get("providerID").asText(), labels.get(WellKnownLabels.INSTANCE_TYPE), labels.get(WellKnownLabels.ZONE),
                    labels.get(WellKnownLabels.CAPACITY_TYPE), Double.parseDouble(meta.path("annotations").path(Annotations.PRICE_PER_HOUR).asText("0")),
                    ResourceList.parse(Json.strings(st.get("capacity"))), ResourceList.parse(Json.strings(st.get("allocatable"))),
                    Json.text(st, "nodeName", null), conds, st.hasNonNull("lastPodEventTime") ? Json.instant(st.get("lastPodEventTime").asText()) : null);
        }
        return new NodeClaim(meta.path("name").asText(), labels.getOrDefault(WellKnownLabels.NODEPOOL, ""), spec.path("nodeClassRef").path("name").asText(),
                labels, reqs, ResourceList.parse(Json.strings(spec.path("resources").get("requests"))), KarpenterManifests.taints(spec.get("taints")),
                KarpenterManifests.taints(spec.get("startupTaints")), Json.instant(meta.path("creationTimestamp").asText(null)),
                meta.hasNonNull("deletionTimestamp"), status, claimAnnotations(meta.get("annotations")), Json.list(meta.get("finalizers")));
    }

    /** The NodeClaim's own annotations: the price is status (read into {@link NodeClaim.Status}), not an annotation of the model. */
    private static Map<String, String> claimAnnotations(JsonNode annotations) {
        Map<String, String> out = new java.util.TreeMap<>(Json.strings(annotations));
        out.remove(Annotations.PRICE_PER_HOUR);
        return out;
    }

    public static Node node(JsonNode o) {
        JsonNode meta = o.path("metadata");
        boolean ready = false;
        for (JsonNode c : Json.array(o.path("status").get("conditions"))) {
            if (c.path("type").asText().equals("Ready")) ready = c.path("status").asText().equals("True");
        }
        String providerId = o.path("spec").path("providerID").asText("");
        return new Node(meta.path("name").asText(), providerId.isEmpty() ? null : providerId, Json.strings(meta.get("labels")),
                KarpenterManifests.taints(o.path("spec").get("taints")), ResourceList.parse(Json.strings(o.path("status").get("capacity"))),
                ResourceList.parse(Json.strings(o.path("status").get("allocatable"))), ready, Json.instant(meta.path("creationTimestamp").asText(null)));
    }

    /** A taint list as the Node and NodeClaim APIs spell it. */
    public static ArrayNode taints(ArrayNode out, List<Taint> taints) {
        for (Taint t : taints) out.add(t.toJson());
        return out;
    }
}
