package dev.jig.compiler.emit;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Writes JSON trees as block-style YAML that reads the same under YAML 1.1 and 1.2 (kubectl, ArgoCD
 * and Helm use 1.1 parsers): any string that a 1.1 parser could take for a bool, null or number is
 * double-quoted. Output depends only on the tree, so equal input gives byte-identical files.
 */
public final class YamlWriter {

    private static final Set<String> YAML11_WORDS = Set.of(
            "y", "n", "yes", "no", "on", "off", "true", "false", "null", "~", ".inf", ".nan");

    private YamlWriter() {
    }

    public static String write(JsonNode node) {
        StringBuilder out = new StringBuilder(1024);
        if (node.isObject() && node.size() > 0) {
            object(node, 0, out);
        } else if (node.isArray() && node.size() > 0) {
            array(node, 0, out);
        } else {
            scalar(node, 0, out);
            out.append('\n');
        }
        return out.toString();
    }

    private static void object(JsonNode node, int indent, StringBuilder out) {
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            pad(indent, out);
            out.append(string(e.getKey())).append(':');
            value(e.getValue(), indent, out);
        }
    }

    private static void array(JsonNode node, int indent, StringBuilder out) {
        for (JsonNode item : node) {
            pad(indent, out);
            out.append('-');
            if (item.isObject() && item.size() > 0) {
                // first field on the dash line, the rest aligned under it
                Iterator<Map.Entry<String, JsonNode>> it = item.fields();
                boolean first = true;
                while (it.hasNext()) {
                    Map.Entry<String, JsonNode> e = it.next();
                    if (first) {
                        out.append(' ');
                        first = false;
                    } else {
                        pad(indent + 2, out);
                    }
                    out.append(string(e.getKey())).append(':');
                    value(e.getValue(), indent + 2, out);
                }
            } else {
                value(item, indent, out);
            }
        }
    }

    private static void value(JsonNode v, int indent, StringBuilder out) {
        if (v.isObject() && v.size() > 0) {
            out.append('\n');
            object(v, indent + 2, out);
        } else if (v.isArray() && v.size() > 0) {
            out.append('\n');
            array(v, indent + 2, out);
        } else {
            out.append(' ');
            scalar(v, indent + 2, out);
            out.append('\n');
        }
    }

    private static void scalar(JsonNode v, int indent, StringBuilder out) {
        if (v.isObject()) out.append("{}");
        else if (v.isArray()) out.append("[]");
        else if (v.isNull() || v.isMissingNode()) out.append("null");
        else if (v.isNumber() || v.isBoolean()) out.append(v.asText());
        else if (v.asText().indexOf('\n') >= 0 && !v.asText().contains("\r")) literal(v.asText(), indent, out);
        else out.append(string(v.asText()));
    }

    /** A multi-line string as a literal block ({@code |}), keeping its final newline or not. */
    private static void literal(String s, int indent, StringBuilder out) {
        boolean trailingNewline = s.endsWith("\n");
        String body = trailingNewline ? s.substring(0, s.length() - 1) : s;
        if (body.endsWith("\n") || body.startsWith(" ") || body.isEmpty()) {
            out.append(quoted(s));
            return;
        }
        out.append(trailingNewline ? "|" : "|-");
        for (String line : body.split("\n", -1)) {
            out.append('\n');
            if (!line.isEmpty()) {
                pad(indent, out);
                out.append(line);
            }
        }
    }

    static String string(String s) {
        if (isPlainSafe(s) && (s.length() > 5 || !YAML11_WORDS.contains(s.toLowerCase(Locale.ROOT)))) return s;
        return quoted(s);
    }

    /**
     * Starts with a letter, '_' or '/', then letters, digits and {@code _ . / @ + -}, with ':' only
     * between such characters: a plain scalar that no YAML parser reads as anything but a string
     * (the YAML 1.1 words aside). A hand-written scan: this runs for every key and value written.
     */
    private static boolean isPlainSafe(String s) {
        int n = s.length();
        if (n == 0) return false;
        char first = s.charAt(0);
        if (!(Character.isLetter(first) && first < 128 || first == '_' || first == '/')) return false;
        for (int i = 1; i < n; i++) {
            char c = s.charAt(i);
            if (isWord(c)) continue;
            if (c == ':' && i + 1 < n && isWord(s.charAt(i - 1)) && isWord(s.charAt(i + 1))) continue;
            return false;
        }
        return true;
    }

    private static boolean isWord(char c) {
        return c < 128 && (Character.isLetterOrDigit(c) || c == '_' || c == '.' || c == '/' || c == '@' || c == '+' || c == '-');
    }

    private static String quoted(String s) {
        StringBuilder b = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"': b.append("\\\""); break;
                case '\\': b.append("\\\\"); break;
                case '\n': b.append("\\n"); break;
                case '\r': b.append("\\r"); break;
                case '\t': b.append("\\t"); break;
                default:
                    if (c < 0x20 || c == 0x7f || (c >= 0x80 && c <= 0x9f) || c == '\u2028' || c == '\u2029' || c == '\ufeff') {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
            }
        }
        return b.append('"').toString();
    }

    private static void pad(int indent, StringBuilder out) {
        for (int i = 0; i < indent; i++) out.append(' ');
    }
}
