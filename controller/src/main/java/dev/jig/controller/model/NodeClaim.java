package dev.jig.controller.model;

import dev.jig.api.karpenter.Requirement;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.karpenter.Taint;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A karpenter.sh/v1 NodeClaim: the request for one node (spec) and what became of it (status). Its
 * lifecycle is Karpenter's: {@code Launched} once the cloud instance exists, {@code Registered} once
 * its Node joined, {@code Initialized} once the Node is Ready without startup taints. Immutable; the
 * {@code with*} methods return changed copies.
 *
 * @param requirements the NodePool's requirements narrowed by the scheduler, instance types included
 * @param requests     what its pods and DaemonSets request
 * @param status       null until launched
 * @param annotations  {@code metadata.annotations}: the NodePool template hash and its version (static drift), and
 *                     {@code karpenter.sh/do-not-disrupt}
 * @param finalizers   {@code metadata.finalizers}: with {@code karpenter.sh/termination} a deleted NodeClaim stays
 *                     (marked {@link #deleting}) until the Terminator has drained its node and its instance is gone
 */
public record NodeClaim(String name, String nodePool, String nodeClass, Map<String, String> labels,
                        List<Requirement> requirements, ResourceList requests, List<Taint> taints, List<Taint> startupTaints,
                        Instant created, boolean deleting, Status status, Map<String, String> annotations,
                        List<String> finalizers) {

    public static final String LAUNCHED = "Launched";
    public static final String REGISTERED = "Registered";
    public static final String INITIALIZED = "Initialized";
    public static final String READY = "Ready";

    /** A status condition with Kubernetes' fields. */
    public record Condition(String type, String status, String reason, String message, Instant lastTransitionTime) {
    }

    /**
     * @param providerId   the cloud instance, e.g. {@code aws:///us-east-1a/i-0123} or {@code sim:///us-east-1a/i-0001}
     * @param instanceType the type launched
     * @param pricePerHour the price of the offering launched
     * @param nodeName     the Node that registered for it, or null
     * @param lastPodEventTime when a pod last bound to or left its node ({@code status.lastPodEventTime}), or null;
     *                     {@code consolidateAfter} counts from it
     */
    public record Status(String providerId, String instanceType, String zone, String capacityType, double pricePerHour,
                         ResourceList capacity, ResourceList allocatable, String nodeName, List<Condition> conditions,
                         Instant lastPodEventTime) {
        public Status {
            conditions = List.copyOf(conditions);
        }

        /** A status without a pod event yet. */
        public Status(String providerId, String instanceType, String zone, String capacityType, double pricePerHour,
                      ResourceList capacity, ResourceList allocatable, String nodeName, List<Condition> conditions) {
            this(providerId, instanceType, zone, capacityType, pricePerHour, capacity, allocatable, nodeName, conditions, null);
        }

        public Status withNodeName(String node) {
            return new Status(providerId, instanceType, zone, capacityType, pricePerHour, capacity, allocatable, node, conditions, lastPodEventTime);
        }

        /** This status with the condition of {@code type} replaced by {@code condition}, or removed when it is null. */
        public Status withCondition(String type, Condition condition) {
            List<Condition> out = new ArrayList<>();
            for (Condition c : conditions) if (!c.type().equals(type)) out.add(c);
            if (condition != null) out.add(condition);
            return new Status(providerId, instanceType, zone, capacityType, pricePerHour, capacity, allocatable, nodeName, out, lastPodEventTime);
        }

        public Status withLastPodEventTime(Instant at) {
            return new Status(providerId, instanceType, zone, capacityType, pricePerHour, capacity, allocatable, nodeName, conditions, at);
        }

        /** The condition of {@code type}, or null. */
        public Condition condition(String type) {
            for (Condition c : conditions) if (c.type().equals(type)) return c;
            return null;
        }

        public boolean is(String type) {
            for (Condition c : conditions) if (c.type().equals(type)) return c.status().equals("True");
            return false;
        }
    }

    public NodeClaim {
        labels = new TreeMap<>(labels);
        requirements = List.copyOf(requirements);
        taints = List.copyOf(taints);
        startupTaints = List.copyOf(startupTaints);
        annotations = annotations == null ? Map.of() : new TreeMap<>(annotations);
        finalizers = finalizers == null ? List.of() : List.copyOf(finalizers);
    }

    /** A NodeClaim without finalizers. */
    public NodeClaim(String name, String nodePool, String nodeClass, Map<String, String> labels,
                     List<Requirement> requirements, ResourceList requests, List<Taint> taints, List<Taint> startupTaints,
                     Instant created, boolean deleting, Status status, Map<String, String> annotations) {
        this(name, nodePool, nodeClass, labels, requirements, requests, taints, startupTaints, created, deleting, status, annotations, List.of());
    }

    /** A NodeClaim without annotations. */
    public NodeClaim(String name, String nodePool, String nodeClass, Map<String, String> labels,
                     List<Requirement> requirements, ResourceList requests, List<Taint> taints, List<Taint> startupTaints,
                     Instant created, boolean deleting, Status status) {
        this(name, nodePool, nodeClass, labels, requirements, requests, taints, startupTaints, created, deleting, status, Map.of());
    }

    public boolean launched() {
        return status != null && status.is(LAUNCHED);
    }

    public boolean registered() {
        return status != null && status.is(REGISTERED);
    }

    public boolean initialized() {
        return status != null && status.is(INITIALIZED);
    }

    public NodeClaim withStatus(Status s) {
        return new NodeClaim(name, nodePool, nodeClass, labels, requirements, requests, taints, startupTaints, created, deleting, s, annotations, finalizers);
    }

    public NodeClaim withLabels(Map<String, String> l) {
        return new NodeClaim(name, nodePool, nodeClass, l, requirements, requests, taints, startupTaints, created, deleting, status, annotations, finalizers);
    }

    public NodeClaim withAnnotations(Map<String, String> a) {
        return new NodeClaim(name, nodePool, nodeClass, labels, requirements, requests, taints, startupTaints, created, deleting, status, a, finalizers);
    }

    public NodeClaim markDeleting() {
        return new NodeClaim(name, nodePool, nodeClass, labels, requirements, requests, taints, startupTaints, created, true, status, annotations, finalizers);
    }

    /** This NodeClaim with {@code finalizer} added (once). */
    public NodeClaim withFinalizer(String finalizer) {
        if (finalizers.contains(finalizer)) return this;
        List<String> f = new ArrayList<>(finalizers);
        f.add(finalizer);
        return new NodeClaim(name, nodePool, nodeClass, labels, requirements, requests, taints, startupTaints, created, deleting, status, annotations, f);
    }

    public boolean hasFinalizer(String finalizer) {
        return finalizers.contains(finalizer);
    }

    /** The status with condition {@code type} set (replacing an earlier one), and the Ready summary recomputed. */
    public static Status condition(Status s, String type, boolean value, String reason, String message, Instant now) {
        List<Condition> out = new ArrayList<>();
        boolean launched = false, registered = false, initialized = false;
        for (Condition c : s.conditions()) {
            if (c.type().equals(type) || c.type().equals(READY)) continue;
            out.add(c);
        }
        out.add(new Condition(type, value ? "True" : "False", reason, message, now));
        for (Condition c : out) {
            boolean t = c.status().equals("True");
            if (c.type().equals(LAUNCHED)) launched = t;
            if (c.type().equals(REGISTERED)) registered = t;
            if (c.type().equals(INITIALIZED)) initialized = t;
        }
        boolean ready = launched && registered && initialized;
        out.add(new Condition(READY, ready ? "True" : "False", ready ? READY : "NotReady", ready ? "" : "waiting for the node", now));
        return new Status(s.providerId(), s.instanceType(), s.zone(), s.capacityType(), s.pricePerHour(), s.capacity(),
                s.allocatable(), s.nodeName(), out, s.lastPodEventTime());
    }
}
