package dev.jig.controller.simulate;

import dev.jig.api.karpenter.Taint;
import dev.jig.api.karpenter.TaintKeys;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.cloud.CloudProvider;
import dev.jig.controller.cloud.Instance;
import dev.jig.controller.loop.Timeline;
import dev.jig.controller.loop.TimelineEvent;
import dev.jig.controller.model.Node;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.Pod;
import dev.jig.controller.scheduling.DaemonSets;
import dev.jig.controller.state.ClusterSnapshot;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The nodes' side of a simulation: once an instance has booted, its kubelet registers a Node
 * (the labels a real node gets, see {@link #nodeLabels}; the NodeClaim's taints and startup taints, and Karpenter's
 * {@code unregistered} taint), the DaemonSets that run there start their pods, and after the ready
 * latency the Node turns Ready and its startup taints are removed (as a CNI or agent would). Nodes
 * whose instance is gone disappear.
 */
public final class SimulatedKubelet {

    /** The deprecated keys a kubelet sets beside their current ones (the EBS CSI zone comes from the CSI driver, not from it). */
    private static final List<String> KUBELET_ALIASES = List.of(WellKnownLabels.BETA_INSTANCE_TYPE, WellKnownLabels.BETA_ARCH,
            WellKnownLabels.BETA_OS, WellKnownLabels.BETA_ZONE, WellKnownLabels.BETA_REGION);

    private final InMemoryCluster cluster;
    private final CloudProvider cloud;
    private final Clock clock;
    private final Duration readyLatency;
    private final Timeline log;
    private final Map<String, Instant> registeredAt = new HashMap<>();
    /** Instances whose kubelet will never join ({@link #neverRegister}). */
    private final Set<String> silent = new HashSet<>();
    private java.util.function.Predicate<Instance> never = i -> false;
    /** Nodes that registered but will never turn Ready ({@link #neverReady}). */
    private final Set<String> stuck = new HashSet<>();
    private java.util.function.Predicate<Instance> neverReady = i -> false;
    private java.util.Optional<Taint> extraTaint = java.util.Optional.empty();

    public SimulatedKubelet(InMemoryCluster cluster, CloudProvider cloud, Clock clock, Duration readyLatency, Timeline log) {
        this.cluster = cluster;
        this.cloud = cloud;
        this.clock = clock;
        this.readyLatency = readyLatency;
        this.log = log;
    }

    public void sync() {
        Instant now = clock.instant();
        ClusterSnapshot s = cluster.snapshot();
        Map<String, Node> byProvider = new HashMap<>();
        for (Node n : s.nodes()) byProvider.put(n.providerId(), n);
        Map<String, NodeClaim> claims = new HashMap<>();
        for (NodeClaim c : s.nodeClaims()) claims.put(c.name(), c);
        Set<String> live = new HashSet<>();
        for (Instance i : cloud.list()) {
            live.add(i.providerId());
            Node node = byProvider.get(i.providerId());
            NodeClaim claim = claims.get(i.nodeClaim());
            if (node == null && claim != null && !now.isBefore(i.bootedAt())) register(i, claim, s, now);
            else if (node != null && !node.ready() && !stuck.contains(node.name())
                    && !now.isBefore(registeredAt.getOrDefault(node.name(), now).plus(readyLatency))) {
                becomeReady(node, claim);
            }
        }
        for (Node n : s.nodes()) {
            if (n.providerId() != null && n.providerId().startsWith(cloud.name() + ":") && !live.contains(n.providerId())) cluster.removeNode(n.name());
        }
    }

    /** Instances whose kubelet never joins (asked once per instance, when it would first register). */
    void neverRegister(java.util.function.Predicate<Instance> never) {
        this.never = never;
    }

    /** Nodes that register but never turn Ready (asked once per instance, when it registers). */
    void neverReady(java.util.function.Predicate<Instance> never) {
        this.neverReady = never;
    }

    /** A taint put on every node this kubelet registers from now on (Karpenter's chaos suite), or none. */
    void taint(java.util.Optional<Taint> t) {
        this.extraTaint = t;
    }

    private void register(Instance i, NodeClaim claim, ClusterSnapshot s, Instant now) {
        if (silent.contains(i.providerId())) return;
        if (never.test(i)) {
            silent.add(i.providerId());
            log.record(new TimelineEvent(now, TimelineEvent.Kind.FAULT, i.providerId(), "kubelet of " + i.providerId()
                    + " will never join (simulated fault)"));
            return;
        }
        String name = i.providerId().substring(i.providerId().lastIndexOf('/') + 1) + "." + i.region() + ".compute.internal";
        Map<String, String> labels = nodeLabels(i, claim, name);
        List<Taint> taints = new ArrayList<>(claim.taints());
        taints.addAll(claim.startupTaints());
        taints.add(new Taint(TaintKeys.UNREGISTERED, null, "NoExecute"));
        extraTaint.ifPresent(taints::add);
        Node node = new Node(name, i.providerId(), labels, taints, i.type().capacity(), i.type().allocatable(), false, now);
        cluster.register(node);
        registeredAt.put(name, now);
        if (neverReady.test(i)) {
            stuck.add(name);
            log.record(new TimelineEvent(now, TimelineEvent.Kind.FAULT, name, "will never turn Ready (simulated fault)"));
        }
        for (Pod d : s.daemonSets()) {
            if (DaemonSets.runsOn(d, claim.taints(), labels)) {
                cluster.put(Pod.of(d.namespace(), d.name() + "-" + name, d.requests(), d.labels()).with().daemonSet(true).nodeName(name).build());
            }
        }
        log.record(new TimelineEvent(now, TimelineEvent.Kind.NODE_REGISTERED, name, "kubelet of " + i.providerId() + " (" + i.type().name() + ") joined"));
    }

    /**
     * What a real node of this instance carries when it registers: the NodeClaim's labels (its pool's
     * labels, {@code karpenter.sh/nodepool}, the node class, single-valued requirements), the labels of
     * the instance (type, arch, os, {@code karpenter.k8s.aws/*}, zone, region, capacity type), the hostname,
     * and the deprecated keys a kubelet still sets beside their current ones
     * ({@code beta.kubernetes.io/{arch,os,instance-type}}, {@code failure-domain.beta.kubernetes.io/{zone,region}}).
     */
    static Map<String, String> nodeLabels(Instance i, NodeClaim claim, String hostname) {
        Map<String, String> labels = new HashMap<>(claim.labels());
        labels.putAll(i.labels());
        if (claim.nodePool() != null) labels.put(WellKnownLabels.NODEPOOL, claim.nodePool());
        if (claim.nodeClass() != null) labels.put(WellKnownLabels.EC2NODECLASS, claim.nodeClass());
        labels.put(WellKnownLabels.HOSTNAME, hostname);
        for (String alias : KUBELET_ALIASES) {
            String value = labels.get(WellKnownLabels.normalize(alias));
            if (value != null) labels.put(alias, value);
        }
        return labels;
    }

    private void becomeReady(Node node, NodeClaim claim) {
        List<Taint> taints = new ArrayList<>();
        for (Taint t : node.taints()) {
            boolean startup = claim != null && claim.startupTaints().stream().anyMatch(st -> st.key().equals(t.key()));
            if (!startup) taints.add(t);
        }
        cluster.update(node.withTaints(taints).withReady(true));
        registeredAt.remove(node.name());
    }
}
