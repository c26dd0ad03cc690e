package dev.jig.compiler.schema;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A policy schema read as plain JSON, to answer what the validator does not: which schema
 * describes the value at an instance pointer (its description and examples for hints, its
 * property names for "allowed fields"), and the {@code patternErrorMessage} next to a failing
 * {@code pattern}. Only local {@code $ref}s ({@code #/$defs/...}) are followed; the policy schemas
 * use no others.
 */
final class SchemaTree {

    private static final int MAX_REF_HOPS = 16;

    /** Where a value is declared ({@code declared}, maybe a {@code $ref} with annotations) and what it resolves to. */
    record Site(JsonNode declared, JsonNode resolved) {

        Optional<String> description() {
            return text(declared, "description").or(() -> text(resolved, "description"));
        }

        Optional<JsonNode> example() {
            JsonNode examples = declared.has("examples") ? declared.get("examples") : resolved.get("examples");
            return examples != null && examples.isArray() && !examples.isEmpty() ? Optional.of(examples.get(0)) : Optional.empty();
        }

        /** The declared property names of an object schema, in schema order. */
        List<String> propertyNames() {
            List<String> names = new ArrayList<>();
            JsonNode props = resolved.get("properties");
            if (props != null) props.fieldNames().forEachRemaining(names::add);
            return names;
        }

        Optional<String> patternMessage() {
            return text(declared, "patternErrorMessage").or(() -> text(resolved, "patternErrorMessage"));
        }

        Optional<String> pattern() {
            return text(declared, "pattern").or(() -> text(resolved, "pattern"));
        }
    }

    private final JsonNode root;

    SchemaTree(JsonNode root) {
        this.root = root;
    }

    /** The schema that applies to the instance at {@code tokens} (unescaped JSON Pointer tokens), if the walk finds one. */
    Optional<Site> site(List<String> tokens) {
        Site site = new Site(root, root);
        for (String token : tokens) {
            JsonNode s = site.resolved();
            JsonNode next = null;
            JsonNode props = s.get("properties");
            if (props != null && props.has(token)) {
                next = props.get(token);
            } else if (s.get("items") != null && s.get("items").isObject() && isIndex(token)) {
                next = s.get("items");
            } else if (s.get("additionalProperties") != null && s.get("additionalProperties").isObject()) {
                next = s.get("additionalProperties");
            }
            if (next == null) return Optional.empty();
            site = new Site(next, resolve(next));
        }
        return Optional.of(site);
    }

    /** The schema object that holds the keyword at {@code keywordPointer} (a pointer into this schema document). */
    Optional<Site> keywordOwner(String keywordPointer) {
        int slash = keywordPointer.lastIndexOf('/');
        if (slash < 0) return Optional.empty();
        JsonNode owner = root.at(keywordPointer.substring(0, slash));
        return owner.isObject() ? Optional.of(new Site(owner, resolve(owner))) : Optional.empty();
    }

    /** The schema at {@code pointer} inside this document, {@code $ref}s followed. */
    Optional<Site> at(String pointer) {
        JsonNode node = root.at(pointer);
        return node.isObject() ? Optional.of(new Site(node, resolve(node))) : Optional.empty();
    }

    /** The node at {@code pointer} inside this document, as written (missing node if absent). */
    JsonNode node(String pointer) {
        return root.at(pointer);
    }

    private JsonNode resolve(JsonNode schema) {
        JsonNode s = schema;
        for (int hop = 0; hop < MAX_REF_HOPS; hop++) {
            JsonNode ref = s.get("$ref");
            if (ref == null || !ref.isTextual() || !ref.asText().startsWith("#")) return s;
            JsonNode target = root.at(ref.asText().substring(1));
            if (!target.isObject()) return s;
            s = target;
        }
        return s;
    }

    private static Optional<String> text(JsonNode node, String field) {
        JsonNode v = node.get(field);
        return v != null && v.isTextual() ? Optional.of(v.asText()) : Optional.empty();
    }

    private static boolean isIndex(String token) {
        return !token.isEmpty() && token.chars().allMatch(Character::isDigit);
    }

    /** Splits a JSON Pointer into unescaped tokens; {@code ""} is the root. */
    static List<String> tokens(String pointer) {
        List<String> out = new ArrayList<>();
        if (pointer.isEmpty()) return out;
        for (String raw : pointer.substring(1).split("/", -1)) {
            out.add(raw.replace("~1", "/").replace("~0", "~"));
        }
        return out;
    }
}
