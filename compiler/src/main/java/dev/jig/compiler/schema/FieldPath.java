package dev.jig.compiler.schema;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Renders an instance location the way people write it: {@code spec.pools[0].share}, with keys
 * that are not plain names quoted ({@code labels['example.com/team']}). Whether a numeric token is
 * a list index or a map key is read from the document itself.
 */
final class FieldPath {

    private static final Pattern PLAIN = Pattern.compile("[A-Za-z_][A-Za-z0-9_-]*");

    private FieldPath() {
    }

    static String of(JsonNode root, List<String> tokens) {
        StringBuilder out = new StringBuilder();
        JsonNode node = root;
        for (String token : tokens) {
            if (node != null && node.isArray()) {
                out.append('[').append(token).append(']');
                node = node.path(parseIndex(token));
            } else {
                if (PLAIN.matcher(token).matches()) {
                    if (out.length() > 0) out.append('.');
                    out.append(token);
                } else {
                    out.append("['").append(token.replace("'", "\\'")).append("']");
                }
                node = node == null ? null : node.get(token);
            }
        }
        return out.toString();
    }

    private static int parseIndex(String token) {
        try {
            return Integer.parseInt(token);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
