package dev.jig.charts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Figures the docs quote about the build itself: the shaded jar sizes in docs/contributor.md are those of the
 * jars the build made, within a megabyte. This module runs last in the build, after every jar is packaged;
 * run alone without them, the check is skipped.
 */
class DocsFactsTest {

    private static final Path ROOT = Path.of(System.getProperty("jig.repo.root", "..")).toAbsolutePath().normalize();

    @Test
    void theJarSizesTheDocsQuoteAreTheBuilt() throws IOException {
        String doc = Files.readString(ROOT.resolve("docs/contributor.md"));
        Matcher m = Pattern.compile("`(jig[a-z-]*\\.jar)` (\\d+\\.\\d) MB").matcher(doc);
        int checked = 0;
        while (m.find()) {
            Path jar = switch (m.group(1)) {
                case "jig.jar" -> ROOT.resolve("cli/target/jig.jar");
                case "jig-webhook.jar" -> ROOT.resolve("webhook/target/jig-webhook.jar");
                case "jig-controller.jar" -> ROOT.resolve("controller-app/target/jig-controller.jar");
                default -> throw new AssertionError("docs/contributor.md quotes an unknown jar " + m.group(1));
            };
            assumeTrue(Files.exists(jar), jar + " is not built");
            double mb = Files.size(jar) / 1_000_000.0;
            assertThat(mb).as("%s: docs/contributor.md says %s MB", m.group(1), m.group(2)).isCloseTo(Double.parseDouble(m.group(2)),
                    org.assertj.core.data.Offset.offset(1.0));
            checked++;
        }
        assertThat(checked).isEqualTo(3);
    }
}
