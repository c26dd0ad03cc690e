package dev.jig.controller.model;

import dev.jig.api.karpenter.ResourceList;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** Derives a changed copy of a {@link Pod}; used by tests, scenarios and preference relaxation. */
public final class PodBuilder {
    private final Pod base;
    private String name;
    private String uid;
    private String nodeName;
    private String nominatedNodeName;
    private boolean daemonSet;
    private String ignored;
    private int priority;
    private Instant created;
    private long terminationGracePeriodSeconds;
    private Instant started;
    private Map<String, String> labels;
    private Map<String, String> annotations;
    private ResourceList requests;
    private Set<String> otherRequests;
    private Map<String, String> nodeSelector;
    private List<NodeSelectorTerm> requiredTerms;
    private List<NodeSelectorTerm> preferredTerms;
    private List<Toleration> tolerations;
    private List<TopologySpread> spreads;
    private List<PodAffinityTerm> affinity;
    private List<PodAffinityTerm> preferredAffinity;
    private List<PodAffinityTerm> antiAffinity;
    private List<PodAffinityTerm> preferredAntiAffinity;

    PodBuilder(Pod p) {
        base = p;
        name = p.name();
        uid = p.uid();
        nodeName = p.nodeName();
        nominatedNodeName = p.nominatedNodeName();
        daemonSet = p.daemonSet();
        ignored = p.ignored();
        priority = p.priority();
        created = p.created();
        terminationGracePeriodSeconds = p.terminationGracePeriodSeconds();
        started = p.started();
        labels = new TreeMap<>(p.labels());
        annotations = new TreeMap<>(p.annotations());
        requests = p.requests();
        otherRequests = p.otherRequests();
        nodeSelector = new TreeMap<>(p.nodeSelector());
        requiredTerms = new ArrayList<>(p.requiredTerms());
        preferredTerms = new ArrayList<>(p.preferredTerms());
        tolerations = new ArrayList<>(p.tolerations());
        spreads = new ArrayList<>(p.spreads());
        affinity = new ArrayList<>(p.affinity());
        preferredAffinity = new ArrayList<>(p.preferredAffinity());
        antiAffinity = new ArrayList<>(p.antiAffinity());
        preferredAntiAffinity = new ArrayList<>(p.preferredAntiAffinity());
    }

    /** Another name in the same namespace (a ReplicaSet's next pod); set the uid too. */
    public PodBuilder name(String v) { name = v; return this; }
    public PodBuilder uid(String v) { uid = v; return this; }
    public PodBuilder nodeName(String v) { nodeName = v; return this; }
    public PodBuilder nominatedNodeName(String v) { nominatedNodeName = v; return this; }
    public PodBuilder daemonSet(boolean v) { daemonSet = v; return this; }
    public PodBuilder ignored(String why) { ignored = why; return this; }
    public PodBuilder priority(int v) { priority = v; return this; }
    public PodBuilder created(Instant v) { created = v; return this; }
    public PodBuilder terminationGracePeriodSeconds(long v) { terminationGracePeriodSeconds = v; return this; }
    public PodBuilder started(Instant v) { started = v; return this; }
    public PodBuilder label(String k, String v) { labels.put(k, v); return this; }
    public PodBuilder annotation(String k, String v) { annotations.put(k, v); return this; }
    public PodBuilder requests(ResourceList v) { requests = Pod.withPodSlot(v); return this; }
    public PodBuilder otherRequests(Set<String> v) { otherRequests = v; return this; }
    public PodBuilder nodeSelector(String k, String v) { nodeSelector.put(k, v); return this; }
    public PodBuilder nodeSelector(Map<String, String> v) { nodeSelector = new TreeMap<>(v); return this; }
    public PodBuilder requiredTerm(NodeSelectorTerm t) { requiredTerms.add(t); return this; }
    public PodBuilder requiredTerms(List<NodeSelectorTerm> v) { requiredTerms = new ArrayList<>(v); return this; }
    public PodBuilder preferredTerm(NodeSelectorTerm t) { preferredTerms.add(t); return this; }
    public PodBuilder preferredTerms(List<NodeSelectorTerm> v) { preferredTerms = new ArrayList<>(v); return this; }
    public PodBuilder toleration(Toleration t) { tolerations.add(t); return this; }
    public PodBuilder tolerations(List<Toleration> v) { tolerations = new ArrayList<>(v); return this; }
    public PodBuilder spread(TopologySpread s) { spreads.add(s); return this; }
    public PodBuilder spreads(List<TopologySpread> v) { spreads = new ArrayList<>(v); return this; }
    public PodBuilder affinity(PodAffinityTerm t) { affinity.add(t); return this; }
    public PodBuilder preferredAffinity(PodAffinityTerm t) { preferredAffinity.add(t); return this; }
    public PodBuilder preferredAffinity(List<PodAffinityTerm> v) { preferredAffinity = new ArrayList<>(v); return this; }
    public PodBuilder antiAffinity(PodAffinityTerm t) { antiAffinity.add(t); return this; }
    public PodBuilder preferredAntiAffinity(PodAffinityTerm t) { preferredAntiAffinity.add(t); return this; }
    public PodBuilder preferredAntiAffinity(List<PodAffinityTerm> v) { preferredAntiAffinity = new ArrayList<>(v); return this; }

    public Pod build() {
        return new Pod(base.namespace(), name, uid, labels, requests, otherRequests, nodeSelector, requiredTerms,
                preferredTerms, tolerations, spreads, affinity, preferredAffinity, antiAffinity, preferredAntiAffinity,
                nodeName, daemonSet, ignored, priority, created, annotations, nominatedNodeName, terminationGracePeriodSeconds, started);
    }
}
