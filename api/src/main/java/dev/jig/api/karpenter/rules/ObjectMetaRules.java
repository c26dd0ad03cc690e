package dev.jig.api.karpenter.rules;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;

/**
 * The envelope of a custom resource (apiVersion, kind, metadata; status is left alone, since the
 * main resource endpoint ignores it) and what the API server checks in the {@code metadata} of a
 * cluster-scoped custom resource: a name that is a DNS-1123 subdomain (the CRDs add nothing: a
 * NodePool name is not limited to 63 characters by the API, even though Karpenter copies it into a
 * label), label keys and values, and annotation keys and total size.
 */
final class ObjectMetaRules {

    private static final Set<String> TOP_LEVEL = Set.of("apiVersion", "kind", "metadata", "spec", "status");
    private static final int MAX_ANNOTATION_BYTES = 256 * 1024;

    private ObjectMetaRules() {
    }

    /** The fields around {@code spec}: no unknown ones, apiVersion and kind strings, valid metadata. */
    static void checkEnvelope(ObjectNode object, Checks checks) {
        checks.closed(object, Pointer.ROOT, TOP_LEVEL);
        checks.string(object, Pointer.ROOT, "apiVersion");
        checks.string(object, Pointer.ROOT, "kind");
        check(object, checks);
    }

    private static void check(ObjectNode object, Checks checks) {
        Pointer at = Pointer.ROOT.child("metadata");
        if (!Checks.present(object.get("metadata"))) {
            checks.schema(at.child("name"), "required");
            return;
        }
        ObjectNode meta = checks.object(object, Pointer.ROOT, "metadata");
        if (meta == null) {
            return;
        }
        checks.required(meta, at, "name");
        String name = checks.string(meta, at, "name");
        if (name != null) {
            if (name.length() > KubernetesNames.MAX_SUBDOMAIN) {
                checks.schema(at.child("name"), "must be no more than 253 characters");
            } else if (!KubernetesNames.isDnsSubdomain(name)) {
                checks.schema(at.child("name"), "must be a DNS-1123 subdomain: lower case alphanumeric characters,"
                        + " '-' or '.', starting and ending with an alphanumeric character");
            }
        }
        labels(checks.stringMap(meta, at, "labels"), at.child("labels"), checks);
        annotations(checks.stringMap(meta, at, "annotations"), at.child("annotations"), checks);
    }

    private static void labels(ObjectNode labels, Pointer at, Checks checks) {
        if (labels == null) {
            return;
        }
        for (Map.Entry<String, JsonNode> e : labels.properties()) {
            if (!KubernetesNames.isQualifiedName(e.getKey())) {
                checks.schema(at.child(e.getKey()), "label key must be a qualified name (an optional DNS subdomain"
                        + " prefix and '/', then at most 63 alphanumeric characters, '-', '_' or '.')");
            }
            String value = Checks.text(e.getValue());
            if (value != null && !KubernetesNames.isLabelValue(value)) {
                checks.schema(at.child(e.getKey()), "label value must be empty or at most 63 alphanumeric characters,"
                        + " '-', '_' or '.', starting and ending with an alphanumeric character");
            }
        }
    }

    private static void annotations(ObjectNode annotations, Pointer at, Checks checks) {
        if (annotations == null) {
            return;
        }
        long bytes = 0;
        for (Map.Entry<String, JsonNode> e : annotations.properties()) {
            if (!KubernetesNames.isQualifiedName(e.getKey())) {
                checks.schema(at.child(e.getKey()), "annotation key must be a qualified name (an optional DNS"
                        + " subdomain prefix and '/', then at most 63 alphanumeric characters, '-', '_' or '.')");
            }
            bytes += utf8Length(e.getKey());
            String value = Checks.text(e.getValue());
            if (value != null) {
                bytes += utf8Length(value);
            }
        }
        if (bytes > MAX_ANNOTATION_BYTES) {
            checks.schema(at, "annotations must be at most 262144 bytes in total");
        }
    }

    private static int utf8Length(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) >= 0x80) {
                return s.getBytes(StandardCharsets.UTF_8).length;
            }
        }
        return s.length();
    }
}
