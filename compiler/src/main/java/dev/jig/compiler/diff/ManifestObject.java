package dev.jig.compiler.diff;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * An object only one side of a diff has, with its content as compared (the provenance annotations
 * that change on every commit already removed), so renderers can show what appears or disappears.
 */
public record ManifestObject(ObjectRef ref, JsonNode content) {
}
