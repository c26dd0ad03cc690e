package dev.jig.compiler.validate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.diag.Diagnostic;
import dev.jig.api.diag.Rule;
import dev.jig.api.karpenter.ApiGroups;
import dev.jig.api.karpenter.rules.KarpenterDefaults;
import dev.jig.api.karpenter.rules.KarpenterRules;
import dev.jig.api.karpenter.rules.Violation;
import dev.jig.api.source.Position;
import dev.jig.api.source.SourceFile;
import dev.jig.api.yaml.LoadedDocument;
import dev.jig.api.yaml.YamlLoader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code jig validate}: plain {@code NodePool} (karpenter.sh/v1) and {@code EC2NodeClass}
 * (karpenter.k8s.aws/v1) manifests, hand-written or from another tool, judged exactly as admission
 * judges them, without tenancy: the CRD defaults ({@link KarpenterDefaults}) are applied as the API
 * server would, then {@link KarpenterRules} runs, with the transition rules when a stored version
 * of the object is given. Files are multi-document YAML streams; {@code List} kinds are opened.
 * Objects of other kinds are skipped with a note. Every finding is placed at the value it is about
 * ({@code file:line:col}), or at the nearest value the file has (a defaulted field points at its parent).
 */
public final class ManifestValidation {

    /** What validation found; {@code notes} say what was skipped, {@code objects} how many were judged. */
    public record Result(List<Diagnostic> findings, List<String> notes, int objects) {
    }

    private static final String HINT = "The API server with the Karpenter v1.14.1 CRDs would reject this object; fix the value at this place.";

    private final YamlLoader loader = new YamlLoader();

    /**
     * @param files the manifests to judge
     * @param stored the objects as they are stored now ({@code --old}); an object of the same kind and
     *     name in {@code files} is judged as an UPDATE of it, any other as a CREATE
     */
    public Result validate(List<SourceFile> files, List<SourceFile> stored) {
        List<Diagnostic> findings = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        Map<String, JsonNode> old = new HashMap<>();
        for (Located o : objects(stored, findings, notes)) {
            old.put(key(o.object()), KarpenterDefaults.withDefaults(o.object()));
        }
        int judged = 0;
        for (Located o : objects(files, findings, notes)) {
            JsonNode before = old.get(key(o.object()));
            ObjectNode object = KarpenterDefaults.withDefaults(o.object());
            List<Violation> violations = before == null ? KarpenterRules.validate(object) : KarpenterRules.validateUpdate(before, object);
            String what = o.object().path("kind").asText() + " '" + o.object().path("metadata").path("name").asText("") + "'";
            for (Violation v : violations) {
                Position at = o.document().positions().value(o.pointer() + v.pointer());
                String hint = v.rule() == Rule.KARPENTER_QUANTITY || v.rule() == Rule.NEGATIVE_LIMIT ? v.rule().hint() : HINT;
                findings.add(Diagnostic.of(v.rule(), at, what + ": " + (v.pointer().isEmpty() ? "/" : v.pointer()) + ": " + v.message(), hint));
            }
            judged++;
        }
        findings.sort(Diagnostic.ORDER);
        return new Result(List.copyOf(findings), List.copyOf(notes), judged);
    }

    /** An object of a document and its JSON Pointer in it ({@code ""}, or {@code /items/3} in a List). */
    private record Located(LoadedDocument document, String pointer, JsonNode object) {
    }

    /** The NodePools and EC2NodeClasses of the files, in order; YAML findings and notes for the rest. */
    private List<Located> objects(List<SourceFile> files, List<Diagnostic> findings, List<String> notes) {
        List<Located> out = new ArrayList<>();
        for (SourceFile file : files) {
            YamlLoader.Documents docs = loader.loadAll(file);
            findings.addAll(docs.diagnostics());
            for (LoadedDocument doc : docs.documents()) {
                JsonNode root = doc.root();
                if (root.path("kind").asText("").endsWith("List") && root.path("items").isArray()) {
                    for (int i = 0; i < root.get("items").size(); i++) {
                        collect(new Located(doc, "/items/" + i, root.get("items").get(i)), out, notes);
                    }
                } else {
                    collect(new Located(doc, "", root), out, notes);
                }
            }
        }
        return out;
    }

    private static void collect(Located o, List<Located> out, List<String> notes) {
        JsonNode object = o.object();
        String apiVersion = object.path("apiVersion").asText("");
        String kind = object.path("kind").asText("");
        if ((ApiGroups.KARPENTER_V1.equals(apiVersion) && "NodePool".equals(kind))
                || (ApiGroups.KARPENTER_AWS_V1.equals(apiVersion) && "EC2NodeClass".equals(kind))) {
            out.add(o);
            return;
        }
        String what = object.isObject() ? (apiVersion.isEmpty() ? "" : apiVersion + " ") + (kind.isEmpty() ? "an object without a kind" : kind)
                + (object.path("metadata").path("name").isTextual() ? " '" + object.path("metadata").path("name").asText() + "'" : "")
                : "a document that is not an object";
        notes.add(o.document().positions().value(o.pointer()) + ": skipped " + what + " (jig validate checks "
                + ApiGroups.KARPENTER_V1 + " NodePool and " + ApiGroups.KARPENTER_AWS_V1 + " EC2NodeClass)");
    }

    private static String key(JsonNode object) {
        return object.path("kind").asText("") + "/" + object.path("metadata").path("name").asText("");
    }
}
