package dev.jig.compiler.pipeline;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.api.diag.Diagnostic;
import dev.jig.api.diag.Rule;
import dev.jig.api.ec2.Catalog;
import dev.jig.api.karpenter.ApiGroups;
import dev.jig.api.karpenter.rules.KarpenterRules;
import dev.jig.api.karpenter.rules.Violation;
import dev.jig.api.source.Position;
import dev.jig.api.source.SourceFile;
import dev.jig.api.yaml.LoadedDocument;
import dev.jig.api.yaml.YamlLoader;
import dev.jig.compiler.check.MemoryUnits;
import dev.jig.compiler.check.PolicyChecks;
import dev.jig.compiler.emit.ProvenanceStamp;
import dev.jig.compiler.generate.GeneratedObject;
import dev.jig.compiler.generate.Generator;
import dev.jig.compiler.generate.PolicyFacts;
import dev.jig.compiler.policy.Platform;
import dev.jig.compiler.policy.PolicyReader;
import dev.jig.compiler.policy.PolicySet;
import dev.jig.compiler.policy.Tenant;
import dev.jig.compiler.schema.PolicySchemas;
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


    private final Catalog catalog;
    private final YamlLoader loader = new YamlLoader();

    public Compiler(Catalog catalog) {
        this.catalog = catalog;
    }

    /** What one run found and made. {@code objects} is empty whenever {@code diagnostics} holds an error. */
    public record Result(List<Diagnostic> diagnostics, Optional<PolicySet> policies, List<GeneratedObject> objects,
                         List<Phase> phases) {

        public boolean hasErrors() {
            return diagnostics.stream().anyMatch(Diagnostic::isError);
        }
    }

    /** How long one stage took, for {@code --timings}. */
    public record Phase(String name, long nanos) {
    }

    public Result compile(List<SourceFile> files, Optional<String> revision) {
        List<Phase> phases = new ArrayList<>();
        long t = System.nanoTime();
        List<Diagnostic> findings = new ArrayList<>();
        List<LoadedDocument> platforms = new ArrayList<>();
        List<LoadedDocument> tenants = new ArrayList<>();
        // Files are independent until the cross-file checks: read and schema-check them in parallel,
        // then collect in file order so findings and objects stay deterministic.
        List<Loaded> loaded = files.parallelStream().map(this::loadOne).toList();
        boolean brokenPlatform = false;
        boolean unreadable = false;
        java.util.Set<String> brokenTenants = new java.util.HashSet<>();
        for (Loaded l : loaded) {
            findings.addAll(l.findings());
            l.platform().ifPresent(platforms::add);
            l.tenant().ifPresent(tenants::add);
            if (l.invalid() != null && l.invalid().kind().equals("Platform")) brokenPlatform = true;
            if (l.invalid() != null && l.invalid().kind().equals("Tenant") && l.invalid().name() != null) brokenTenants.add(l.invalid().name());
            // A file whose tenant (if it is one) cannot even be named: references to unknown tenants may mean it.
            if (l.platform().isEmpty() && l.tenant().isEmpty() && (l.invalid() == null || l.invalid().name() == null)
                    && l.findings().stream().anyMatch(Diagnostic::isError)) unreadable = true;
        }
        t = lap(phases, "load+schema", t);
        if (platforms.isEmpty() && brokenPlatform) {
            // The Platform's own errors say what to fix; cross-file checks need a valid one.
            return done(findings, Optional.empty(), List.of(), phases);
        }
        if (platforms.isEmpty()) {
            String where = files.isEmpty() ? "." : files.get(0).path();
            findings.add(Diagnostic.of(Rule.PLATFORM_MISSING, Position.ofFile(where),
                    files.isEmpty() ? "the policy directory holds no YAML files" : "no file holds a valid `kind: Platform` document"));
            return done(findings, Optional.empty(), List.of(), phases);
        }
        for (int i = 1; i < platforms.size(); i++) {
            findings.add(Diagnostic.of(Rule.PLATFORM_DUPLICATE, platforms.get(i).positions().value("/kind"),
                    "a second Platform; the first is in " + platforms.get(0).file()));
        }
        Platform platform = PolicyReader.platform(platforms.get(0));
        List<Tenant> tenantList = tenants.stream().map(PolicyReader::tenant)
                .sorted(Comparator.comparing(Tenant::name, Comparator.nullsFirst(Comparator.naturalOrder()))).toList();
        PolicySet set = new PolicySet(platform, tenantList, brokenTenants);
        PolicyFacts facts = new PolicyFacts(set, catalog);
        findings.addAll(PolicyChecks.run(facts));
        findings = new ArrayList<>(Consequences.prune(findings, unreadable));
        t = lap(phases, "read+checks", t);
        if (findings.stream().anyMatch(Diagnostic::isError)) return done(findings, Optional.of(set), List.of(), phases);

        List<GeneratedObject> objects = Generator.generate(facts);
        t = lap(phases, "generate", t);
        objects.parallelStream().map(Compiler::conformance).toList().forEach(findings::addAll);
        t = lap(phases, "conformance", t);
        if (findings.stream().anyMatch(Diagnostic::isError)) return done(findings, Optional.of(set), List.of(), phases);
        List<GeneratedObject> stamped = ProvenanceStamp.stamp(objects, revision);
        lap(phases, "provenance", t);
        return done(findings, Optional.of(set), stamped, phases);
    }

    /** What the Karpenter v1.14.1 CRDs would reject in one emitted object, placed at its policy source. */
    private static List<Diagnostic> conformance(GeneratedObject o) {
        if (!o.kind().equals("NodePool") && !o.kind().equals("EC2NodeClass")) return List.of();
        List<Diagnostic> out = new ArrayList<>();
        for (Violation v : KarpenterRules.validate(o.body())) {
            out.add(Diagnostic.of(v.rule(), o.origin(), o.kind() + " " + o.name() + ": " + v.pointer() + ": " + v.message()));
        }
        return out;
    }

    /** One file after loading and schema checking: its findings and, if valid, its document by kind. */
    private record Loaded(List<Diagnostic> findings, Optional<LoadedDocument> platform, Optional<LoadedDocument> tenant,
                          Invalid invalid) {
    }

    /** A Platform or Tenant document that failed its schema: its kind and, if readable, its name. */
    private record Invalid(String kind, String name) {
    }

    private Loaded loadOne(SourceFile file) {
        YamlLoader.Result result = loader.load(file);
        List<Diagnostic> findings = new ArrayList<>(result.diagnostics());
        if (result.document().isEmpty()) return new Loaded(findings, Optional.empty(), Optional.empty(), null);
        LoadedDocument doc = result.document().get();
        Optional<String> kind = classify(doc, findings);
        String declared = doc.root().path("kind").asText("");
        Invalid invalid = kind.isEmpty() && (declared.equals("Platform") || declared.equals("Tenant"))
                ? new Invalid(declared, doc.root().path("metadata").path("name").isTextual() ? doc.root().path("metadata").path("name").asText() : null)
                : null;
        return new Loaded(findings, kind.filter("Platform"::equals).map(k -> doc), kind.filter("Tenant"::equals).map(k -> doc), invalid);
    }

    /** The document's kind when it is a schema-valid Platform or Tenant; otherwise findings say why not. */
    private Optional<String> classify(LoadedDocument doc, List<Diagnostic> findings) {
        JsonNode root = doc.root();
        if (!root.isObject()) {
            findings.add(Diagnostic.of(Rule.UNKNOWN_KIND, doc.positions().value(""), "a policy document is a mapping, not a " + kindOf(root)));
            return Optional.empty();
        }
        String apiVersion = root.path("apiVersion").asText(null);
        String kind = root.path("kind").asText(null);
        if (!ApiGroups.JIG_V1ALPHA1.equals(apiVersion)) {
            findings.add(Diagnostic.of(Rule.UNKNOWN_KIND, doc.positions().value(root.has("apiVersion") ? "/apiVersion" : ""),
                    apiVersion == null ? "missing apiVersion" : "apiVersion '" + apiVersion + "' is not " + ApiGroups.JIG_V1ALPHA1));
            return Optional.empty();
        }
        if (!"Platform".equals(kind) && !"Tenant".equals(kind)) {
            findings.add(Diagnostic.of(Rule.UNKNOWN_KIND, doc.positions().value(root.has("kind") ? "/kind" : ""),
                    kind == null ? "missing kind" : "kind '" + kind + "' is neither Platform nor Tenant"));
            return Optional.empty();
        }
        List<Diagnostic> schema = PolicySchemas.bundled().validate(doc);
        findings.addAll(schema);
        if (schema.stream().anyMatch(Diagnostic::isError)) return Optional.empty();
        findings.addAll(MemoryUnits.check(doc));
        return Optional.of(kind);
    }

    private static String kindOf(JsonNode n) {
        return n.isArray() ? "list" : n.isTextual() ? "string" : n.isNumber() ? "number" : "scalar";
    }

    private static Result done(List<Diagnostic> findings, Optional<PolicySet> set, List<GeneratedObject> objects, List<Phase> phases) {
        List<Diagnostic> sorted = new ArrayList<>(findings);
        sorted.sort(Consequences.ORDER);
        return new Result(List.copyOf(sorted), set, objects, List.copyOf(phases));
    }

    private static long lap(List<Phase> phases, String name, long since) {
        long now = System.nanoTime();
        phases.add(new Phase(name, now - since));
        return now;
    }
}
