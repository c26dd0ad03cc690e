package dev.jig.plan.workload;

import dev.jig.controller.model.Pod;
import java.util.List;
import java.util.Map;

/**
 * The pods to replay on both sides of a plan, all pending, with the DaemonSets whose pods every
 * node carries, what each file held and what was left out.
 *
 * @param namespaces pods per namespace, for the namespaces no tenant claims
 */
public record Workload(List<Pod> pods, List<Pod> daemonSets, List<FileSummary> files, Ignored ignored, Map<String, Integer> namespaces) {

    /** One workload file: its format and the pods (replicas expanded) and DaemonSets it held, before filtering. */
    public record FileSummary(String file, WorkloadFormat format, int pods, int daemonSets) {
    }

    /** Pods left out: in an exempt namespace, finished (Succeeded or Failed), or owned by a DaemonSet. */
    public record Ignored(int exemptNamespaces, int finished, int daemonSetPods) {
    }

    public Workload {
        pods = List.copyOf(pods);
        daemonSets = List.copyOf(daemonSets);
        files = List.copyOf(files);
        namespaces = Map.copyOf(namespaces);
    }
}
