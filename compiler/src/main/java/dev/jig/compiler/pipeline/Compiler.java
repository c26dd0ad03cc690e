package dev.jig.compiler.pipeline;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.compiler.catalog.Catalog;
import dev.jig.compiler.check.PolicyChecks;
import dev.jig.compiler.diag.Diagnostic;
import dev.jig.compiler.diag.Rule;
import dev.jig.compiler.emit.Provenance;
import dev.jig.compiler.generate.GeneratedObject;
import dev.jig.compiler.generate.Generator;
import dev.jig.compiler.karpenter.rules.KarpenterRules;
import dev.jig.compiler.karpenter.rules.Violation;
import dev.jig.compiler.policy.Platform;
import dev.jig.compiler.policy.PolicyReader;
import dev.jig.compiler.policy.PolicySet;
import dev.jig.compiler.policy.Tenant;
import dev.jig.compiler.schedule.FreezeTranslator;
import dev.jig.compiler.schema.PolicySchemas;
import dev.jig.compiler.source.Position;
import dev.jig.compiler.source.SourceFile;
import dev.jig.compiler.yaml.LoadedDocument;
import dev.jig.compiler.yaml.YamlLoader;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * load → check → generate → conform: the whole compiler over one repository state. Lint and
 * compile are the same run; lint just does not write the objects. Every problem, from a YAML typo
 * to an object the Karpenter CRDs would reject, comes back as a located {@link Diagnostic}; objects
 * come back only when there is no error at all, so a failed compile can never emit a partial set.
 */
public final class Compiler {

    public static final String API_VERSION = "jig.dev/v1alpha1";

    private final Catalog catalog;
    private final YamlLoader loader = new YamlLoader();

    public Compiler(Catalog catalog) {
        this.catalog = catalog;
    }

    /** What one run found and made. {@code objects} is empty whenever {@code diagnostics} holds an error. */
    public record Result(List<Diagnostic> diagnostics, Optional<PolicySet> policies, List<GeneratedObject> objects) {

        public boolean hasErrors() {
            return diagnostics.stream().anyMatch(Diagnostic::isError);
        }
    }

    public Result compile(List<SourceFile> files, Optional<String> revision) {
        List<Diagnostic> findings = new ArrayList<>();
        List<LoadedDocument> platforms = new ArrayList<>();
        List<LoadedDocument> tenants = new ArrayList<>();
        for (SourceFile file : files) {
            YamlLoader.Result loaded = loader.load(file);
            findings.addAll(loaded.diagnostics());
            loaded.document().ifPresent(doc -> classify(doc, platforms, tenants, findings));
        }
        if (platforms.isEmpty()) {
            String where = files.isEmpty() ? "." : files.get(0).path();
            findings.add(Diagnostic.of(Rule.PLATFORM_MISSING, Position.ofFile(where),
                    files.isEmpty() ? "the policy directory holds no YAML files" : "no file holds a valid `kind: Platform` document"));
            return done(findings, Optional.empty(), List.of());
        }
        for (int i = 1; i < platforms.size(); i++) {
            findings.add(Diagnostic.of(Rule.PLATFORM_DUPLICATE, platforms.get(i).positions().value("/kind"),
                    "a second Platform; the first is in " + platforms.get(0).file()));
        }
        Platform platform = PolicyReader.platform(platforms.get(0));
        List<Tenant> tenantList = tenants.stream().map(PolicyReader::tenant)
                .sorted(Comparator.comparing(Tenant::name, Comparator.nullsFirst(Comparator.naturalOrder()))).toList();
        PolicySet set = new PolicySet(platform, tenantList);
        findings.addAll(PolicyChecks.run(set, catalog));
        if (findings.stream().anyMatch(Diagnostic::isError)) return done(findings, Optional.of(set), List.of());

        List<GeneratedObject> objects;
        try {
            objects = Generator.generate(set, catalog);
        } catch (FreezeTranslator.NotTranslatable e) {
            // ScheduleCheck reports every untranslatable freeze first; this is a backstop.
            findings.add(Diagnostic.of(Rule.FREEZE_NOT_TRANSLATABLE, platform.origin().at("spec/maintenance"), e.getMessage()));
            return done(findings, Optional.of(set), List.of());
        }
        for (GeneratedObject o : objects) {
            for (Violation v : KarpenterRules.validate(o.body())) {
                if (o.kind().equals("NodePool") || o.kind().equals("EC2NodeClass")) {
                    findings.add(Diagnostic.of(v.rule(), o.origin(),
                            o.kind() + " " + o.name() + ": " + v.pointer() + ": " + v.message()));
                }
            }
        }
        if (findings.stream().anyMatch(Diagnostic::isError)) return done(findings, Optional.of(set), List.of());
        return done(findings, Optional.of(set), Provenance.stamp(objects, revision));
    }

    private void classify(LoadedDocument doc, List<LoadedDocument> platforms, List<LoadedDocument> tenants, List<Diagnostic> findings) {
        JsonNode root = doc.root();
        if (!root.isObject()) {
            findings.add(Diagnostic.of(Rule.UNKNOWN_KIND, doc.positions().value(""), "a policy document is a mapping, not a " + kindOf(root)));
            return;
        }
        String apiVersion = root.path("apiVersion").asText(null);
        String kind = root.path("kind").asText(null);
        if (!API_VERSION.equals(apiVersion)) {
            findings.add(Diagnostic.of(Rule.UNKNOWN_KIND, doc.positions().value(root.has("apiVersion") ? "/apiVersion" : ""),
                    apiVersion == null ? "missing apiVersion" : "apiVersion '" + apiVersion + "' is not " + API_VERSION));
            return;
        }
        if (!"Platform".equals(kind) && !"Tenant".equals(kind)) {
            findings.add(Diagnostic.of(Rule.UNKNOWN_KIND, doc.positions().value(root.has("kind") ? "/kind" : ""),
                    kind == null ? "missing kind" : "kind '" + kind + "' is neither Platform nor Tenant"));
            return;
        }
        List<Diagnostic> schema = PolicySchemas.bundled().validate(doc);
        findings.addAll(schema);
        if (schema.stream().anyMatch(Diagnostic::isError)) return;
        (kind.equals("Platform") ? platforms : tenants).add(doc);
    }

    private static String kindOf(JsonNode n) {
        return n.isArray() ? "list" : n.isTextual() ? "string" : n.isNumber() ? "number" : "scalar";
    }

    private static Result done(List<Diagnostic> findings, Optional<PolicySet> set, List<GeneratedObject> objects) {
        List<Diagnostic> sorted = new ArrayList<>(findings);
        sorted.sort(Diagnostic.ORDER);
        return new Result(List.copyOf(sorted), set, objects);
    }
}
