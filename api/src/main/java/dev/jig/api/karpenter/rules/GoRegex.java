package dev.jig.api.karpenter.rules;

import java.util.regex.Pattern;

/**
 * Compiles a Go (RE2) regular expression, as written in a CRD, into a {@link Pattern} that
 * matches the same strings. The API server uses Go's {@code regexp}, whose semantics differ from
 * Java's in ways that matter here:
 * <ul>
 *   <li>{@code $} is the end of the text, never "before a final line break" ({@code \z} in Java);</li>
 *   <li>{@code .} matches everything but {@code \n} (Java's {@link Pattern#UNIX_LINES});</li>
 *   <li>{@code \s} is {@code [\t\n\f\r ]}, without Java's vertical tab;</li>
 *   <li>{@code [} and {@code &&} inside a character class are literals.</li>
 * </ul>
 * Matching uses {@link java.util.regex.Matcher#find()}, since Go's {@code MatchString} and CEL's
 * {@code matches} search the text: a pattern without anchors matches anywhere.
 */
final class GoRegex {

    private GoRegex() {
    }

    static Pattern compile(String goSource) {
        return Pattern.compile(translate(goSource), Pattern.UNIX_LINES);
    }

    static String translate(String go) {
        StringBuilder out = new StringBuilder(go.length() + 8);
        boolean inClass = false;
        for (int i = 0; i < go.length(); i++) {
            char c = go.charAt(i);
            if (c == '\\' && i + 1 < go.length()) {
                char next = go.charAt(++i);
                if (next == 's') {
                    out.append(inClass ? "\\t\\n\\f\\r " : "[\\t\\n\\f\\r ]");
                } else {
                    out.append(c).append(next);
                }
            } else if (inClass) {
                if (c == ']') {
                    inClass = false;
                    out.append(c);
                } else if (c == '[' || c == '&') {
                    out.append('\\').append(c);
                } else {
                    out.append(c);
                }
            } else if (c == '[') {
                inClass = true;
                out.append(c);
                if (i + 1 < go.length() && go.charAt(i + 1) == '^') {
                    out.append('^');
                    i++;
                }
                if (i + 1 < go.length() && go.charAt(i + 1) == ']') {
                    out.append("\\]");
                    i++;
                }
            } else if (c == '$') {
                out.append("\\z");
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
