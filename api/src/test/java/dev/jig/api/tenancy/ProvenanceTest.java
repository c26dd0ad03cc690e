package dev.jig.api.tenancy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

class ProvenanceTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static JsonNode json(String s) throws Exception {
        return MAPPER.readTree(s);
    }

    @Test
    void theHashIgnoresKeyOrderLabelsAnnotationsStatusAndServerMetadata() throws Exception {
        JsonNode emitted = json("{\"apiVersion\":\"karpenter.sh/v1\",\"kind\":\"NodePool\",\"metadata\":{\"name\":\"a-web\",\"labels\":{\"x\":\"1\"}},"
                + "\"spec\":{\"weight\":10,\"limits\":{\"cpu\":8,\"memory\":\"32Gi\"}}}");
        JsonNode inCluster = json("{\"kind\":\"NodePool\",\"apiVersion\":\"karpenter.sh/v1\",\"metadata\":{\"uid\":\"u\",\"resourceVersion\":\"7\","
                + "\"name\":\"a-web\",\"labels\":{\"argocd.argoproj.io/instance\":\"jig\"},\"annotations\":{\"jig.dev/content-hash\":\"sha256:x\"}},"
                + "\"spec\":{\"limits\":{\"memory\":\"32Gi\",\"cpu\":8},\"weight\":10},\"status\":{\"nodes\":3}}");
        assertThat(Provenance.contentHash(inCluster)).isEqualTo(Provenance.contentHash(emitted)).startsWith("sha256:").hasSize(71);
    }

    @Test
    void theHashChangesWithTheSpec() throws Exception {
        ObjectNode a = (ObjectNode) json("{\"apiVersion\":\"v1\",\"kind\":\"NodePool\",\"metadata\":{\"name\":\"p\"},\"spec\":{\"weight\":10}}");
        ObjectNode b = a.deepCopy();
        ((ObjectNode) b.get("spec")).put("weight", 11);
        assertThat(Provenance.contentHash(a)).isNotEqualTo(Provenance.contentHash(b));
    }
}
