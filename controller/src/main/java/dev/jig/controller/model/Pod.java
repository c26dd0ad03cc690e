package dev.jig.controller.model;

import dev.jig.api.karpenter.ResourceList;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The scheduling-relevant part of a pod, immutable. {@link #requests} is the effective request of
 * the pod (the larger of the sum of its containers and each init container, plus pod overhead) with
 * exactly one pod slot; resources the scheduler does not model are kept by name in {@link #otherRequests}
 * so a pod asking for them can be reported rather than placed on a node without them.
 *
 * @param uid               unique id; also the tie-breaker of the queue order
 * @param nodeName          the node it is bound to, or null while pending
 * @param daemonSet         whether a DaemonSet owns it (it then counts as node overhead, not as a pending pod)
 * @param ignored           why Karpenter does not provision for it although it is unbound (scheduling gates, another
 *                          scheduler, a nomination by preemption), or null
 * @param requiredTerms     required node affinity terms (ORed)
 * @param preferredTerms    preferred node affinity terms with weights
 * @param priority          {@code spec.priority} (resolved from the PriorityClass by admission), 0 when unset;
 *                          the kube-scheduler's queue takes higher priorities first
 * @param created           {@code metadata.creationTimestamp}; the kube-scheduler's queue takes older pods first
 *                          among equal priorities ({@link Instant#EPOCH} when unknown)
 * @param annotations       {@code metadata.annotations}: disruption reads {@code karpenter.sh/do-not-disrupt},
 *                          {@code controller.kubernetes.io/pod-deletion-cost} and the mirror-pod marker
 * @param nominatedNodeName {@code status.nominatedNodeName} while the pod is pending, or null: the node the
 *                          kube-scheduler tries first and keeps room on (KEP-5278); the provisioner tells its own
 *                          nominations by the record of what it wrote, and ignores pods nominated by anyone else
 * @param terminationGracePeriodSeconds {@code spec.terminationGracePeriodSeconds} ({@value #DEFAULT_TERMINATION_GRACE_SECONDS}
 *                          when unset, as the API server defaults it): a drain whose grace period runs out deletes the
 *                          pod this long before, so its own grace ends with the node's
 * @param started           {@code status.startTime}: when the kubelet accepted the pod, or null before (and when unknown);
 *                          a {@code karpenter.sh/do-not-disrupt} duration counts from it
 */
public record Pod(
        String namespace,
        String name,
        String uid,
        Map<String, String> labels,
        ResourceList requests,
        Set<String> otherRequests,
        Map<String, String> nodeSelector,
        List<NodeSelectorTerm> requiredTerms,
        List<NodeSelectorTerm> preferredTerms,
        List<Toleration> tolerations,
        List<TopologySpread> spreads,
        List<PodAffinityTerm> affinity,
        List<PodAffinityTerm> preferredAffinity,
        List<PodAffinityTerm> antiAffinity,
        List<PodAffinityTerm> preferredAntiAffinity,
        String nodeName,
        boolean daemonSet,
        String ignored,
        int priority,
        Instant created,
        Map<String, String> annotations,
        String nominatedNodeName,
        long terminationGracePeriodSeconds,
        Instant started) {

    /** The API server's default {@code terminationGracePeriodSeconds}. */
    public static final long DEFAULT_TERMINATION_GRACE_SECONDS = 30;

    public Pod {
        requests = withPodSlot(requests);
        labels = new TreeMap<>(labels);
        otherRequests = Set.copyOf(otherRequests);
        nodeSelector = new TreeMap<>(nodeSelector);
        requiredTerms = List.copyOf(requiredTerms);
        preferredTerms = List.copyOf(preferredTerms);
        tolerations = List.copyOf(tolerations);
        spreads = List.copyOf(spreads);
        affinity = List.copyOf(affinity);
        preferredAffinity = List.copyOf(preferredAffinity);
        antiAffinity = List.copyOf(antiAffinity);
        preferredAntiAffinity = List.copyOf(preferredAntiAffinity);
        created = created == null ? Instant.EPOCH : created;
        annotations = annotations == null ? Map.of() : new TreeMap<>(annotations);
        nominatedNodeName = nominatedNodeName == null || nominatedNodeName.isEmpty() ? null : nominatedNodeName;
        if (terminationGracePeriodSeconds < 0) throw new IllegalArgumentException("terminationGracePeriodSeconds " + terminationGracePeriodSeconds + " < 0");
    }

    /**
     * The kube-scheduler's queue order: higher priority first, then earlier creation (callers' order breaks ties).
     * Nominations are handed out in it too, so that the pods the kube-scheduler tries first get the room first.
     */
    public static final java.util.Comparator<Pod> QUEUE_ORDER =
            java.util.Comparator.comparingInt((Pod p) -> -p.priority()).thenComparing(Pod::created);

    /** A pending pod with only requests and labels; {@link #with()} adds the rest. */
    public static Pod of(String namespace, String name, ResourceList requests, Map<String, String> labels) {
        return new Pod(namespace, name, namespace + "/" + name, labels, withPodSlot(requests), Set.of(), Map.of(),
                List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), null, false, null, 0, Instant.EPOCH, Map.of(), null, DEFAULT_TERMINATION_GRACE_SECONDS, null);
    }

    public String key() {
        return namespace + "/" + name;
    }

    public boolean isBound() {
        return nodeName != null;
    }

    public PodBuilder with() {
        return new PodBuilder(this);
    }

    /** A pod takes exactly one pod slot, whatever its containers say. */
    static ResourceList withPodSlot(ResourceList r) {
        return r.pods() == 1 ? r : new ResourceList(r.cpuMillis(), r.memoryBytes(), r.ephemeralBytes(), r.gpus(), 1);
    }
}
