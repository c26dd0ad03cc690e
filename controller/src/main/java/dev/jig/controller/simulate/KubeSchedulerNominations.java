package dev.jig.controller.simulate;

import java.util.Optional;

/**
 * Whether nominations ({@code status.nominatedNodeName}) are written for the pods the provisioner planned: a scenario's
 * {@code spec.kubeScheduler.nominations}. {@link #HONORED}: Jig's provisioner writes them (its default,
 * {@code --nominate-pods}) and the Kubernetes 1.35 kube-scheduler reads them (KEP-5278, KEP-1923: the nominated node
 * first, the room held against lower or equal priority, cleared after a failed attempt). {@link #IGNORED}: the controller
 * writes none, as Karpenter does or Jig with {@code --nominate-pods=false}, so a scenario can measure what they are
 * worth. It is not a kube-scheduler version: every kube-scheduler since 1.22 tries a nominated node first. The
 * simulated kube-scheduler itself also takes the setting, so its tests can turn its reading of nominations off.
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
