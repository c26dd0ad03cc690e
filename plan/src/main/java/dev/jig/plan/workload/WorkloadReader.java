package dev.jig.plan.workload;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.diag.Diagnostic;
import dev.jig.api.ec2.Catalog;
import dev.jig.api.source.SourceFile;
import dev.jig.api.yaml.LoadedDocument;
import dev.jig.api.yaml.YamlLoader;
import dev.jig.controller.model.Pod;
import dev.jig.controller.simulate.Scenario;
import dev.jig.controller.simulate.ScenarioReader;
import dev.jig.controller.simulate.ScenarioSchema;
import java.io.IOException;
import java.nio.charset.MalformedInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Reads the workload files of {@code jig plan} into one {@link Workload}. The format is told from the
 * content: JSON (first character {@code {}) is a {@code kubectl get -o json} document; YAML whose one
 * document is a {@code Scenario} is a simulate scenario, one {@code List} document is
 * {@code kubectl get -o yaml}, anything else a stream of manifests. What is read is {@link KubeObjects}'s
 * list. Pods of the exempt namespaces are counted and left out; DaemonSets are kept wherever they live, since
 * their pods run on every node they tolerate. Anything unreadable is a
 * {@link WorkloadError} at its place: {@code file:line:col} for YAML and JSON syntax, {@code file#/pointer}
 * for a JSON value.
 */
public final class WorkloadReader {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Set<String> exemptNamespaces;
    private final String defaultNamespace;
    private final ScenarioSchema scenarioSchema;
    private final Catalog catalog;

    /**
     * @param scenarioSchema the simulate scenario schema (served by the compiler in the app)
     * @param defaultNamespace the namespace of manifests that name none
     */
    public WorkloadReader(Set<String> exemptNamespaces, String defaultNamespace, ScenarioSchema scenarioSchema, Catalog catalog) {
        this.exemptNamespaces = Set.copyOf(exemptNamespaces);
        this.defaultNamespace = defaultNamespace;
        this.scenarioSchema = scenarioSchema;
        this.catalog = catalog;
    }

    /** Reads every file, in order; the first error stops reading. */
    public Workload read(List<Path> files) throws WorkloadError, IOException {
        List<Pod> pods = new ArrayList<>();
        List<Pod> daemonSets = new ArrayList<>();
        List<Workload.FileSummary> summaries = new ArrayList<>();
        Map<String, String> seen = new LinkedHashMap<>();
        int exempt = 0;
        int finished = 0;
        int daemonSetPods = 0;
        for (Path file : files) {
            String name = file.toString().replace('\\', '/');
            String text = text(file, name);
            Parsed parsed = parse(name, text);
            KubeObjects objects = parsed.objects();
            summaries.add(new Workload.FileSummary(name, parsed.format(), objects.read, objects.daemonSets.size()));
            for (var e : objects.podLocations.entrySet()) {
                String first = seen.putIfAbsent(e.getKey(), e.getValue());
                if (first != null) throw new WorkloadError(e.getValue(), "a second pod " + e.getKey() + " (the first is at " + first + ")");
            }
            for (Pod p : objects.pods) {
                if (exemptNamespaces.contains(p.namespace())) exempt++;
                else pods.add(p);
            }
            daemonSets.addAll(objects.daemonSets);
            finished += objects.finished;
            daemonSetPods += objects.daemonSetPods;
        }
        Map<String, Integer> namespaces = new TreeMap<>();
        for (Pod p : pods) namespaces.merge(p.namespace(), 1, Integer::sum);
        return new Workload(pods, daemonSets, summaries, new Workload.Ignored(exempt, finished, daemonSetPods), namespaces);
    }

    private record Parsed(WorkloadFormat format, KubeObjects objects) {
    }

    private static String text(Path file, String name) throws WorkloadError, IOException {
        if (!Files.isRegularFile(file)) throw new WorkloadError(name, "no such workload file");
        try {
            return Files.readString(file);
        } catch (MalformedInputException e) {
            throw new WorkloadError(name, "the file is not UTF-8 text");
        }
    }

    private Parsed parse(String name, String text) throws WorkloadError {
        String start = text.stripLeading();
        if (start.isEmpty()) throw new WorkloadError(name, "the file is empty");
        if (start.charAt(0) == '{' || start.charAt(0) == '[') return json(name, text);
        return yaml(name, text);
    }

    /**
     * A {@code kubectl get -o json} document, streamed: a List's items are read and turned into pods one at a
     * time, so the whole document (tens of MB for a large cluster) never stands in memory as one tree. Any
     * other document is read whole.
     */
    private Parsed json(String name, String text) throws WorkloadError {
        KubeObjects objects = new KubeObjects(name, pointer -> name + "#" + (pointer.isEmpty() ? "/" : pointer), defaultNamespace);
        try (JsonParser p = JSON.createParser(text)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                objects.read(JSON.readTree(text), "");
                return new Parsed(WorkloadFormat.KUBECTL_JSON, objects);
            }
            ObjectNode rest = JSON.createObjectNode();
            boolean items = false;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken value = p.nextToken();
                if (field.equals("items") && value == JsonToken.START_ARRAY) {
                    items = true;
                    for (int i = 0; p.nextToken() != JsonToken.END_ARRAY; i++) objects.read(p.readValueAsTree(), "/items/" + i);
                } else {
                    rest.set(field, p.readValueAsTree());
                }
            }
            if (!items) {
                objects.read(rest, "");
            } else if (!rest.path("kind").asText("").endsWith("List")) {
                throw new WorkloadError(name + "#/kind", "an object with items must be a List (kubectl get -o json), found "
                        + (rest.path("kind").isTextual() ? "kind '" + rest.path("kind").asText() + "'" : "no kind"));
            }
        } catch (JsonParseException e) {
            throw new WorkloadError(at(name, e.getLocation()), "unreadable or truncated JSON: " + e.getOriginalMessage().replaceAll(" \\(start marker at .*", ""));
        } catch (JsonProcessingException e) {
            throw new WorkloadError(at(name, e.getLocation()), "unreadable JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new WorkloadError(name, "unreadable JSON: " + e.getMessage());
        }
        return new Parsed(WorkloadFormat.KUBECTL_JSON, objects);
    }

    private static String at(String name, JsonLocation l) {
        return l == null ? name : name + ":" + l.getLineNr() + ":" + l.getColumnNr();
    }

    private Parsed yaml(String name, String text) throws WorkloadError {
        YamlLoader.Documents docs = new YamlLoader().loadAll(new SourceFile(name, text));
        for (Diagnostic d : docs.diagnostics()) if (d.isError()) throw new WorkloadError(d.position().toString(), d.message());
        if (docs.documents().isEmpty()) throw new WorkloadError(name, "the file holds no document");
        LoadedDocument first = docs.documents().get(0);
        String kind = first.root().path("kind").asText("");
        if (docs.documents().size() == 1 && kind.equals("Scenario")) return scenario(name, text);
        WorkloadFormat format = docs.documents().size() == 1 && kind.equals("List") ? WorkloadFormat.KUBECTL_YAML : WorkloadFormat.MANIFESTS;
        KubeObjects objects = null;
        for (LoadedDocument doc : docs.documents()) {
            KubeObjects one = new KubeObjects(name, pointer -> doc.positions().value(pointer).toString(), defaultNamespace);
            one.read(doc.root(), "");
            objects = objects == null ? one : merge(objects, one);
        }
        return new Parsed(format, objects);
    }

    /** The pods of {@code more} added to {@code into}, duplicates refused. */
    private static KubeObjects merge(KubeObjects into, KubeObjects more) throws WorkloadError {
        for (var e : more.podLocations.entrySet()) {
            String first = into.podLocations.putIfAbsent(e.getKey(), e.getValue());
            if (first != null) throw new WorkloadError(e.getValue(), "a second pod " + e.getKey() + " (the first is at " + first + ")");
        }
        into.pods.addAll(more.pods);
        into.daemonSets.addAll(more.daemonSets);
        into.read += more.read;
        into.finished += more.finished;
        into.daemonSetPods += more.daemonSetPods;
        return into;
    }

    /** A simulate scenario: its deployments at their initial replicas and its DaemonSets, read as manifests would be. */
    private Parsed scenario(String name, String text) throws WorkloadError {
        ScenarioReader.Result r = new ScenarioReader(scenarioSchema, catalog).read(Path.of(name), text);
        for (Diagnostic d : r.diagnostics()) if (d.isError()) throw new WorkloadError(d.position().toString(), d.message());
        Scenario s = r.scenario().orElseThrow(() -> new WorkloadError(name, "the scenario cannot be read"));
        KubeObjects objects = new KubeObjects(name, pointer -> name, defaultNamespace);
        for (Scenario.Workload w : s.deployments()) objects.read(object("Deployment", w, w.replicas()), "");
        for (Scenario.Workload w : s.daemonSets()) objects.read(object("DaemonSet", w, 1), "");
        return new Parsed(WorkloadFormat.SCENARIO, objects);
    }

    private static ObjectNode object(String kind, Scenario.Workload w, int replicas) {
        ObjectNode o = JsonNodeFactory.instance.objectNode().put("kind", kind);
        o.putObject("metadata").put("name", w.name()).put("namespace", w.namespace());
        ObjectNode spec = o.putObject("spec").put("replicas", replicas);
        ObjectNode template = spec.putObject("template");
        ObjectNode labels = template.putObject("metadata").putObject("labels");
        w.labels().forEach(labels::put);
        template.set("spec", w.podSpec());
        return o;
    }
}
