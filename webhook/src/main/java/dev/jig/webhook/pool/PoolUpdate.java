package dev.jig.webhook.pool;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.api.karpenter.ApiGroups;
import dev.jig.api.tenancy.Provenance;
import dev.jig.webhook.admission.AdmissionInput;
import dev.jig.webhook.admission.Operation;
import java.util.Map;
import java.util.TreeMap;

/**
 * What an UPDATE of a NodePool or EC2NodeClass changes. Controllers write pools all the time
 * without changing what they mean: Karpenter adds and removes its finalizer and writes
 * {@code status}; the API server bumps {@code resourceVersion}, {@code generation} and
 * {@code managedFields}; GitOps tools add owner references and annotations. Such an update leaves
 * the content hash ({@link Provenance#contentHash}: apiVersion, kind, name, namespace, spec) as it
 * was, and must be neither defaulted (defaulting would change the content of an object written
 * before a default existed, and the update would then be refused for its hash, leaving a deletion
 * stuck on its finalizer) nor judged again by the spec and hash rules.
 *
 * <p>Jig's own metadata is the exception: the tenancy label, and every label and annotation in the
 * {@code jig.dev/} domain (the provenance annotations {@code source}, {@code revision},
 * {@code content-hash}; the {@code jig.dev/pool} label). They are outside the hash, but they say
 * whose a pool is and where it came from, so an update that changes them is judged in full, or a
 * tenant could re-point provenance with a metadata-only update.
 */
final class PoolUpdate {

    private static final String JIG_DOMAIN = ApiGroups.JIG + "/";

    private PoolUpdate() {
    }

    /** An UPDATE whose object means what the stored one means: same content hash. */
    static boolean contentUnchanged(AdmissionInput in) {
        return in.operation() == Operation.UPDATE && in.oldObject().isObject()
                && Provenance.contentHash(in.object()).equals(Provenance.contentHash(in.oldObject()));
    }

    /** An UPDATE that changes neither the content nor Jig's own labels and annotations: nothing to judge. */
    static boolean onlyForeignMetadataChanged(AdmissionInput in, String tenancyKey) {
        return contentUnchanged(in) && jigMetadata(in.object(), tenancyKey).equals(jigMetadata(in.oldObject(), tenancyKey));
    }

    /** Jig's labels and annotations of an object, by {@code labels/<key>} and {@code annotations/<key>}, values as JSON. */
    private static Map<String, JsonNode> jigMetadata(JsonNode object, String tenancyKey) {
        Map<String, JsonNode> out = new TreeMap<>();
        for (String field : new String[] {"labels", "annotations"}) {
            JsonNode map = object.path("metadata").path(field);
            if (!map.isObject()) {
                if (!map.isMissingNode() && !map.isNull()) out.put(field, map); // malformed: any change to it is judged
                continue;
            }
            map.properties().forEach(e -> {
                String key = e.getKey();
                if (key.startsWith(JIG_DOMAIN) || (field.equals("labels") && key.equals(tenancyKey))) out.put(field + "/" + key, e.getValue());
            });
        }
        return out;
    }
}
