package dev.jig.controller.cloud;

import dev.jig.api.karpenter.WellKnownLabels;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A cloud instance launched for a NodeClaim.
 *
 * @param providerId   {@code <provider>:///<zone>/<id>}, the value Nodes carry in {@code spec.providerID}
 * @param nodeClaim    the NodeClaim it was launched for; that NodeClaim may no longer exist
 * @param offering     the offering it was bought in: region, zone, capacity type and price
 * @param bootedAt     when its kubelet can register a Node (launch time plus boot latency)
 */
public record Instance(String providerId, String nodeClaim, ResolvedInstanceType type, Offering offering,
                       Instant launchedAt, Instant bootedAt) {

    public String region() {
        return offering.region();
    }

    public String zone() {
        return offering.zone();
    }

    public String capacityType() {
        return offering.capacityType();
    }

    public double pricePerHour() {
        return offering.pricePerHour();
    }

    /**
     * The labels that follow from the instance itself: its type's well-known labels (instance type, arch,
     * os, {@code karpenter.k8s.aws/*}), and its offering's zone, region and capacity type. Karpenter writes
     * them on the NodeClaim once launched; a kubelet reports the Kubernetes ones.
     */
    public Map<String, String> labels() {
        Map<String, String> labels = new LinkedHashMap<>(type.labels());
        labels.put(WellKnownLabels.ZONE, zone());
        labels.put(WellKnownLabels.REGION, region());
        labels.put(WellKnownLabels.CAPACITY_TYPE, capacityType());
        return labels;
    }
}
