package dev.jig.compiler.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.dialect.Dialect;
import com.networknt.schema.dialect.Dialects;
import com.networknt.schema.keyword.NonValidationKeyword;
import com.networknt.schema.path.NodePath;
import com.networknt.schema.path.PathType;
import dev.jig.api.diag.Diagnostic;
import dev.jig.api.diag.Rule;
import dev.jig.api.source.SourceMap;
import dev.jig.api.yaml.LoadedDocument;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;

/**
 * One JSON Schema (draft 2020-12) compiled for checking YAML documents, with located, readable
 * findings: the one schema → {@link Diagnostic} mechanism of Jig. The policy schemas
 * ({@link PolicySchemas}) and the {@code simulate} scenario schema use it, each with its own rule
 * id, so {@code jig lint} and {@code jig-controller simulate} word, place and hint schema findings
 * alike: at the key or value at fault, the field in dotted form, "did you mean" for a mistyped
 * field or enum value, the field's schema description (and first example) as the hint, and
 * {@code anyOf}/{@code oneOf} cascades collapsed into the alternative that was meant.
 *
 * <p>{@link #validate} is thread-safe and never throws on bad input. Only local {@code $ref}s are
 * followed by the hints ({@link SchemaTree}); the validator itself resolves what the schema names.
 */
public final class DocumentSchema {

    /**
     * Draft 2020-12, plus {@code patternErrorMessage} (the yaml-language-server's wording of a failed
     * {@code pattern}, which the findings use too) as a keyword that validates nothing. Unknown to the
     * validator, it would be logged as a warning, on stdout in the jar whose stdout is a JSON report.
     */
    private static final Dialect DIALECT = Dialect.builder(Dialects.getDraft202012())
            .keyword(new NonValidationKeyword("patternErrorMessage"))
            .build();

    private final Schema schema;
    private final SchemaTree tree;
    private final JsonNode document;
    private final Rule rule;

    private DocumentSchema(Schema schema, JsonNode document, Rule rule) {
        this.schema = schema;
        this.tree = new SchemaTree(document);
        this.document = document;
        this.rule = rule;
    }

    /**
     * Compiles a schema document.
     *
     * @param document the schema, as JSON; its {@code $id} names it (or {@code fallbackId} when it has none)
     * @param rule     the rule of every finding; its hint stands in where the schema describes a field not
     */
    public static DocumentSchema compile(JsonNode document, String fallbackId, Rule rule) {
        SchemaRegistry registry = SchemaRegistry.withDefaultDialect(DIALECT,
                builder -> builder.schemaRegistryConfig(SchemaRegistryConfig.builder()
                        .locale(Locale.ENGLISH)
                        .pathType(PathType.JSON_POINTER)
                        .build()));
        String id = document.path("$id").asText(fallbackId);
        Schema schema = registry.getSchema(SchemaLocation.of(id), document);
        schema.initializeValidators();
        return new DocumentSchema(schema, document, rule);
    }

    /** The schema document, as compiled (a copy: callers may not change the checker's). */
    public JsonNode document() {
        return document.deepCopy();
    }

    /** The findings of one document against this schema, sorted by position; empty when it is valid. */
    public List<Diagnostic> validate(LoadedDocument loaded) {
        List<Error> errors = schema.validate(loaded.root());
        if (errors.isEmpty()) return List.of();
        List<SchemaError> detached = new ArrayList<>(errors.size());
        for (Error e : errors) detached.add(detach(e));
        SchemaFindings findings = new SchemaFindings(loaded, tree, rule);
        LinkedHashSet<Diagnostic> out = new LinkedHashSet<>();
        for (SchemaError v : BranchPruning.prune(detached)) out.add(findings.describe(v));
        List<Diagnostic> sorted = new ArrayList<>(out);
        sorted.sort(Diagnostic.ORDER);
        return Collections.unmodifiableList(sorted);
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
