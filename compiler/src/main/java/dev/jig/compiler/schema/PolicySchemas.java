package dev.jig.compiler.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jig.api.diag.Diagnostic;
import dev.jig.api.diag.Rule;
import dev.jig.api.source.SourceMap;
import dev.jig.api.yaml.LoadedDocument;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Checks policy documents against the policy JSON Schemas ({@code policies/schema/}, bundled on
 * the classpath under {@code dev/jig/compiler/schema/}), the same files editors use through the
 * yaml-language-server modeline, so the editor and {@code jig lint} agree.
 *
 * <p>The schemas are compiled once per {@code PolicySchemas} (use {@link #bundled()} to share one
 * per JVM); {@link #validate} is thread-safe and never throws on bad input. Every finding has rule
 * {@link Rule#SCHEMA} (or {@link Rule#UNKNOWN_KIND} when the document names no policy kind), sits
 * at the key or value at fault, names the field ({@code spec.pools[0].share}) and carries the
 * field's schema description as its hint. Cascades from {@code anyOf}/{@code oneOf} alternatives
 * are collapsed into the finding about the alternative that was meant ({@link DocumentSchema} does
 * the checking; this class picks the schema by {@code kind}).
 */
public final class PolicySchemas {

    private static final String RESOURCE_FOLDER = "/dev/jig/compiler/schema/";

    private static final class Bundled {
        static final PolicySchemas INSTANCE = load();
    }

    private final Map<PolicyKind, DocumentSchema> schemas;

    private PolicySchemas(Map<PolicyKind, DocumentSchema> schemas) {
        this.schemas = schemas;
    }

    /** The bundled schemas, compiled on first use and shared by the whole JVM. */
    public static PolicySchemas bundled() {
        return Bundled.INSTANCE;
    }

    /**
     * Starts compiling the bundled schemas on a daemon thread and returns at once, so that a
     * command line run can overlap the work (mostly class loading) with reading its files;
     * {@link #bundled()} then waits only for what is left.
     */
    public static void warmUpInBackground() {
        Thread t = new Thread(PolicySchemas::bundled, "jig-schema-warm-up");
        t.setDaemon(true);
        t.start();
    }

    /** The bundled schema documents' text by file name ({@code platform.schema.json}, {@code tenant.schema.json}). */
    public static Map<String, String> files() {
        Map<String, String> out = new java.util.LinkedHashMap<>();
        for (PolicyKind kind : PolicyKind.values()) {
            String resource = RESOURCE_FOLDER + kind.schemaFile();
            try (InputStream in = PolicySchemas.class.getResourceAsStream(resource)) {
                if (in == null) throw new IllegalStateException("schema resource missing from the build: " + resource);
                out.put(kind.schemaFile(), new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read schema resource " + resource, e);
            }
        }
        return out;
    }

    /** Compiles the bundled schemas afresh; prefer {@link #bundled()}. */
    public static PolicySchemas load() {
        ObjectMapper json = new ObjectMapper();
        Map<PolicyKind, JsonNode> documents = new EnumMap<>(PolicyKind.class);
        for (PolicyKind kind : PolicyKind.values()) {
            String resource = RESOURCE_FOLDER + kind.schemaFile();
            try (InputStream in = PolicySchemas.class.getResourceAsStream(resource)) {
                if (in == null) throw new IllegalStateException("schema resource missing from the build: " + resource);
                documents.put(kind, json.readTree(in));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read schema resource " + resource, e);
            }
        }
        return of(documents);
    }

    /** Compiles the given schema documents; package-private for tests of the checker itself. */
    static PolicySchemas of(Map<PolicyKind, JsonNode> documents) {
        Map<PolicyKind, DocumentSchema> compiled = new EnumMap<>(PolicyKind.class);
        documents.forEach((kind, doc) -> compiled.put(kind,
                DocumentSchema.compile(doc, "https://jig.dev/schema/v1alpha1/" + kind.schemaFile(), Rule.SCHEMA)));
        return new PolicySchemas(compiled);
    }

    /** The schema document of a kind, as bundled (a copy: callers may not change the checker's). */
    public JsonNode schemaDocument(PolicyKind kind) {
        return compiled(kind).document();
    }

    /**
     * The findings of one document against the schema of its {@code kind}, sorted by position.
     * Empty when the document is valid. A document whose {@code kind} is neither Platform nor
     * Tenant gets a single {@link Rule#UNKNOWN_KIND} finding and no schema check.
     */
    public List<Diagnostic> validate(LoadedDocument document) {
        JsonNode root = document.root();
        SourceMap positions = document.positions();
        if (root == null || !root.isObject()) {
            return List.of(Diagnostic.of(Rule.UNKNOWN_KIND, positions.value(""),
                    "a policy document is a mapping with apiVersion, kind, metadata and spec"));
        }
        JsonNode kindNode = root.get("kind");
        if (kindNode == null || !kindNode.isTextual()) {
            return List.of(Diagnostic.of(Rule.UNKNOWN_KIND, kindNode == null ? positions.value("") : positions.value("/kind"),
                    kindNode == null ? "missing 'kind' (Platform or Tenant)" : "'kind' must be Platform or Tenant"));
        }
        Optional<PolicyKind> kind = PolicyKind.of(kindNode.asText());
        if (kind.isEmpty()) {
            return List.of(Diagnostic.of(Rule.UNKNOWN_KIND, positions.value("/kind"),
                    "kind '" + kindNode.asText() + "' is not a Jig policy kind (Platform or Tenant)"));
        }
        return compiled(kind.get()).validate(document);
    }

    private DocumentSchema compiled(PolicyKind kind) {
        DocumentSchema c = schemas.get(kind);
        if (c == null) throw new IllegalArgumentException("no schema for " + kind);
        return c;
    }
}
