package dev.jig.compiler.schema;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.api.diag.Diagnostic;
import dev.jig.api.diag.NearestName;
import dev.jig.api.diag.Rule;
import dev.jig.api.source.Position;
import dev.jig.api.source.SourceMap;
import dev.jig.api.yaml.LoadedDocument;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Words one schema {@link SchemaError} as a {@link Diagnostic} a policy author can act on: the field
 * in dotted form, what it must be and what was found, placed on the key or value at fault, with
 * the field's schema description (and an example) as the hint.
 */
final class SchemaFindings {

    private static final Pattern YAML_PLAIN_UNSAFE = Pattern.compile(
            "^$|^[-+]?(\\.[0-9]+|[0-9][0-9_:]*(\\.[0-9]*)?)([eE][-+]?[0-9]+)?$|^(true|false|null|yes|no|on|off|y|n|~)$"
                    + "|^[-?:,\\[\\]{}#&*!|>'\"%@`]|: | #|\\s$", Pattern.CASE_INSENSITIVE);

    private final LoadedDocument document;
    private final SchemaTree schema;
    private final Rule rule;

    /** @param rule the rule of every finding, and whose hint stands in where the schema describes nothing */
    SchemaFindings(LoadedDocument document, SchemaTree schema, Rule rule) {
        this.document = document;
        this.schema = schema;
        this.rule = rule;
    }

    Diagnostic describe(SchemaError v) {
        List<String> at = SchemaTree.tokens(v.pointer());
        String message;
        Optional<SchemaTree.Site> hintSite = schema.site(at);
        String hintField = at.isEmpty() ? null : at.get(at.size() - 1);
        Position position = place(v);
        switch (v.keyword()) {
            case "required" -> {
                message = "missing required field '" + v.property() + "'";
                hintSite = schema.site(with(at, v.property()));
                hintField = v.property();
            }
            case "additionalProperties", "unevaluatedProperties" -> {
                List<String> allowed = schema.site(at).map(SchemaTree.Site::propertyNames).orElse(List.of());
                Optional<String> near = NearestName.of(v.property(), allowed);
                message = "unknown field '" + v.property() + "'"
                        + near.map(n -> " (did you mean '" + n + "'?)").orElse("")
                        + (allowed.isEmpty() ? "" : "; allowed: " + String.join(", ", allowed));
                if (near.isPresent()) {
                    hintSite = schema.site(with(at, near.get()));
                    hintField = near.get();
                }
            }
            case "propertyNames" -> {
                Optional<SchemaTree.Site> names = schema.at(v.schemaPointer());
                String why = names.flatMap(SchemaTree.Site::patternMessage)
                        .orElse(v.arguments().size() > 1 ? String.valueOf(v.arguments().get(1)) : "is not allowed");
                message = "key '" + v.property() + "' is not valid: " + why;
                hintSite = names;
                hintField = null;
            }
            case "type" -> message = typeMessage(v);
            case "enum" -> message = enumMessage(v);
            case "const" -> message = "must be " + show(schema.node(v.schemaPointer())) + ", found " + show(v.instance());
            case "pattern" -> message = schema.keywordOwner(v.schemaPointer()).flatMap(SchemaTree.Site::patternMessage)
                    .map(m -> m + "; found " + show(v.instance()))
                    .orElse(show(v.instance()) + " does not match the pattern " + v.arguments().get(0));
            case "minItems" -> message = "must have at least " + count(v.arguments().get(0), "item") + ", found " + v.instance().size();
            case "maxItems" -> message = "must have at most " + count(v.arguments().get(0), "item") + ", found " + v.instance().size();
            case "minProperties" -> message = "must have at least " + count(v.arguments().get(0), "entry") + ", found " + v.instance().size();
            case "maxProperties" -> message = "must have at most " + count(v.arguments().get(0), "entry") + ", found " + v.instance().size();
            case "minLength" -> message = "must be at least " + count(v.arguments().get(0), "character") + " long, found "
                    + v.instance().asText().codePointCount(0, v.instance().asText().length());
            case "maxLength" -> message = "must be at most " + count(v.arguments().get(0), "character") + " long, found "
                    + v.instance().asText().codePointCount(0, v.instance().asText().length());
            case "minimum" -> message = "must be at least " + v.arguments().get(0) + ", found " + v.instance().asText();
            case "maximum" -> message = "must be at most " + v.arguments().get(0) + ", found " + v.instance().asText();
            case "exclusiveMinimum" -> message = "must be more than " + v.arguments().get(0) + ", found " + v.instance().asText();
            case "exclusiveMaximum" -> message = "must be less than " + v.arguments().get(0) + ", found " + v.instance().asText();
            case "uniqueItems" -> {
                int[] pair = firstRepeat(v.instance());
                message = pair == null ? "items must be unique"
                        : show(v.instance().get(pair[1])) + " is listed twice (also at [" + pair[0] + "]); items must be unique";
            }
            case "dependentRequired" -> {
                String missing = String.valueOf(v.arguments().get(0));
                message = "'" + v.property() + "' needs '" + missing + "' as well";
                hintSite = schema.site(with(at, missing));
                hintField = missing;
            }
            case "false" -> message = "is not allowed here";
            default -> message = v.message();
        }
        String path = FieldPath.of(document.root(), at);
        String text = path.isEmpty() ? message : path + ": " + message;
        return Diagnostic.of(rule, position, text, hint(hintSite, hintField));
    }

    /** Where to point: at the key of an unknown or misnamed field, at a repeated item, else at the value (or the key of a mapping or list). */
    private Position place(SchemaError v) {
        SourceMap map = document.positions();
        String pointer = v.pointer();
        switch (v.keyword()) {
            case "additionalProperties", "unevaluatedProperties", "propertyNames" -> {
                return map.key(pointer + "/" + SourceMap.escape(v.property()));
            }
            case "uniqueItems" -> {
                int[] pair = firstRepeat(v.instance());
                return pair == null ? map.key(pointer) : map.value(pointer + "/" + pair[1]);
            }
            default -> {
                JsonNode node = v.instance();
                boolean container = node == null || node.isContainerNode();
                return container ? map.key(pointer) : map.value(pointer);
            }
        }
    }

    private String typeMessage(SchemaError v) {
        @SuppressWarnings("unchecked")
        List<String> expected = v.arguments().size() > 1 && v.arguments().get(1) instanceof List<?> l
                ? (List<String>) l : List.of(String.valueOf(v.arguments().get(1)));
        JsonNode found = v.instance();
        String wanted = expected.stream().map(SchemaFindings::typeName).collect(Collectors.joining(" or "));
        if (expected.contains("string") && found != null && (found.isNumber() || found.isBoolean())) {
            Optional<SchemaTree.Site> owner = schema.keywordOwner(v.schemaPointer());
            Optional<String> pattern = owner.flatMap(SchemaTree.Site::pattern);
            boolean quotingFixesIt = owner.isPresent()
                    && (pattern.isEmpty() || Pattern.compile(pattern.get()).matcher(found.asText()).find());
            if (quotingFixesIt) {
                return "must be " + wanted + ", found " + describe(found) + "; quote it: \"" + found.asText() + "\"";
            }
            Optional<String> rule = owner.flatMap(SchemaTree.Site::patternMessage);
            if (rule.isPresent()) return rule.get() + "; found " + describe(found);
        }
        return "must be " + wanted + ", found " + describe(found);
    }

    private String enumMessage(SchemaError v) {
        List<String> names = new ArrayList<>();
        schema.node(v.schemaPointer()).forEach(n -> names.add(n.asText()));
        String near = v.instance() != null && v.instance().isTextual()
                ? NearestName.of(v.instance().asText(), names).map(n -> " (did you mean '" + n + "'?)").orElse("")
                : "";
        return "must be one of [" + String.join(", ", names) + "], found " + show(v.instance()) + near;
    }

    private String hint(Optional<SchemaTree.Site> site, String field) {
        if (site.isEmpty()) return rule.hint();
        Optional<String> description = site.get().description();
        if (description.isEmpty()) return rule.hint();
        String example = site.get().example()
                .map(e -> " Example: " + (field == null || isIndex(field) ? "" : field + ": ") + yaml(e))
                .orElse("");
        return description.get() + example;
    }

    /** The indexes of the first item that repeats an earlier one, and of that earlier one. */
    private static int[] firstRepeat(JsonNode array) {
        if (array == null || !array.isArray()) return null;
        for (int j = 1; j < array.size(); j++) {
            for (int i = 0; i < j; i++) {
                if (array.get(i).equals(array.get(j))) return new int[] {i, j};
            }
        }
        return null;
    }

    private static List<String> with(List<String> tokens, String more) {
        List<String> out = new ArrayList<>(tokens);
        out.add(more);
        return out;
    }

    private static String count(Object n, String noun) {
        String s = String.valueOf(n);
        if (s.equals("1")) return "1 " + noun;
        return s + " " + (noun.endsWith("y") ? noun.substring(0, noun.length() - 1) + "ies" : noun + "s");
    }

    private static String typeName(String jsonType) {
        return switch (jsonType) {
            case "object" -> "a mapping";
            case "array" -> "a list";
            case "string" -> "a string";
            case "integer" -> "a whole number";
            case "number" -> "a number";
            case "boolean" -> "true or false";
            case "null" -> "empty";
            default -> jsonType;
        };
    }

    private static String describe(JsonNode n) {
        if (n == null || n.isNull() || n.isMissingNode()) return "nothing";
        if (n.isObject()) return "a mapping";
        if (n.isArray()) return "a list";
        if (n.isNumber()) return "the number " + n.asText();
        if (n.isBoolean()) return n.asText();
        return show(n);
    }

    /** A scalar for a message: strings in single quotes (shortened), others as written. */
    static String show(JsonNode n) {
        if (n == null || n.isNull() || n.isMissingNode()) return "nothing";
        if (n.isObject()) return "a mapping";
        if (n.isArray()) return "a list";
        if (!n.isTextual()) return n.asText();
        String s = n.asText();
        if (s.length() > 60) s = s.substring(0, 57) + "...";
        return "'" + s + "'";
    }

    /** A value as it would be written in a policy file (flow style, quoted where YAML would misread it). */
    static String yaml(JsonNode n) {
        if (n.isTextual()) {
            String s = n.asText();
            return YAML_PLAIN_UNSAFE.matcher(s).find() ? "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"" : s;
        }
        if (n.isArray()) {
            List<String> items = new ArrayList<>();
            n.forEach(i -> items.add(yaml(i)));
            return "[" + String.join(", ", items) + "]";
        }
        if (n.isObject()) {
            List<String> entries = new ArrayList<>();
            n.properties().forEach(e -> entries.add(e.getKey() + ": " + yaml(e.getValue())));
            return "{" + String.join(", ", entries) + "}";
        }
        return n.asText();
    }

    private static boolean isIndex(String token) {
        return !token.isEmpty() && token.chars().allMatch(Character::isDigit);
    }
}
