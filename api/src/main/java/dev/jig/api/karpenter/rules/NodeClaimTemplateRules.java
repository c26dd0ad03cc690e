package dev.jig.api.karpenter.rules;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.Set;

/**
 * {@code spec.template} of a NodePool: the labels and annotations given to nodes, the node class
 * reference and the lifetimes. Requirements and taints have classes of their own.
 */
final class NodeClaimTemplateRules {

    private static final Set<String> TEMPLATE = Set.of("metadata", "spec");
    private static final Set<String> METADATA = Set.of("annotations", "labels");
    private static final Set<String> SPEC = Set.of(
            "expireAfter", "nodeClassRef", "requirements", "startupTaints", "taints", "terminationGracePeriod");
    private static final Set<String> NODE_CLASS_REF = Set.of("group", "kind", "name");
    private static final int MAX_LABELS = 100;
    private static final int MAX_LABEL_VALUE = 63;

    private NodeClaimTemplateRules() {
    }

    static void check(ObjectNode template, Pointer at, Checks checks) {
        checks.closed(template, at, TEMPLATE);
        ObjectNode metadata = checks.object(template, at, "metadata");
        if (metadata != null) {
            metadata(metadata, at.child("metadata"), checks);
        }
        checks.required(template, at, "spec");
        ObjectNode spec = checks.object(template, at, "spec");
        if (spec != null) {
            spec(spec, at.child("spec"), checks);
        }
    }

    private static void metadata(ObjectNode metadata, Pointer at, Checks checks) {
        checks.closed(metadata, at, METADATA);
        checks.stringMap(metadata, at, "annotations");
        ObjectNode labels = checks.stringMap(metadata, at, "labels");
        if (labels == null) {
            return;
        }
        Pointer labelsAt = at.child("labels");
        checks.maxProperties(labels, labelsAt, MAX_LABELS);
        for (Map.Entry<String, JsonNode> e : labels.properties()) {
            if (!Checks.present(e.getValue())) {
                continue;
            }
            Pointer labelAt = labelsAt.child(e.getKey());
            LabelKeyRules.check(e.getKey(), labelAt, checks);
            String value = Checks.text(e.getValue());
            if (value != null && checks.maxLength(value, labelAt, MAX_LABEL_VALUE)
                    && !CrdPattern.LABEL_VALUE.matches(value)) {
                checks.pattern(labelAt, CrdPattern.LABEL_VALUE);
            }
        }
    }

    private static void spec(ObjectNode spec, Pointer at, Checks checks) {
        checks.closed(spec, at, SPEC);
        // expireAfter defaults to 720h, so it is never missing.
        checks.string(spec, at, "expireAfter", CrdPattern.DURATION_OR_NEVER);
        checks.string(spec, at, "terminationGracePeriod", CrdPattern.DURATION);
        checks.required(spec, at, "nodeClassRef");
        ObjectNode ref = checks.object(spec, at, "nodeClassRef");
        if (ref != null) {
            nodeClassRef(ref, at.child("nodeClassRef"), checks);
        }
        checks.required(spec, at, "requirements");
        RequirementRules.check(checks.array(spec, at, "requirements"), at.child("requirements"), checks);
        TaintRules.check(checks.array(spec, at, "taints"), at.child("taints"), checks);
        TaintRules.check(checks.array(spec, at, "startupTaints"), at.child("startupTaints"), checks);
    }

    private static void nodeClassRef(ObjectNode ref, Pointer at, Checks checks) {
        checks.closed(ref, at, NODE_CLASS_REF);
        checks.required(ref, at, "group");
        checks.required(ref, at, "kind");
        checks.required(ref, at, "name");
        notEmpty(checks.string(ref, at, "group", CrdPattern.NODE_CLASS_GROUP), at.child("group"),
                CelRule.NODE_CLASS_GROUP_NOT_EMPTY, checks);
        notEmpty(checks.string(ref, at, "kind"), at.child("kind"), CelRule.NODE_CLASS_KIND_NOT_EMPTY, checks);
        notEmpty(checks.string(ref, at, "name"), at.child("name"), CelRule.NODE_CLASS_NAME_NOT_EMPTY, checks);
    }

    private static void notEmpty(String value, Pointer at, CelRule rule, Checks checks) {
        if (value != null && value.isEmpty()) {
            checks.cel(at, rule);
        }
    }
}
