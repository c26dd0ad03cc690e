package dev.jig.controller.manifest;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.api.ec2.AmiFamily;
import dev.jig.api.ec2.Kubelet;
import dev.jig.api.ec2.LaunchSettings;
import dev.jig.api.ec2.NodeClass;
import dev.jig.api.karpenter.Quantity;
import dev.jig.api.karpenter.Requirement;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.karpenter.Taint;
import dev.jig.api.karpenter.model.NodeClassSelectors;
import dev.jig.api.karpenter.rules.KarpenterDefaults;
import dev.jig.controller.model.Disruption;
import dev.jig.controller.model.Limits;
import dev.jig.controller.model.NodePool;
import dev.jig.controller.model.PoolRequirement;

import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads Karpenter v1 NodePools and EC2NodeClasses (JSON trees, as the API server or the compiler
 * gives them) into the model, after applying the CRD defaults with the compiler's
 * {@link KarpenterDefaults}.
 */
public final class KarpenterManifests {

    private KarpenterManifests() {
    }

    public static NodePool nodePool(JsonNode object) {
        JsonNode o = KarpenterDefaults.withDefaults(object);
        JsonNode spec = o.path("spec");
        JsonNode template = spec.path("template");
        JsonNode tspec = template.path("spec");
        List<PoolRequirement> reqs = new ArrayList<>();
        for (JsonNode r : Json.array(tspec.get("requirements"))) {
            Requirement req = new Requirement(r.path("key").asText(), Requirement.Operator.valueOf(r.path("operator").asText()), Json.list(r.get("values")));
            reqs.add(new PoolRequirement(req, Json.integer(r, "minValues", 0)));
        }
        JsonNode disruption = spec.path("disruption");
        List<Disruption.Budget> budgets = new ArrayList<>();
        for (JsonNode b : Json.array(disruption.get("budgets"))) {
            budgets.add(new Disruption.Budget(Json.text(b, "nodes", "10%"), Json.text(b, "schedule", null), Json.text(b, "duration", null), Json.list(b.get("reasons"))));
        }
        Disruption d = new Disruption(Json.text(disruption, "consolidationPolicy", "WhenEmptyOrUnderutilized"),
                Json.text(disruption, "consolidateAfter", "0s"), Json.text(tspec, "expireAfter", "720h"), budgets,
                Json.text(tspec, "terminationGracePeriod", null));
        return new NodePool(o.path("metadata").path("name").asText(), Json.integer(spec, "weight", 0),
                Json.strings(template.path("metadata").get("labels")), reqs, taints(tspec.get("taints")), taints(tspec.get("startupTaints")),
                tspec.path("nodeClassRef").path("name").asText(), limits(spec.get("limits")), d,
                Json.strings(template.path("metadata").get("annotations")));
    }

    public static NodeClass nodeClass(JsonNode object) {
        JsonNode o = KarpenterDefaults.withDefaults(object);
        JsonNode spec = o.path("spec");
        AmiFamily family = AmiFamily.CUSTOM;
        for (JsonNode term : Json.array(spec.get("amiSelectorTerms"))) {
            if (term.hasNonNull("alias")) family = AmiFamily.parse(term.get("alias").asText());
        }
        if (spec.hasNonNull("amiFamily")) family = AmiFamily.parse(spec.get("amiFamily").asText());
        JsonNode k = spec.path("kubelet");
        List<String> clusterDNS = new ArrayList<>();
        for (JsonNode ip : Json.array(k.get("clusterDNS"))) if (ip.isTextual()) clusterDNS.add(ip.asText());
        Kubelet kubelet = new Kubelet(Json.integer(k, "maxPods", 0), Json.integer(k, "podsPerCore", 0), Json.strings(k.get("kubeReserved")),
                Json.strings(k.get("systemReserved")), Json.strings(k.get("evictionHard")), clusterDNS, Json.strings(k.get("evictionSoft")),
                Json.strings(k.get("evictionSoftGracePeriod")), optionalInt(k, "evictionMaxPodGracePeriod"),
                optionalInt(k, "imageGCHighThresholdPercent"), optionalInt(k, "imageGCLowThresholdPercent"),
                k.path("cpuCFSQuota").isBoolean() ? k.get("cpuCFSQuota").asBoolean() : null);
        long ephemeral = 0;
        for (JsonNode bdm : Json.array(spec.get("blockDeviceMappings"))) {
            boolean root = bdm.path("rootVolume").asBoolean(false) || Json.text(bdm, "deviceName", "").equals(family.ephemeralDevice());
            String size = Json.text(bdm.path("ebs"), "volumeSize", null);
            if (root && size != null && (ephemeral == 0 || bdm.path("rootVolume").asBoolean(false))) {
                ephemeral = Quantity.parse(size).amount().setScale(0, RoundingMode.CEILING).longValueExact();
            }
        }
        return new NodeClass(o.path("metadata").path("name").asText(), family, kubelet, ephemeral,
                Json.text(spec, "instanceStorePolicy", "").equals("RAID0"), NodeClassSelectors.read(spec), LaunchSettings.read(spec));
    }

    static Limits limits(JsonNode n) {
        Map<String, String> l = Json.strings(n);
        long cpu = l.containsKey("cpu") ? Quantity.parse(l.get("cpu")).millis() : Limits.UNLIMITED;
        long mem = l.containsKey("memory") ? Quantity.parse(l.get("memory")).units() : Limits.UNLIMITED;
        long gpu = l.containsKey(ResourceList.GPU) ? Quantity.parse(l.get(ResourceList.GPU)).millis() / 1000 : Limits.UNLIMITED;
        long nodes = l.containsKey("nodes") ? Quantity.parse(l.get("nodes")).millis() / 1000 : Limits.UNLIMITED;
        return new Limits(cpu, mem, gpu, nodes);
    }

    static List<Taint> taints(JsonNode n) {
        List<Taint> out = new ArrayList<>();
        for (JsonNode t : Json.array(n)) out.add(new Taint(t.path("key").asText(), Json.text(t, "value", null), Json.text(t, "effect", "NoSchedule")));
        return out;
    }

    private static Integer optionalInt(JsonNode n, String field) {
        JsonNode v = n.path(field);
        return v.isIntegralNumber() && v.canConvertToInt() ? v.intValue() : null;
    }
}
