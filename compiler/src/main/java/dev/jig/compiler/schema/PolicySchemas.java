package dev.jig.compiler.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.path.NodePath;
import com.networknt.schema.path.PathType;
import dev.jig.api.diag.Diagnostic;
import dev.jig.api.diag.Rule;
import dev.jig.api.source.SourceMap;
import dev.jig.api.yaml.LoadedDocument;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
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
 * are collapsed into the finding about the alternative that was meant.
 */
public final class PolicySchemas {

    private static final String RESOURCE_FOLDER = "/dev/jig/compiler/schema/";

    private record Compiled(Schema schema, SchemaTree tree, JsonNode document) {
    }

    private static final class Bundled {
        static final PolicySchemas INSTANCE = load();
    }

    private final Map<PolicyKind, Compiled> schemas;

    private PolicySchemas(Map<PolicyKind, Compiled> schemas) {
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
        SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12,
                builder -> builder.schemaRegistryConfig(SchemaRegistryConfig.builder()
                        .locale(Locale.ENGLISH)
                        .pathType(PathType.JSON_POINTER)
                        .build()));
        Map<PolicyKind, Compiled> compiled = new EnumMap<>(PolicyKind.class);
        documents.forEach((kind, doc) -> {
            String id = doc.path("$id").asText("https://jig.dev/schema/v1alpha1/" + kind.schemaFile());
            Schema schema = registry.getSchema(SchemaLocation.of(id), doc);
            schema.initializeValidators();
            compiled.put(kind, new Compiled(schema, new SchemaTree(doc), doc));
        });
        return new PolicySchemas(compiled);
    }

    /** The schema document of a kind, as bundled (a copy: callers may not change the checker's). */
    public JsonNode schemaDocument(PolicyKind kind) {
        return compiled(kind).document().deepCopy();
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
        Compiled c = compiled(kind.get());
        List<Error> errors = c.schema().validate(root);
        if (errors.isEmpty()) return List.of();
        List<SchemaError> detached = new ArrayList<>(errors.size());
        for (Error e : errors) detached.add(detach(e));
        SchemaFindings findings = new SchemaFindings(document, c.tree());
        LinkedHashSet<Diagnostic> out = new LinkedHashSet<>();
        for (SchemaError v : BranchPruning.prune(detached)) out.add(findings.describe(v));
        List<Diagnostic> sorted = new ArrayList<>(out);
        sorted.sort(Diagnostic.ORDER);
        return Collections.unmodifiableList(sorted);
    }

    private Compiled compiled(PolicyKind kind) {
        Compiled c = schemas.get(kind);
        if (c == null) throw new IllegalArgumentException("no schema for " + kind);
        return c;
    }

    private static SchemaError detach(Error e) {
        Object[] args = e.getArguments() == null ? new Object[0] : e.getArguments();
        List<Object> arguments = new ArrayList<>(Arrays.asList(args));
        if ("type".equals(e.getKeyword())) {
            List<String> expected = new ArrayList<>();
            JsonNode types = e.getSchemaNode();
            if (types != null && types.isArray()) types.forEach(t -> expected.add(t.asText()));
            else if (types != null) expected.add(types.asText());
            while (arguments.size() < 2) arguments.add(null);
            arguments.set(1, expected);
        }
        NodePath fragment = e.getSchemaLocation() == null ? null : e.getSchemaLocation().getFragment();
        return new SchemaError(e.getKeyword(), pointer(e.getInstanceLocation()), tokens(e.getEvaluationPath()),
                pointer(fragment), e.getProperty(), arguments, e.getInstanceNode(), e.getMessage());
    }

    private static List<String> tokens(NodePath path) {
        List<String> out = new ArrayList<>();
        if (path == null) return out;
        for (int i = 0; i < path.getNameCount(); i++) out.add(String.valueOf(path.getElement(i)));
        return out;
    }

    private static String pointer(NodePath path) {
        StringBuilder out = new StringBuilder();
        for (String token : tokens(path)) out.append('/').append(SourceMap.escape(token));
        return out.toString();
    }
}
