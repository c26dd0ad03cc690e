package dev.jig.api;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

class VersionTest {

    @Test
    void theVersionIsTheBuildsAsThePomSaysIt() throws Exception {
        String pom = Files.readString(Path.of(System.getProperty("jig.repo.root", "..")).resolve("pom.xml"));
        Matcher m = Pattern.compile("<artifactId>jig-parent</artifactId>\\s*<version>([^<]+)</version>").matcher(pom);
        assertThat(m.find()).as("the parent pom's version").isTrue();
        assertThat(Version.current()).isEqualTo(m.group(1)).doesNotContain("${");
    }
}
