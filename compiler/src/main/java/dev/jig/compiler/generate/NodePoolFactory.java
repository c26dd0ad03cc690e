package dev.jig.compiler.generate;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.karpenter.ApiGroups;
import dev.jig.api.karpenter.Quantity;
import dev.jig.api.karpenter.Requirement;
import dev.jig.api.karpenter.Taint;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.api.tenancy.Quota;
import dev.jig.compiler.policy.Budget;
import dev.jig.compiler.policy.Consolidation;
import java.util.List;
import java.util.Map;

/** Builds karpenter.sh/v1 NodePool objects, fully specified (every CRD default written out). */
final class NodePoolFactory {

    /** Everything one NodePool says, already decided by the generator. */
    record Spec(String name, String tenant, String tenancyKey, String poolLabel, Map<String, String> labels,
                String nodeClassName, List<Requirement> requirements, List<Taint> taints, String expireAfter,
                String terminationGracePeriod, Consolidation consolidation, List<Budget> budgets,
                List<Budgets.FreezeBudget> freezes, Quota limit, int weight) {
    }

    private NodePoolFactory() {
    }

    static ObjectNode build(Spec s) {
        ObjectNode root = Manifests.tenantObject(ApiGroups.KARPENTER_V1, "NodePool", s.name(), s.tenancyKey(), s.tenant());

        ObjectNode spec = root.putObject("spec");
        ObjectNode template = spec.putObject("template");
        ObjectNode labels = template.putObject("metadata").putObject("labels");
        // The node label a kubelet cannot forge, which pods are steered to; the legacy tenancy label stays on nodes for
        // one release, so that nodes launched before the upgrade and after it carry the same legacy label.
        labels.put(WellKnownLabels.NODE_TENANT, s.tenant());
        labels.put(s.tenancyKey(), s.tenant());
        labels.put(WellKnownLabels.JIG_POOL, s.poolLabel());
        s.labels().forEach(labels::put);

        ObjectNode ts = template.putObject("spec");
        ObjectNode ref = ts.putObject("nodeClassRef");
        ref.put("group", ApiGroups.KARPENTER_AWS);
        ref.put("kind", "EC2NodeClass");
        ref.put("name", s.nodeClassName());
        ArrayNode reqs = ts.putArray("requirements");
        s.requirements().forEach(r -> reqs.add(r.toJson()));
        if (!s.taints().isEmpty()) {
            ArrayNode taints = ts.putArray("taints");
            s.taints().forEach(t -> taints.add(t.toJson()));
        }
        ts.put("expireAfter", s.expireAfter());
        ts.put("terminationGracePeriod", s.terminationGracePeriod());

        ObjectNode disruption = spec.putObject("disruption");
        disruption.put("consolidationPolicy", s.consolidation().policy());
        disruption.put("consolidateAfter", s.consolidation().after());
        disruption.set("budgets", Budgets.toJson(s.budgets(), s.freezes()));

        ObjectNode limits = spec.putObject("limits");
        long cpu = s.limit().cpuMillis();
        if (cpu % 1000 == 0) limits.put("cpu", cpu / 1000);
        else limits.put("cpu", Quantity.formatCpuMillis(cpu));
        limits.put("memory", Quantity.formatMebibytes(s.limit().memoryMib()));
        limits.put(WellKnownLabels.GPU_RESOURCE, s.limit().gpus()); // 0 for pools without GPUs: every quota dimension is bounded
        spec.put("weight", s.weight());
        return root;
    }
}
