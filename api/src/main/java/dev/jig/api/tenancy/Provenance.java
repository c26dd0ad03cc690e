package dev.jig.api.tenancy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.json.CanonicalJson;
import dev.jig.api.karpenter.Annotations;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Where a compiled object came from: the policy file, the git commit (when compiled from git) and
 * a SHA-256 of its content, as the annotations {@link Annotations#SOURCE}, {@link Annotations#REVISION}
 * and {@link Annotations#CONTENT_HASH} that the compiler writes and the webhook checks. The hash
 * covers what the object means — apiVersion, kind, name, namespace, and {@code spec} or
 * {@code data} — as canonical JSON (keys sorted, no whitespace). Labels and annotations are left out because GitOps tools add their own, and the
 * key order is normalised because the API server does not keep it. So the hash changes exactly
 * when the object's meaning changes, and the admission webhook can recompute it on the object it
 * receives to tell a hand-edited pool from a compiled one. Jig writes every CRD default
 * explicitly, so server-side defaulting does not change the hash either.
 */
public final class Provenance {


    private static final ObjectMapper MAPPER = new ObjectMapper();

    private Provenance() {
    }

    /** {@code sha256:<hex>} of the object's canonical content; works on any object, emitted or admitted. */
    public static String contentHash(JsonNode object) {
        ObjectNode content = JsonNodeFactory.instance.objectNode();
        copy(object, "apiVersion", content);
        copy(object, "kind", content);
        ObjectNode meta = content.putObject("metadata");
        copy(object.path("metadata"), "name", meta);
        copy(object.path("metadata"), "namespace", meta);
        copy(object, "spec", content);
        copy(object, "data", content);
        return sha256(CanonicalJson.sorted(content));
    }

    private static void copy(JsonNode from, String field, ObjectNode to) {
        JsonNode v = from.get(field);
        if (v != null && !v.isNull()) to.set(field, v);
    }

    private static String sha256(JsonNode object) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(MAPPER.writeValueAsBytes(object));
            return "sha256:" + HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is not available", e);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
