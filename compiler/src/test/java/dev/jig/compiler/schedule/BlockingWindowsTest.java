package dev.jig.compiler.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jig.api.karpenter.Cron;
import java.util.List;
import org.junit.jupiter.api.Test;

class BlockingWindowsTest {

    private static BlockingWindows.Window w(String cron, long minutes) {
        return new BlockingWindows.Window(Cron.parse(cron), minutes);
    }

    @Test
    void aDailyWindowOfADayNeverCloses() {
        assertThat(BlockingWindows.coverAllTime(List.of(w("0 0 * * *", 24 * 60)))).isTrue();
    }

    @Test
    void aDailyWindowShorterThanADayLeavesGaps() {
        assertThat(BlockingWindows.coverAllTime(List.of(w("0 0 * * *", 23 * 60)))).isFalse();
    }

    @Test
    void twoHalfDayWindowsTogetherNeverClose() {
        assertThat(BlockingWindows.coverAllTime(List.of(w("0 0 * * *", 720), w("0 12 * * *", 720)))).isTrue();
    }

    @Test
    void weekdayWindowsLeaveTheWeekendOpen() {
        assertThat(BlockingWindows.coverAllTime(List.of(w("0 0 * * 1-5", 1440)))).isFalse();
    }

    @Test
    void noWindowsBlockNothing() {
        assertThat(BlockingWindows.coverAllTime(List.of())).isFalse();
    }
}
