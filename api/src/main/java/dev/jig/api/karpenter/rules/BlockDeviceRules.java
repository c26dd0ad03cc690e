package dev.jig.api.karpenter.rules;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Set;

/**
 * {@code blockDeviceMappings} of an EC2NodeClass: EBS settings, at most one root volume. An
 * {@code ebs} block needs a snapshotID or a volumeSize; volumeSize accepts Gi, G, Ti or T within
 * EBS limits (the CRD's pattern also lets a bare {@code Ti} or {@code T} through).
 */
final class BlockDeviceRules {

    static final List<String> VOLUME_TYPES = List.of("standard", "io1", "io2", "gp2", "sc1", "st1", "gp3");
    private static final Set<String> MAPPING = Set.of("deviceName", "ebs", "rootVolume");
    private static final Set<String> EBS = Set.of(
            "deleteOnTermination", "encrypted", "iops", "kmsKeyID", "snapshotID", "throughput",
            "volumeInitializationRate", "volumeSize", "volumeType");
    private static final int MAX_MAPPINGS = 50;

    private BlockDeviceRules() {
    }

    static void check(ArrayNode mappings, Pointer at, Checks checks) {
        if (mappings == null) {
            return;
        }
        checks.maxItems(mappings, at, MAX_MAPPINGS);
        int roots = 0;
        for (int i = 0; i < mappings.size(); i++) {
            ObjectNode mapping = checks.objectItem(mappings.get(i), at.index(i));
            if (mapping == null) {
                continue;
            }
            Pointer mappingAt = at.index(i);
            checks.closed(mapping, mappingAt, MAPPING);
            checks.string(mapping, mappingAt, "deviceName");
            if (Boolean.TRUE.equals(checks.bool(mapping, mappingAt, "rootVolume"))) {
                roots++;
            }
            ObjectNode ebs = checks.object(mapping, mappingAt, "ebs");
            if (ebs != null) {
                ebs(ebs, mappingAt.child("ebs"), checks);
            }
        }
        if (roots > 1 && Checks.allObjects(mappings)) {
            checks.cel(at, CelRule.ONE_ROOT_VOLUME);
        }
    }

    private static void ebs(ObjectNode ebs, Pointer at, Checks checks) {
        checks.closed(ebs, at, EBS);
        checks.bool(ebs, at, "deleteOnTermination");
        checks.bool(ebs, at, "encrypted");
        checks.integer(ebs, at, "iops");
        checks.integer(ebs, at, "throughput");
        checks.integer(ebs, at, "volumeInitializationRate", 100, 300);
        checks.string(ebs, at, "kmsKeyID");
        String snapshot = checks.string(ebs, at, "snapshotID");
        checks.string(ebs, at, "volumeSize", CrdPattern.VOLUME_SIZE);
        checks.oneOf(ebs, at, "volumeType", VOLUME_TYPES);
        if (!Checks.has(ebs, "snapshotID") && !Checks.has(ebs, "volumeSize")) {
            checks.cel(at, CelRule.EBS_SNAPSHOT_OR_SIZE);
        }
        JsonNode snapshotNode = ebs.get("snapshotID");
        boolean snapshotUsable = Checks.present(snapshotNode) && (snapshot == null || !snapshot.isEmpty());
        if (Checks.has(ebs, "volumeInitializationRate") && !snapshotUsable) {
            checks.cel(at.child("volumeInitializationRate"), CelRule.EBS_INITIALIZATION_RATE_NEEDS_SNAPSHOT);
        }
    }
}
