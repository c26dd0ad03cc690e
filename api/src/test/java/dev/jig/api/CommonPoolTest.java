package dev.jig.api;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CommonPoolTest {

    @Test
    void belowThreeCpusTheCommonPoolGetsTwoThreadsSoResponsesDoNotEachStartAThread() {
        assertThat(CommonPool.parallelism(null, 1)).contains("2");
        assertThat(CommonPool.parallelism(null, 2)).contains("2");
    }

    @Test
    void theOperatorsOwnSettingAndALargerMachineAreLeftAlone() {
        assertThat(CommonPool.parallelism("1", 2)).isEmpty();
        assertThat(CommonPool.parallelism("8", 2)).isEmpty();
        assertThat(CommonPool.parallelism(null, 3)).isEmpty();
        assertThat(CommonPool.parallelism(null, 16)).isEmpty();
    }
}
