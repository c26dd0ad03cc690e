package dev.jig.api.source;

import java.util.HashMap;
import java.util.Map;

/**
 * Where each value of a loaded document stands in its file, keyed by JSON Pointer
 * ({@code /spec/pools/0/name}). Lookups fall back to the nearest ancestor that is known, so any
 * finding can be placed, even on a value that does not exist (a missing required field points at
 * its parent object).
 */
public final class SourceMap {

    private final String file;
    private final Map<String, Position> values = new HashMap<>();
    private final Map<String, Position> keys = new HashMap<>();

    public SourceMap(String file) {
        this.file = file;
    }

    public String file() {
        return file;
    }

    public void putValue(String pointer, int line, int column) {
        values.put(pointer, new Position(file, line, column));
    }

    public void putKey(String pointer, int line, int column) {
        keys.put(pointer, new Position(file, line, column));
    }

    /**
     * Puts {@code other}'s document in place of the value at {@code at}: its positions (in its own file) replace
     * those under {@code at}, so a finding inside the grafted value points into the text it came from.
     */
    public void graft(String at, SourceMap other) {
        values.keySet().removeIf(p -> p.equals(at) || p.startsWith(at + "/"));
        keys.keySet().removeIf(p -> p.startsWith(at + "/"));
        other.values.forEach((p, pos) -> values.put(at + p, pos));
        other.keys.forEach((p, pos) -> keys.put(at + p, pos));
    }

    /** The position of the value at {@code pointer}, or of its nearest known ancestor. */
    public Position value(String pointer) {
        String p = pointer;
        while (true) {
            Position pos = values.get(p);
            if (pos != null) return pos;
            if (p.isEmpty()) return Position.ofFile(file);
            p = p.substring(0, Math.max(0, p.lastIndexOf('/')));
        }
    }

    /** The position of the key that names the value at {@code pointer}; the value's place if none. */
    public Position key(String pointer) {
        Position pos = keys.get(pointer);
        return pos != null ? pos : value(pointer);
    }

    /** Escapes one reference token of a JSON Pointer (RFC 6901). */
    public static String escape(String token) {
        if (token.indexOf('~') < 0 && token.indexOf('/') < 0) return token;
        return token.replace("~", "~0").replace("/", "~1");
    }
}
