package dev.jig.compiler.emit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.compiler.generate.GeneratedObject;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * Stamps every object with where it came from: the policy file, the git commit (when compiled
 * from git) and a SHA-256 of its content. The hash covers everything but the revision and the hash
 * itself, so it changes exactly when the object's meaning changes, and anyone (the webhook, a
 * reviewer) can tell a hand-edited object from a compiled one.
 */
public final class Provenance {

    public static final String SOURCE = "jig.dev/source";
    public static final String REVISION = "jig.dev/revision";
    public static final String CONTENT_HASH = "jig.dev/content-hash";

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private Provenance() {
    }

    public static List<GeneratedObject> stamp(List<GeneratedObject> objects, Optional<String> revision) {
        List<GeneratedObject> out = new ArrayList<>(objects.size());
        for (GeneratedObject o : objects) {
            ObjectNode body = o.body().deepCopy();
            ObjectNode annotations = ((ObjectNode) body.get("metadata")).putObject("annotations");
            annotations.put(SOURCE, o.sourceFile());
            annotations.put(CONTENT_HASH, contentHash(body));
            revision.ifPresent(r -> annotations.put(REVISION, r));
            out.add(new GeneratedObject(o.apiVersion(), o.kind(), o.namespace(), o.name(), body, o.origin()));
        }
        return List.copyOf(out);
    }

    /** {@code sha256:<hex>} over the object's JSON without the revision and hash annotations. */
    public static String contentHash(ObjectNode object) {
        ObjectNode copy = object.deepCopy();
        if (copy.path("metadata").get("annotations") instanceof ObjectNode annotations) {
            annotations.remove(REVISION);
            annotations.remove(CONTENT_HASH);
        }
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(MAPPER.writeValueAsString(copy).getBytes(StandardCharsets.UTF_8));
            return "sha256:" + HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is not available", e);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
