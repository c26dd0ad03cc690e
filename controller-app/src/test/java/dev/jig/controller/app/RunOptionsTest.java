package dev.jig.controller.app;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code run}'s own options: nominations are written unless {@code --nominate-pods=false} (or JIG_NOMINATE_PODS=false). */
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
}
