package dev.jig.api.karpenter.rules;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Set;

/**
 * The EC2NodeClass (karpenter.k8s.aws/v1) spec: its scalar fields, the node identity (exactly
 * one of {@code role} and {@code instanceProfile}), and the delegation to the selector terms,
 * block devices, kubelet, instance options and tags. Note that the CRD does not require
 * {@code spec} itself: an EC2NodeClass without a spec passes the API server.
 */
final class EC2NodeClassRules {

    static final List<String> AMI_FAMILIES =
            List.of("AL2", "AL2023", "Bottlerocket", "Custom", "Windows2019", "Windows2022", "Windows2025");
    static final List<String> INSTANCE_STORE_POLICIES = List.of("RAID0");
    private static final Set<String> SPEC = Set.of(
            "amiFamily", "amiSelectorTerms", "associatePublicIPAddress", "blockDeviceMappings",
            "capacityReservationSelectorTerms", "connectionTracking", "context", "cpuOptions", "detailedMonitoring",
            "instanceProfile", "instanceStorePolicy", "ipPrefixCount", "kubelet", "metadataOptions",
            "networkInterfaces", "placementGroupSelector", "role", "securityGroupSelectorTerms",
            "subnetSelectorTerms", "tags", "userData");

    private EC2NodeClassRules() {
    }

    static void check(ObjectNode nodeClass, Checks checks) {
        Pointer root = Pointer.ROOT;
        ObjectMetaRules.checkEnvelope(nodeClass, checks);
        ObjectNode spec = checks.object(nodeClass, root, "spec");
        if (spec != null) {
            spec(spec, root.child("spec"), checks);
        }
    }

    private static void spec(ObjectNode spec, Pointer at, Checks checks) {
        checks.closed(spec, at, SPEC);
        String amiFamily = checks.oneOf(spec, at, "amiFamily", AMI_FAMILIES);
        checks.required(spec, at, "amiSelectorTerms");
        ArrayNode amiTerms = checks.array(spec, at, "amiSelectorTerms");
        AmiSelectorTermRules.check(amiTerms, at.child("amiSelectorTerms"), checks);
        AmiSelectorTermRules.checkFamily(spec, amiFamily, amiTerms, at, checks);
        checks.required(spec, at, "securityGroupSelectorTerms");
        SelectorTermRules.securityGroups(checks.array(spec, at, "securityGroupSelectorTerms"),
                at.child("securityGroupSelectorTerms"), checks);
        checks.required(spec, at, "subnetSelectorTerms");
        SelectorTermRules.subnets(checks.array(spec, at, "subnetSelectorTerms"), at.child("subnetSelectorTerms"), checks);
        SelectorTermRules.capacityReservations(checks.array(spec, at, "capacityReservationSelectorTerms"),
                at.child("capacityReservationSelectorTerms"), checks);
        identity(spec, at, checks);
        checks.bool(spec, at, "associatePublicIPAddress");
        checks.bool(spec, at, "detailedMonitoring");
        checks.string(spec, at, "context");
        checks.string(spec, at, "userData");
        checks.oneOf(spec, at, "instanceStorePolicy", INSTANCE_STORE_POLICIES);
        checks.integer(spec, at, "ipPrefixCount", 0, Long.MAX_VALUE);
        BlockDeviceRules.check(checks.array(spec, at, "blockDeviceMappings"), at.child("blockDeviceMappings"), checks);
        KubeletRules.check(checks.object(spec, at, "kubelet"), at.child("kubelet"), checks);
        InstanceOptionRules.check(spec, at, checks);
        NetworkInterfaceRules.check(spec, at, checks);
        ResourceTagRules.check(checks.stringMap(spec, at, "tags"), at.child("tags"), checks);
    }

    /** role and instanceProfile: non-empty, and exactly one of them. */
    private static void identity(ObjectNode spec, Pointer at, Checks checks) {
        String role = checks.string(spec, at, "role");
        if (role != null && role.isEmpty()) {
            checks.cel(at.child("role"), CelRule.ROLE_NOT_EMPTY);
        }
        String profile = checks.string(spec, at, "instanceProfile");
        if (profile != null && profile.isEmpty()) {
            checks.cel(at.child("instanceProfile"), CelRule.INSTANCE_PROFILE_NOT_EMPTY);
        }
        if (Checks.has(spec, "role") == Checks.has(spec, "instanceProfile")) {
            checks.cel(at.child(Checks.has(spec, "role") ? "instanceProfile" : "role"), CelRule.ROLE_XOR_INSTANCE_PROFILE);
        }
    }
}
