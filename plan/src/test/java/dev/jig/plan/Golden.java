package dev.jig.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Golden files of the plan module, under {@code src/test/resources/golden/}. To accept a deliberate change, run
 * {@code mvn -pl plan -am test -Dtest='*Golden*' -Djig.golden.update=true -Dsurefire.failIfNoSpecifiedTests=false}
 * and review the diff.
 */
public final class Golden {

    private static final Path DIR = Path.of("src/test/resources/golden");

    private Golden() {
    }

    public static void check(String name, String actual) throws IOException {
        Path file = DIR.resolve(name);
        if (Boolean.getBoolean("jig.golden.update") || !Files.exists(file)) {
            Files.createDirectories(file.getParent());
            Files.writeString(file, actual);
        }
        assertThat(actual).as("golden file " + file + " (-Djig.golden.update=true to accept)").isEqualTo(Files.readString(file));
    }
}
