package dev.jig.charts;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The chart's alerts through Prometheus's own tool: {@code promtool check rules} accepts the groups the PrometheusRule
 * renders, and {@code promtool test rules} plays {@code charts/src/test/promtool/alerts.test.yaml}, where each alert
 * fires on the series that mean trouble after its {@code for} and stays quiet on healthy ones. promtool is Debian's
 * {@code prometheus} package ({@code .ci/run} installs it); without it the test is skipped, saying so.
 */
class PromtoolTest {

    private static final Path ROOT = Path.of(System.getProperty("jig.repo.root", "..")).toAbsolutePath().normalize();
    private static Path promtool;

    @BeforeAll
    static void find() {
        promtool = Optional.ofNullable(System.getProperty("jig.promtool")).map(Path::of)
                .or(() -> Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                        .map(d -> Path.of(d, "promtool")).filter(Files::isExecutable).findFirst())
                .orElse(null);
    }

    private static void assumePromtool() {
        Assumptions.assumeTrue(promtool != null, "promtool is not installed: skipping the promtool tests of the alerts "
                + "(apt-get install prometheus, or -Djig.promtool=PATH; .ci/run installs it)");
    }

    /** The groups of files/alerts.yaml as a rules file, as the PrometheusRule's spec.groups holds them. */
    private static Path rules(Path dir) throws Exception {
        String groups = Files.readAllLines(ROOT.resolve("charts/jig/files/alerts.yaml")).stream().map(l -> l.isEmpty() ? l : "  " + l)
                .collect(Collectors.joining("\n", "groups:\n", "\n"));
        Path out = dir.resolve("alerts.rules.yaml");
        Files.writeString(out, groups, StandardCharsets.UTF_8);
        return out;
    }

    private static String run(Path dir, String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of(promtool.toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(String.join(" ", args) + ":\n" + out).isZero();
        return out;
    }

    @Test
    void theAlertsAreValidRules(@TempDir Path dir) throws Exception {
        assumePromtool();
        Path rules = rules(dir);
        assertThat(run(dir, "check", "rules", rules.getFileName().toString())).contains("SUCCESS: 12 rules found");
    }

    @Test
    void eachAlertFiresOnTroubleAfterItsForAndNotOnHealthySeries(@TempDir Path dir) throws Exception {
        assumePromtool();
        rules(dir);
        Files.copy(ROOT.resolve("charts/src/test/promtool/alerts.test.yaml"), dir.resolve("alerts.test.yaml"));
        assertThat(run(dir, "test", "rules", "alerts.test.yaml")).contains("SUCCESS");
    }

    @Test
    void everyAlertHasAUnitTest() throws Exception {
        String alerts = Files.readString(ROOT.resolve("charts/jig/files/alerts.yaml"));
        String tests = Files.readString(ROOT.resolve("charts/src/test/promtool/alerts.test.yaml"));
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("- alert: (\\w+)").matcher(alerts);
        List<String> untested = new java.util.ArrayList<>();
        while (m.find()) if (!tests.contains("alertname: " + m.group(1) + "\n")) untested.add(m.group(1));
        assertThat(untested).as("alerts without a firing case in alerts.test.yaml").isEmpty();
    }
}
