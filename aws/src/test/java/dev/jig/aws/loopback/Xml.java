package dev.jig.aws.loopback;

import java.util.Map;

/** A small XML writer for EC2 Query API responses: elements, text escaped, {@code <item>} lists. */
final class Xml {

    private final StringBuilder out = new StringBuilder();

    Xml open(String name) {
        out.append('<').append(name).append('>');
        return this;
    }

    Xml close(String name) {
        out.append("</").append(name).append('>');
        return this;
    }

    /** {@code <name>value</name>}; nothing when value is null. */
    Xml el(String name, Object value) {
        if (value == null) return this;
        return open(name).text(String.valueOf(value)).close(name);
    }

    Xml text(String s) {
        for (char c : s.toCharArray()) {
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                default -> out.append(c);
            }
        }
        return this;
    }

    /** {@code <name><item><key>k</key><value>v</value></item>…</name>}. */
    Xml tags(String name, Map<String, String> tags) {
        open(name);
        tags.forEach((k, v) -> open("item").el("key", k).el("value", v).close("item"));
        return close(name);
    }

    /** {@code <name><item>v</item>…</name>}. */
    Xml items(String name, Iterable<?> values) {
        open(name);
        for (Object v : values) el("item", v);
        return close(name);
    }

    @Override
    public String toString() {
        return out.toString();
    }
}
