package dev.jig.controller.simulate;

import java.util.Optional;

/**
 * Whether the simulated kube-scheduler reads pods' {@code status.nominatedNodeName}. {@link #HONORED} is Kubernetes
 * 1.35's default (KEP-5278's {@code NominatedNodeNameForExpectation} in beta): a nominated pod is tried on its node
 * first, and the room of the pods nominated to a node is kept from pods of lower or equal priority. {@link #IGNORED}
 * models a kube-scheduler that does not read nominations someone else set (older releases, or the gate off), so a
 * scenario can measure what they are worth. A scenario picks one with {@code spec.kubeScheduler.nominations}.
 */
public enum KubeSchedulerNominations {

    HONORED("Honored"),
    IGNORED("Ignored");

    private final String configName;

    KubeSchedulerNominations(String configName) {
        this.configName = configName;
    }

    /** The name a scenario uses. */
    public String configName() {
        return configName;
    }

    public static Optional<KubeSchedulerNominations> parse(String name) {
        for (KubeSchedulerNominations n : values()) if (n.configName.equals(name)) return Optional.of(n);
        return Optional.empty();
    }
}
