package dev.jig.controller.simulate;

import java.util.Optional;

/**
 * The scoring strategy of the simulated kube-scheduler's NodeResourcesFit plugin, over cpu and
 * memory with weight 1 each: {@link #LEAST_ALLOCATED} (the default profile; favours the emptiest
 * node, so pods spread) or {@link #MOST_ALLOCATED} (favours the fullest node, so pods pack). A
 * scenario picks one with {@code spec.kubeScheduler.scoring}.
 */
public enum KubeSchedulerScoring {

    LEAST_ALLOCATED("LeastAllocated"),
    MOST_ALLOCATED("MostAllocated");

    /** The kube-scheduler's MaxNodeScore: every plugin scores a node from 0 to 100. */
    static final long MAX_NODE_SCORE = 100;

    private final String configName;

    KubeSchedulerScoring(String configName) {
        this.configName = configName;
    }

    /** The name a KubeSchedulerConfiguration (and a scenario) uses. */
    public String configName() {
        return configName;
    }

    public static Optional<KubeSchedulerScoring> parse(String name) {
        for (KubeSchedulerScoring s : values()) if (s.configName.equals(name)) return Optional.of(s);
        return Optional.empty();
    }

    /** One resource's score, 0..100, in integer arithmetic as upstream computes it. */
    long score(long requested, long allocatable) {
        if (allocatable <= 0) return 0;
        long used = Math.min(requested, allocatable);
        return this == LEAST_ALLOCATED
                ? requested > allocatable ? 0 : (allocatable - requested) * MAX_NODE_SCORE / allocatable
                : used * MAX_NODE_SCORE / allocatable;
    }
}
