package dev.jig.controller.app;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MainTest {

    @Test
    void belowThreeCpusTheCommonPoolGetsTwoThreadsSoResponsesDoNotEachStartAThread() {
        assertThat(Main.commonPoolParallelism(null, 1)).contains("2");
        assertThat(Main.commonPoolParallelism(null, 2)).contains("2");
    }

    @Test
    void theOperatorsOwnSettingAndALargerMachineAreLeftAlone() {
        assertThat(Main.commonPoolParallelism("1", 2)).isEmpty();
        assertThat(Main.commonPoolParallelism("8", 2)).isEmpty();
        assertThat(Main.commonPoolParallelism(null, 3)).isEmpty();
        assertThat(Main.commonPoolParallelism(null, 16)).isEmpty();
    }
}
