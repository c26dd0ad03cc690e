package dev.jig.api.karpenter.rules;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.diag.Rule;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Decides whether a cluster with the Karpenter v1.14.1 CRDs would accept a {@code NodePool}
 * (karpenter.sh/v1) or {@code EC2NodeClass} (karpenter.k8s.aws/v1): the OpenAPI schema (types,
 * required fields, enums, bounds, sizes, unknown fields), the {@code pattern}s and every
 * {@code x-kubernetes-validations} rule, each written by hand after the CRDs.
 * <p>An object is accepted exactly when the list of violations is empty. The input is raw JSON as
 * the compiler emits it or as {@code kubectl apply} sends it: nothing is assumed well formed, a
 * wrong type anywhere is a violation, and no method throws. Where the API server would first
 * apply a default (see {@link KarpenterDefaults}), a missing field with a default is not a
 * violation. The API server stops before its CEL rules when the schema already fails; these rules
 * run every check they can, so a rejected object may list more reasons than the server reports.
 * <p>Thread-safe and allocation-light: patterns are compiled once, nothing is reflected.
 */
public final class KarpenterRules {

    private KarpenterRules() {
    }

    /** Validates a NodePool or an EC2NodeClass, chosen by apiVersion and kind; any other kind is one violation. */
    public static List<Violation> validate(JsonNode object) {
        if (object == null || !object.isObject()) {
            return notAnObject();
        }
        CrdKind kind = CrdKind.of(Checks.text(object.get("apiVersion")), Checks.text(object.get("kind")));
        if (kind == null) {
            return List.of(new Violation(Rule.KARPENTER_SCHEMA, "/kind",
                    "not a Karpenter object Jig knows: expected apiVersion karpenter.sh/v1 kind NodePool"
                            + " or apiVersion karpenter.k8s.aws/v1 kind EC2NodeClass"));
        }
        return kind == CrdKind.NODE_POOL ? validateNodePool(object) : validateEC2NodeClass(object);
    }

    /** Validates the object as a NodePool, whatever its apiVersion and kind say. */
    public static List<Violation> validateNodePool(JsonNode object) {
        if (object == null || !object.isObject()) {
            return notAnObject();
        }
        Checks checks = new Checks();
        NodePoolRules.check((ObjectNode) object, checks);
        return Collections.unmodifiableList(checks.violations());
    }

    /** Validates the object as an EC2NodeClass, whatever its apiVersion and kind say. */
    public static List<Violation> validateEC2NodeClass(JsonNode object) {
        if (object == null || !object.isObject()) {
            return notAnObject();
        }
        Checks checks = new Checks();
        EC2NodeClassRules.check((ObjectNode) object, checks);
        return Collections.unmodifiableList(checks.violations());
    }

    /**
     * Validates an update: everything {@link #validate} checks on the new object, plus the
     * transition rules that compare it with the stored one ({@code oldSelf}): a NodePool's
     * nodeClassRef group and kind are immutable and it cannot switch between static and dynamic
     * provisioning. An old object of another kind adds nothing. Validation ratcheting (the API
     * server's leniency towards unchanged invalid fields) is not modelled.
     */
    public static List<Violation> validateUpdate(JsonNode oldObject, JsonNode newObject) {
        List<Violation> violations = validate(newObject);
        if (!isNodePool(oldObject) || !isNodePool(newObject)) {
            return violations;
        }
        Checks checks = new Checks();
        NodePoolTransitionRules.check(oldObject, newObject, checks);
        if (checks.violations().isEmpty()) {
            return violations;
        }
        List<Violation> all = new ArrayList<>(violations);
        all.addAll(checks.violations());
        return Collections.unmodifiableList(all);
    }

    private static boolean isNodePool(JsonNode object) {
        return object != null && object.isObject() && CrdKind.of(Checks.text(object.get("apiVersion")), Checks.text(object.get("kind"))) == CrdKind.NODE_POOL;
    }

    private static List<Violation> notAnObject() {
        return List.of(new Violation(Rule.KARPENTER_SCHEMA, "", "must be an object"));
    }
}
