package dev.jig.api.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.diag.Diagnostic;
import dev.jig.api.diag.Rule;
import dev.jig.api.source.Position;
import dev.jig.api.source.SourceFile;
import dev.jig.api.source.SourceMap;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Compose;
import org.snakeyaml.engine.v2.exceptions.Mark;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;
import org.snakeyaml.engine.v2.nodes.Tag;

/**
 * Reads a policy file into a JSON tree with YAML 1.2 JSON-schema scalar semantics: only
 * {@code true}/{@code false}, {@code null}/{@code ~} and plain JSON numbers are typed; {@code on},
 * {@code yes}, {@code no} and {@code 010} stay strings. Duplicate keys, several documents and
 * custom tags are findings, never silently accepted. Never throws on bad input: every problem is a
 * located {@link Diagnostic}.
 */
public final class YamlLoader {

    private static final Pattern INT = Pattern.compile("-?(0|[1-9][0-9]*)");
    private static final Pattern FLOAT = Pattern.compile("-?(0|[1-9][0-9]*)(\\.[0-9]*)?([eE][-+]?[0-9]+)?");
    private static final int MAX_NODES = 1_000_000;
    private static final int MAX_DEPTH = 200;

    /** The outcome of loading one file: a document when there were no errors, and the findings. */
    public record Result(Optional<LoadedDocument> document, List<Diagnostic> diagnostics) {
    }

    private final LoadSettings settings;

    public YamlLoader() {
        this.settings = LoadSettings.builder()
                .setAllowDuplicateKeys(true) // reported by us, with both places
                .setAllowRecursiveKeys(false)
                .setMaxAliasesForCollections(50)
                .setCodePointLimit(8 * 1024 * 1024)
                .setUseMarks(true)
                .build();
    }

    /** The documents of a stream of Kubernetes manifests, each converted without errors, and the findings. */
    public record Documents(List<LoadedDocument> documents, List<Diagnostic> diagnostics) {
    }

    public Result load(SourceFile file) {
        List<Diagnostic> findings = new ArrayList<>();
        List<Node> docs = compose(file, 2, findings);
        if (docs == null) return new Result(Optional.empty(), findings);
        if (docs.isEmpty() || isNull(docs.get(0))) {
            findings.add(Diagnostic.of(Rule.EMPTY_DOCUMENT, Position.ofFile(file.path()), "the file holds no document"));
            return new Result(Optional.empty(), findings);
        }
        if (docs.size() > 1) {
            findings.add(Diagnostic.of(Rule.YAML_MULTIPLE_DOCUMENTS, at(file.path(), docs.get(1).getStartMark().orElse(null)),
                    "a policy file holds one document; a second one starts here"));
            return new Result(Optional.empty(), findings);
        }
        Converter converter = new Converter(file.path(), findings);
        JsonNode root = converter.convert(docs.get(0), "", 0);
        if (findings.stream().anyMatch(Diagnostic::isError)) {
            return new Result(Optional.empty(), findings);
        }
        return new Result(Optional.of(new LoadedDocument(file.path(), root, converter.map)), findings);
    }

    /**
     * Every document of a {@code ---} separated stream, as Kubernetes manifests come (empty documents
     * are skipped), with the same YAML 1.2 semantics and findings as {@link #load}. A syntax error
     * ends the stream where it stands; a document with a finding of its own (a duplicate key, a custom
     * tag) is left out, the others are returned.
     */
    public Documents loadAll(SourceFile file) {
        List<Diagnostic> findings = new ArrayList<>();
        List<Node> docs = compose(file, Integer.MAX_VALUE, findings);
        List<LoadedDocument> out = new ArrayList<>();
        for (Node node : docs == null ? List.<Node>of() : docs) {
            if (isNull(node)) continue;
            int before = findings.size();
            Converter converter = new Converter(file.path(), findings);
            JsonNode root = converter.convert(node, "", 0);
            if (findings.subList(before, findings.size()).stream().noneMatch(Diagnostic::isError)) {
                out.add(new LoadedDocument(file.path(), root, converter.map));
            }
        }
        return new Documents(List.copyOf(out), List.copyOf(findings));
    }

    /** Up to {@code most} composed documents, or null after adding the finding that stopped reading. */
    private List<Node> compose(SourceFile file, int most, List<Diagnostic> findings) {
        int bad = file.text().indexOf('\uFFFD');
        if (bad >= 0) {
            // Both sources decode files with replacement; a replacement character means bytes that were not UTF-8.
            findings.add(Diagnostic.of(Rule.YAML_SYNTAX, at(file.path(), bad, file.text()), "the file is not valid UTF-8 (first bad byte here)"));
            return null;
        }
        List<Node> docs = new ArrayList<>();
        try {
            for (Node n : new Compose(settings).composeAllFromString(file.text())) {
                docs.add(n);
                if (docs.size() >= most) break;
            }
        } catch (MarkedYamlEngineException e) {
            Mark mark = e.getProblemMark().or(e::getContextMark).orElse(null);
            findings.add(Diagnostic.of(Rule.YAML_SYNTAX, at(file.path(), mark), describe(e)));
            return null;
        } catch (YamlEngineException | IllegalArgumentException | IllegalStateException | IndexOutOfBoundsException e) {
            // IndexOutOfBoundsException: snakeyaml-engine's reader trips over a lone high surrogate at its buffer's end.
            findings.add(Diagnostic.of(Rule.YAML_SYNTAX, Position.ofFile(file.path()), oneLine(e.getMessage())));
            return null;
        } catch (StackOverflowError e) {
            findings.add(Diagnostic.of(Rule.YAML_UNSUPPORTED, Position.ofFile(file.path()), "document is nested too deeply"));
            return null;
        }
        return docs;
    }

    private static boolean isNull(Node node) {
        return node instanceof ScalarNode s && s.getTag().equals(Tag.NULL) && s.getValue().isEmpty();
    }

    private static Position at(String file, int offset, String text) {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < offset; i++) {
            if (text.charAt(i) == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        return new Position(file, line, offset - lineStart + 1);
    }

    private static Position at(String file, Mark mark) {
        return mark == null ? Position.ofFile(file) : new Position(file, mark.getLine() + 1, mark.getColumn() + 1);
    }

    private static String describe(MarkedYamlEngineException e) {
        String problem = e.getProblem();
        String context = e.getContext();
        String parser = context != null && !context.isBlank() && problem != null ? oneLine(context + ": " + problem)
                : oneLine(problem != null ? problem : e.getMessage());
        return plainWords(parser);
    }

    /**
     * The parser's common complaints in the words of someone reading the file. Anything else keeps
     * the parser's own text: an unusual message is better than a wrong translation.
     */
    static String plainWords(String parser) {
        String p = parser.toLowerCase(java.util.Locale.ROOT);
        if (p.contains("mapping values are not allowed here")) {
            return "a ':' here starts a mapping where none can start: indent this line under a key, or quote a value that contains ': '";
        }
        if (p.contains("expected <block end>, but found '<block mapping start>'")
                || p.contains("expected <block end>, but found '<scalar>'")) {
            return "this line is indented differently from the lines around it: line it up with the other keys of its mapping";
        }
        if (p.contains("expected <block end>, but found '-'") || p.contains("expected <block end>, but found '<block sequence start>'")) {
            return "a list item '-' where a key was expected: indent the item under the key it belongs to";
        }
        if (p.contains("block collection") && p.contains("expected <block end>, but found '?'")) {
            return "a key after list items at the same indentation: indent the list under its key, or start a new list item with '-'";
        }
        if (p.contains("could not find expected ':'")) return "a line of a mapping has no ':' after its key (or a quote is not closed)";
        if (p.contains("found unexpected end of stream") && p.contains("quoted scalar")) return "a quote opened here is never closed";
        if (p.contains("flow sequence") && p.contains("expected ',' or ']'")) return "a list opened with '[' is not closed with ']', or two of its items lack a ',' between them";
        if (p.contains("flow mapping") && p.contains("expected ',' or '}'")) return "a mapping opened with '{' is not closed with '}', or two of its entries lack a ',' between them";
        if (p.contains("(tab)")) {
            return "a tab character: YAML indents with spaces only";
        }
        if (p.contains("found undefined alias") || p.contains("found undefined anchor")) return "an alias (*name) refers to no anchor (&name) defined before it";
        return parser;
    }

    private static String oneLine(String s) {
        return s == null ? "unreadable YAML" : s.replaceAll("\\s+", " ").trim();
    }

    /** Walks the composed node graph once; tracks depth and size so hostile input cannot blow up. */
    private static final class Converter {
        private final String file;
        private final List<Diagnostic> findings;
        private final SourceMap map;
        private final Map<Node, Boolean> inProgress = new IdentityHashMap<>();
        private int nodes;

        Converter(String file, List<Diagnostic> findings) {
            this.file = file;
            this.findings = findings;
            this.map = new SourceMap(file);
        }

        JsonNode convert(Node node, String pointer, int depth) {
            if (++nodes > MAX_NODES || depth > MAX_DEPTH) {
                if (nodes == MAX_NODES + 1 || depth == MAX_DEPTH + 1) {
                    findings.add(Diagnostic.of(Rule.YAML_UNSUPPORTED, position(node), "document is too large or nested too deeply"));
                }
                return JsonNodeFactory.instance.nullNode();
            }
            node.getStartMark().ifPresent(m -> map.putValue(pointer, m.getLine() + 1, m.getColumn() + 1));
            if (inProgress.containsKey(node)) {
                findings.add(Diagnostic.of(Rule.YAML_UNSUPPORTED, position(node), "recursive alias"));
                return JsonNodeFactory.instance.nullNode();
            }
            inProgress.put(node, Boolean.TRUE);
            try {
                if (node instanceof MappingNode m) return mapping(m, pointer, depth);
                if (node instanceof SequenceNode s) return sequence(s, pointer, depth);
                return scalar((ScalarNode) node);
            } finally {
                inProgress.remove(node);
            }
        }

        private JsonNode mapping(MappingNode node, String pointer, int depth) {
            ObjectNode out = JsonNodeFactory.instance.objectNode();
            Map<String, Node> seen = new HashMap<>();
            for (NodeTuple t : node.getValue()) {
                if (!(t.getKeyNode() instanceof ScalarNode keyNode)) {
                    findings.add(Diagnostic.of(Rule.YAML_UNSUPPORTED, position(t.getKeyNode()), "mapping keys must be plain scalars"));
                    continue;
                }
                if (Tag.MERGE.equals(keyNode.getTag()) || keyNode.isPlain() && "<<".equals(keyNode.getValue())) {
                    findings.add(Diagnostic.of(Rule.YAML_UNSUPPORTED, position(keyNode), "merge keys (<<) are not supported in policies"));
                    continue;
                }
                String key = keyNode.getValue();
                Node first = seen.putIfAbsent(key, keyNode);
                if (first != null) {
                    findings.add(Diagnostic.of(Rule.YAML_DUPLICATE_KEY, position(keyNode),
                            "duplicate key '" + key + "' (first defined at " + position(first) + ")"));
                    continue;
                }
                String child = pointer + "/" + SourceMap.escape(key);
                keyNode.getStartMark().ifPresent(m -> map.putKey(child, m.getLine() + 1, m.getColumn() + 1));
                out.set(key, convert(t.getValueNode(), child, depth + 1));
            }
            return out;
        }

        private JsonNode sequence(SequenceNode node, String pointer, int depth) {
            ArrayNode out = JsonNodeFactory.instance.arrayNode();
            int i = 0;
            for (Iterator<Node> it = node.getValue().iterator(); it.hasNext(); i++) {
                out.add(convert(it.next(), pointer + "/" + i, depth + 1));
            }
            return out;
        }

        private JsonNode scalar(ScalarNode node) {
            String v = node.getValue();
            Tag tag = node.getTag();
            JsonNodeFactory f = JsonNodeFactory.instance;
            if (!isCoreTag(tag)) {
                findings.add(Diagnostic.of(Rule.YAML_UNSUPPORTED, position(node), "custom tag " + tag + " is not supported"));
                return f.textNode(v);
            }
            if (!node.isPlain()) return f.textNode(v);
            switch (v) {
                case "", "~", "null", "Null", "NULL":
                    return f.nullNode();
                case "true", "True", "TRUE":
                    return f.booleanNode(true);
                case "false", "False", "FALSE":
                    return f.booleanNode(false);
                default:
                    break;
            }
            if (INT.matcher(v).matches()) {
                return v.length() < 10 ? f.numberNode(Integer.parseInt(v)) : f.numberNode(new BigInteger(v));
            }
            if (FLOAT.matcher(v).matches()) return f.numberNode(new BigDecimal(v));
            return f.textNode(v);
        }

        private static boolean isCoreTag(Tag tag) {
            return Tag.STR.equals(tag) || Tag.INT.equals(tag) || Tag.FLOAT.equals(tag) || Tag.BOOL.equals(tag)
                    || Tag.NULL.equals(tag) || Tag.MAP.equals(tag) || Tag.SEQ.equals(tag);
        }

        private Position position(Node node) {
            return at(file, node.getStartMark().orElse(null));
        }
    }
}
