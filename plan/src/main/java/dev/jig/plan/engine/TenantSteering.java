package dev.jig.plan.engine;

import dev.jig.api.karpenter.Requirement;
import dev.jig.api.tenancy.Tenancy;
import dev.jig.controller.model.NodeSelectorTerm;
import dev.jig.controller.model.Pod;
import dev.jig.controller.model.PodBuilder;
import dev.jig.controller.model.Toleration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the admission webhook does to a new pod, replayed on each side's tenancy so that a workload
 * is steered by the revision being planned, not by the one its snapshot was taken under. First the
 * steering a snapshot carries is taken off (the node keys' selector entries, tolerations of the
 * tenancy taint, node affinity on the node keys); then a tenant's pod gets
 * {@code nodeSelector <node key>: <tenant>} and, for a dedicated tenant, the toleration of its taint;
 * a pod of no tenant gets a required {@code DoesNotExist} on the node keys in each of its terms
 * (the webhook's {@code PodDefaults} and {@code NoTenantAffinity}). DaemonSet pods are left alone.
 */
public final class TenantSteering {

    private final Tenancy tenancy;

    public TenantSteering(Tenancy tenancy) {
        this.tenancy = tenancy;
    }

    /** The pod as the webhook would admit it under this tenancy. */
    public Pod steer(Pod pod) {
        List<String> nodeKeys = tenancy.nodeKeys();
        Map<String, String> selector = new TreeMap<>(pod.nodeSelector());
        nodeKeys.forEach(selector::remove);
        List<Toleration> tolerations = new ArrayList<>();
        for (Toleration t : pod.tolerations()) if (!t.key().equals(tenancy.tenancyKey())) tolerations.add(t);
        List<NodeSelectorTerm> terms = new ArrayList<>();
        for (NodeSelectorTerm t : pod.requiredTerms()) terms.add(withoutKeys(t, nodeKeys));
        PodBuilder b = pod.with();
        var tenant = tenancy.tenantOfNamespace(pod.namespace());
        if (tenant.isPresent()) {
            selector.put(tenancy.nodeKey(), tenant.get().name());
            if (tenant.get().dedicated()) {
                tolerations.add(new Toleration(tenancy.tenancyKey(), "Equal", tenant.get().name(), Toleration.NO_SCHEDULE));
            }
        } else {
            List<Requirement> off = nodeKeys.stream().map(k -> new Requirement(k, Requirement.Operator.DoesNotExist, List.of())).toList();
            if (terms.isEmpty()) terms.add(new NodeSelectorTerm(off, 0));
            else terms.replaceAll(t -> new NodeSelectorTerm(concat(t.matchExpressions(), off), t.weight()));
        }
        return b.nodeSelector(selector).tolerations(tolerations).requiredTerms(terms).build();
    }

    private static NodeSelectorTerm withoutKeys(NodeSelectorTerm t, List<String> keys) {
        List<Requirement> kept = t.matchExpressions().stream().filter(r -> !keys.contains(r.key())).toList();
        return new NodeSelectorTerm(kept, t.weight());
    }

    private static List<Requirement> concat(List<Requirement> a, List<Requirement> b) {
        List<Requirement> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }
}
