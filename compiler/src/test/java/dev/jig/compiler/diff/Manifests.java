package dev.jig.compiler.diff;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;

/** Small hand-made manifests for diff tests, written as relaxed JSON (single quotes, bare keys). */
final class Manifests {

    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_SINGLE_QUOTES)
            .enable(JsonReadFeature.ALLOW_UNQUOTED_FIELD_NAMES)
            .build();

    private Manifests() {
    }

    static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(e);
        }
    }

    /** A NodePool of {@code tenant} with the given {@code spec.limits} JSON and capacity types. */
    static JsonNode nodePool(String name, String tenant, String limits, String capacityTypes) {
        return json("""
                {apiVersion: 'karpenter.sh/v1', kind: 'NodePool',
                 metadata: {name: '%s', annotations: {'jig.dev/source': 'tenants/%s.yaml',
                   'jig.dev/revision': 'abc123', 'jig.dev/content-hash': 'sha256:00'}},
                 spec: {
                   template: {
                     metadata: {labels: {'jig.dev/tenant': '%s'}},
                     spec: {requirements: [
                       {key: 'kubernetes.io/arch', operator: 'In', values: ['amd64']},
                       {key: 'karpenter.sh/capacity-type', operator: 'In', values: %s}]}},
                   limits: %s}}
                """.formatted(name, tenant, tenant, capacityTypes, limits));
    }
}
