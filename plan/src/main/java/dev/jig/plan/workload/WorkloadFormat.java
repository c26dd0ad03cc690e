package dev.jig.plan.workload;

/** The formats a workload file comes in, named as the report names them. */
public enum WorkloadFormat {
    /** {@code kubectl get pods,daemonsets -A -o json}. */
    KUBECTL_JSON("kubectl-json"),
    /** {@code kubectl get pods,daemonsets -A -o yaml}: one {@code List} document. */
    KUBECTL_YAML("kubectl-yaml"),
    /** Deployments, StatefulSets, ReplicaSets, Jobs, Pods and DaemonSets in (multi-document) YAML, as Helm or kustomize render them. */
    MANIFESTS("manifests"),
    /** A {@code jig-controller simulate} scenario: its deployments at their replicas and its DaemonSets. */
    SCENARIO("scenario");

    private final String id;

    WorkloadFormat(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }
}
