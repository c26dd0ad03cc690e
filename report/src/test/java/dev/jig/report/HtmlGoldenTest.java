package dev.jig.report;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Both reports of the test fixtures are byte-for-byte their golden files, so a change to the HTML is
 * reviewed as a diff (open the golden files in a browser to see them). After an intended change,
 * regenerate with {@code mvn -pl report -am test -Dtest=HtmlGoldenTest -Djig.golden.update=true
 * -Dsurefire.failIfNoSpecifiedTests=false} and review the diff.
 */
class HtmlGoldenTest {

    private static final Path GOLDEN = Path.of(System.getProperty("jig.repo.root", ".."), "report/src/test/resources/golden");

    @ParameterizedTest
    @ValueSource(strings = {"plan", "simulation"})
    void theFixtureRendersToTheGoldenPage(String name) throws Exception {
        String actual = name.equals("plan") ? PlanHtml.render(Fixtures.plan()) : SimulationHtml.render(Fixtures.simulation());
        Path golden = GOLDEN.resolve(name + ".html");
        if (Boolean.getBoolean("jig.golden.update")) {
            Files.createDirectories(golden.getParent());
            Files.writeString(golden, actual);
        }
        assertThat(actual).isEqualTo(Files.readString(golden));
    }
}
