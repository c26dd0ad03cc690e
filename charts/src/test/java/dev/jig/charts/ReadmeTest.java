package dev.jig.charts;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** The install guide cannot drift from the chart: every values file it names is one the tests render, and it inlines none. */
class ReadmeTest {

    private static final Path CHART = Path.of(System.getProperty("jig.repo.root", "..")).resolve("charts/jig");

    @Test
    void everyValuesFileTheGuideNamesIsARenderedCombinationAndNoneIsInlined() throws Exception {
        String readme = Files.readString(CHART.resolve("README.md"));
        Matcher m = Pattern.compile("ci/([a-z-]+)-values\\.yaml").matcher(readme);
        List<String> named = new ArrayList<>();
        while (m.find()) named.add(m.group(1));
        assertThat(named).as("the guide starts from a tested values file").contains("aws");
        assertThat(Rendered.combinations().toList()).containsAll(named);
        assertThat(readme).as("values shown inline would not be rendered by the tests").doesNotContain("# my-values.yaml");
    }
}
