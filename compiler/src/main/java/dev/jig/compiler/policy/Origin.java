package dev.jig.compiler.policy;

import dev.jig.api.source.Position;
import dev.jig.api.source.SourceMap;

/**
 * Where a policy element was written: its file's source map and its JSON Pointer. Every model
 * record carries one, so any check can point at the exact field it is about.
 */
public record Origin(SourceMap map, String pointer) {

    public String file() {
        return map.file();
    }

    /** The element itself. */
    public Position position() {
        return map.value(pointer);
    }

    /** A field below the element, e.g. {@code at("share")} or {@code at("zones/1")}. */
    public Position at(String relative) {
        return map.value(pointer + "/" + relative);
    }

    /** The key that names a field below the element (for "unknown"/"forbidden" findings). */
    public Position keyOf(String relative) {
        return map.key(pointer + "/" + relative);
    }

    public Origin child(String relative) {
        return new Origin(map, pointer + "/" + relative);
    }
}
