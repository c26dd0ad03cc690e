package dev.jig.compiler.emit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.compiler.generate.GeneratedObject;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
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

    /**
     * Adds the provenance annotations to each object's tree, in place (the trees are the
     * generator's own), hashing the objects in parallel: each is independent. Returns the objects.
     */
    public static List<GeneratedObject> stamp(List<GeneratedObject> objects, Optional<String> revision) {
        objects.parallelStream().forEach(o -> {
            ObjectNode annotations = ((ObjectNode) o.body().get("metadata")).putObject("annotations");
            annotations.put(SOURCE, o.sourceFile());
            annotations.put(CONTENT_HASH, sha256(o.body()));
            revision.ifPresent(r -> annotations.put(REVISION, r));
        });
        return objects;
    }

    /** {@code sha256:<hex>} over the object's JSON without the revision and hash annotations. */
    public static String contentHash(ObjectNode object) {
        ObjectNode copy = object.deepCopy();
        if (copy.path("metadata").get("annotations") instanceof ObjectNode annotations) {
            annotations.remove(REVISION);
            annotations.remove(CONTENT_HASH);
        }
        return sha256(copy);
    }

    private static String sha256(ObjectNode object) {
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
