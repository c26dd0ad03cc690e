package dev.jig.api.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.api.source.SourceMap;

/** One YAML document as a JSON tree, with the place of every value in its file. */
public record LoadedDocument(String file, JsonNode root, SourceMap positions) {
}
