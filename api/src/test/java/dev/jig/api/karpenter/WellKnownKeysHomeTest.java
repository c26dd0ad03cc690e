package dev.jig.api.karpenter;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every well-known label, annotation, taint, finalizer and tag key, and every API group Jig names, is spelled in
 * one home: the key classes of {@code dev.jig.api.karpenter}. This reads the main sources of every module and
 * fails on a string literal elsewhere that is such a key or group. Prose that merely mentions a key (a message, a
 * CRD rule's text) does not start with one and passes.
 */
class WellKnownKeysHomeTest {

    private static final Path ROOT = Path.of(System.getProperty("jig.repo.root", ".."));
    private static final Set<String> HOME = Set.of("ApiGroups.java", "WellKnownLabels.java", "Annotations.java",
            "TaintKeys.java", "Finalizers.java", "TagKeys.java");
    private static final Path HOME_DIR = Path.of("api", "src", "main", "java", "dev", "jig", "api", "karpenter");

    /** A key or group: under a Karpenter, Jig, Kubernetes or NVIDIA domain, or one of those domains alone. */
    private static final Pattern KEY = Pattern.compile(
            "(karpenter\\.sh|karpenter\\.k8s\\.aws|jig\\.dev|([a-z0-9-]+\\.)*kubernetes\\.io|nvidia\\.com)/.*"
                    + "|karpenter\\.sh|karpenter\\.k8s\\.aws|jig\\.dev|kubernetes\\.io|k8s\\.io",
            Pattern.DOTALL);

    @Test
    void noMainSourceOutsideTheHomeSpellsAWellKnownKey() throws IOException {
        List<String> found = new ArrayList<>();
        try (Stream<Path> modules = Files.list(ROOT)) {
            for (Path module : modules.filter(m -> Files.isDirectory(m.resolve("src/main/java"))).sorted().toList()) {
                try (Stream<Path> files = Files.walk(module.resolve("src/main/java"))) {
                    files.filter(f -> f.toString().endsWith(".java")).sorted().forEach(f -> {
                        Path relative = ROOT.relativize(f);
                        if (isHome(relative)) {
                            return;
                        }
                        for (String literal : stringLiterals(read(f))) {
                            if (KEY.matcher(literal).matches()) {
                                found.add(relative + ": \"" + literal + "\"");
                            }
                        }
                    });
                }
            }
        }
        assertThat(found).as("use the constants in dev.jig.api.karpenter (WellKnownLabels, Annotations, TaintKeys, "
                + "Finalizers, TagKeys, ApiGroups)").isEmpty();
    }

    @Test
    void findsAKeyLiteralButNotProseCommentsOrCharacters() {
        String source = """
                // "karpenter.sh/in-a-comment"
                /* "jig.dev/in-a-block-comment" */
                class X {
                    char q = '"';
                    String a = "karpenter.sh/do-not-disrupt";
                    String b = "label \\"karpenter.sh/nodepool\\" is restricted";
                    String c = "topology.kubernetes.io/zone" + "jig.dev";
                }
                """;
        List<String> keys = stringLiterals(source).stream().filter(l -> KEY.matcher(l).matches()).toList();

        assertThat(keys).containsExactly("karpenter.sh/do-not-disrupt", "topology.kubernetes.io/zone", "jig.dev");
    }

    private static boolean isHome(Path relative) {
        return relative.getParent() != null && relative.getParent().equals(HOME_DIR)
                && HOME.contains(relative.getFileName().toString());
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The contents of the string literals and text blocks in Java source, escapes left as written. */
    static List<String> stringLiterals(String src) {
        List<String> out = new ArrayList<>();
        int i = 0;
        while (i < src.length()) {
            char c = src.charAt(i);
            if (src.startsWith("//", i)) {
                i = src.indexOf('\n', i);
                i = i < 0 ? src.length() : i;
            } else if (src.startsWith("/*", i)) {
                i = src.indexOf("*/", i + 2);
                i = i < 0 ? src.length() : i + 2;
            } else if (c == '\'') {
                i = skipQuoted(src, i + 1, "'");
            } else if (src.startsWith("\"\"\"", i)) {
                int end = skipQuoted(src, i + 3, "\"\"\"");
                out.add(src.substring(i + 3, end - 3).strip());
                i = end;
            } else if (c == '"') {
                int end = skipQuoted(src, i + 1, "\"");
                out.add(src.substring(i + 1, end - 1));
                i = end;
            } else {
                i++;
            }
        }
        return out;
    }

    /** The index just past {@code close}, reading from {@code i} and honouring backslash escapes. */
    private static int skipQuoted(String src, int i, String close) {
        while (i < src.length()) {
            if (src.charAt(i) == '\\') {
                i += 2;
            } else if (src.startsWith(close, i)) {
                return i + close.length();
            } else {
                i++;
            }
        }
        return src.length();
    }
}
