package dev.jig.cli.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every relative link and anchor in every Markdown file of the repository resolves, and none leads outside
 * the repository (a clone has nothing beside it).
 */
class MarkdownLinksTest {

    private static final Path ROOT = Path.of(System.getProperty("jig.repo.root", "..")).toAbsolutePath().normalize();
    private static final Pattern LINK = Pattern.compile("\\[[^\\]]*\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");

    static List<Path> markdown() throws IOException {
        try (Stream<Path> files = Files.walk(ROOT)) {
            return files.filter(p -> p.toString().endsWith(".md"))
                    .filter(p -> {
                        String rel = ROOT.relativize(p).toString().replace('\\', '/');
                        return !rel.startsWith(".") && !rel.contains("/target/") && !rel.startsWith("target/") && !rel.contains("node_modules/")
                                && !rel.startsWith("build/");
                    })
                    .sorted().toList();
        }
    }

    /** The lines of a Markdown file outside fenced code blocks. */
    static List<String> prose(String text) {
        List<String> out = new ArrayList<>();
        boolean fenced = false;
        for (String line : text.split("\n", -1)) {
            if (line.strip().startsWith("```")) {
                fenced = !fenced;
                continue;
            }
            if (!fenced) out.add(line);
        }
        return out;
    }

    /** GitHub's anchor for each heading of a Markdown file, duplicates numbered as GitHub numbers them. */
    static Set<String> anchors(String text) {
        Set<String> out = new LinkedHashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        for (String line : prose(text)) {
            Matcher a = Pattern.compile("<a (?:id|name)=\"([^\"]+)\"").matcher(line);
            while (a.find()) out.add(a.group(1));
            Matcher h = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$").matcher(line);
            if (!h.matches()) continue;
            String slug = slug(h.group(1));
            int n = seen.merge(slug, 1, Integer::sum) - 1;
            out.add(n == 0 ? slug : slug + "-" + n);
        }
        return out;
    }

    static String slug(String heading) {
        String text = heading.replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1").toLowerCase(Locale.ROOT);
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isLetterOrDigit(c) || c == '-' || c == '_') s.append(c);
            else if (c == ' ') s.append('-');
        }
        return s.toString();
    }

    @Test
    void everyRelativeLinkAndAnchorResolvesInsideTheRepository() throws IOException {
        List<String> broken = new ArrayList<>();
        Map<Path, Set<String>> anchorCache = new HashMap<>();
        List<Path> files = markdown();
        assertThat(files).hasSizeGreaterThan(10);
        for (Path md : files) {
            String text = Files.readString(md);
            int lineNo = 0;
            for (String line : prose(text)) {
                lineNo++;
                Matcher m = LINK.matcher(line.replaceAll("`[^`]*`", ""));
                while (m.find()) {
                    String target = m.group(1);
                    if (target.matches("^[a-z][a-z0-9+.-]*:.*")) continue; // https:, mailto:
                    String where = ROOT.relativize(md) + ": (" + target + ")";
                    int hash = target.indexOf('#');
                    String file = hash < 0 ? target : target.substring(0, hash);
                    String anchor = hash < 0 ? null : target.substring(hash + 1);
                    Path resolved = file.isEmpty() ? md : md.getParent().resolve(file).normalize();
                    if (!resolved.startsWith(ROOT)) {
                        broken.add(where + " leads outside the repository");
                        continue;
                    }
                    if (!Files.exists(resolved)) {
                        broken.add(where + " does not exist");
                        continue;
                    }
                    if (anchor != null && resolved.toString().endsWith(".md")) {
                        Set<String> known = anchorCache.computeIfAbsent(resolved, p -> {
                            try {
                                return anchors(Files.readString(p));
                            } catch (IOException e) {
                                throw new java.io.UncheckedIOException(e);
                            }
                        });
                        if (!known.contains(anchor)) broken.add(where + " has no heading #" + anchor);
                    }
                }
            }
        }
        assertThat(broken).isEmpty();
    }

    @Test
    void nothingNamesTheSiblingCheckoutsOfTheWorkplace() throws IOException {
        List<String> found = new ArrayList<>();
        for (Path md : markdown()) if (Files.readString(md).contains("../shared")) found.add(ROOT.relativize(md).toString());
        assertThat(found).isEmpty();
    }

    @Test
    void slugsAreGitHubs() {
        assertThat(slug("The EC2 provider (`run --cloud aws`)")).isEqualTo("the-ec2-provider-run---cloud-aws");
        assertThat(slug("Planning a change: `jig plan`")).isEqualTo("planning-a-change-jig-plan");
        assertThat(anchors("# A\n## A\n```\n# not a heading\n```\n")).containsExactly("a", "a-1");
    }
}
