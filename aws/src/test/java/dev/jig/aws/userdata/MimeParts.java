package dev.jig.aws.userdata;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads a MIME multipart document back into its parts, for tests: the boundary from the headers, then each part. */
final class MimeParts {

    private static final Pattern BOUNDARY = Pattern.compile("boundary=\"([^\"]+)\"");

    private MimeParts() {
    }

    static List<String> of(String doc) {
        int headersEnd = doc.indexOf("\n\n");
        Matcher m = BOUNDARY.matcher(doc.substring(0, headersEnd));
        if (!doc.startsWith("MIME-Version: 1.0\n") || !m.find()) throw new AssertionError("not a MIME multipart document:\n" + doc);
        String delimiter = "--" + m.group(1);
        String body = doc.substring(headersEnd + 2);
        if (!body.endsWith(delimiter + "--\n")) throw new AssertionError("no closing delimiter:\n" + doc);
        List<String> parts = new ArrayList<>();
        for (String chunk : body.substring(0, body.length() - (delimiter + "--\n").length()).split(Pattern.quote(delimiter + "\n"))) {
            if (!chunk.isEmpty()) parts.add(chunk.strip());
        }
        return parts;
    }

    static String header(String part) {
        return part.substring(0, part.indexOf("\n\n"));
    }

    static String body(String part) {
        return part.substring(part.indexOf("\n\n") + 2);
    }
}
