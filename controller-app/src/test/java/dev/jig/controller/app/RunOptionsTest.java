package dev.jig.controller.app;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code run}'s own options: nominations are written unless {@code --nominate-pods=false} (or JIG_NOMINATE_PODS=false);
 * the batch windows and the launch pool's size default to Karpenter's and are checked before the start.
 */
class RunOptionsTest {

    private static RunCommand parse(String... args) {
        RunCommand run = new RunCommand();
        new CommandLine(run).parseArgs(args);
        return run;
    }

    @Test
    void nominationsAreWrittenByDefaultAndTheFlagTurnsThemOff() {
        assertThat(parse().nominatePods).isTrue();
        assertThat(parse("--nominate-pods=false").nominatePods).isFalse();
        assertThat(parse("--nominate-pods", "true").nominatePods).isTrue();
    }

    @Test
    void batchWindowsAndLaunchConcurrencyDefaultToKarpentersAndAreChecked() {
        RunCommand defaults = parse();
        assertThat(defaults.batchIdle).isEqualTo(java.time.Duration.ofSeconds(1));
        assertThat(defaults.batchMax).isEqualTo(java.time.Duration.ofSeconds(10));
        assertThat(defaults.launchConcurrency).isEqualTo(10);
        assertThat(defaults.runtimeProblems()).isEmpty();
        RunCommand tuned = parse("--batch-idle", "PT2S", "--batch-max", "PT30S", "--launch-concurrency", "25");
        assertThat(tuned.batchIdle).isEqualTo(java.time.Duration.ofSeconds(2));
        assertThat(tuned.batchMax).isEqualTo(java.time.Duration.ofSeconds(30));
        assertThat(tuned.launchConcurrency).isEqualTo(25);
        assertThat(parse("--batch-idle", "PT0S", "--batch-max", "PT0.5S", "--launch-concurrency", "0").runtimeProblems()).containsExactly(
                "--batch-idle must be a positive duration, got PT0S",
                "--launch-concurrency must be at least 1, got 0");
        assertThat(parse("--batch-idle", "PT5S", "--batch-max", "PT2S").runtimeProblems())
                .containsExactly("--batch-max must be at least --batch-idle (PT5S), got PT2S");
    }
}
