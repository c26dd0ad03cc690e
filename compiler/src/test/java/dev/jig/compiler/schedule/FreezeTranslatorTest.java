package dev.jig.compiler.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

class FreezeTranslatorTest {

    @Test
    void utcFreezesPassThroughUnchanged() throws Exception {
        assertThat(FreezeTranslator.toUtc(Cron.parse("0 9 * * 1-5"), ZoneId.of("UTC"), 480))
                .containsExactly(new UtcWindow("0 9 * * 1-5", 480));
    }

    @Test
    void zonesWithoutDaylightSavingShiftByTheirOffset() throws Exception {
        assertThat(FreezeTranslator.toUtc(Cron.parse("0 9 * * 1-5"), ZoneId.of("Asia/Tokyo"), 480))
                .containsExactly(new UtcWindow("0 0 * * 1-5", 480));
    }

    @Test
    void newYorkSplitsIntoSummerWinterAndWidenedTransitionMonths() throws Exception {
        List<UtcWindow> windows = FreezeTranslator.toUtc(Cron.parse("0 9 * * 1-5"), ZoneId.of("America/New_York"), 480);
        assertThat(windows).containsExactlyInAnyOrder(
                new UtcWindow("0 14 * 1,2,12 1-5", 480),   // EST, UTC-5
                new UtcWindow("0 13 * 3,11 1-5", 540),     // clocks change: earliest start, one hour longer
                new UtcWindow("0 13 * 4-10 1-5", 480));    // EDT, UTC-4
    }

    @Test
    void windowsThatCrossMidnightUtcShiftTheWeekday() throws Exception {
        // Friday 20:00 in Los Angeles is Saturday 03:00 or 04:00 UTC
        List<UtcWindow> windows = FreezeTranslator.toUtc(Cron.parse("0 20 * * 5"), ZoneId.of("America/Los_Angeles"), 60);
        assertThat(windows).extracting(UtcWindow::schedule).allSatisfy(s -> assertThat(s).endsWith(" 6"));
    }

    @Test
    void everyLocalFiringIsInsideSomeUtcWindow() throws Exception {
        Cron local = Cron.parse("30 8 * * 1-5");
        ZoneId berlin = ZoneId.of("Europe/Berlin");
        List<UtcWindow> windows = FreezeTranslator.toUtc(local, berlin, 120);
        LocalDateTime t = LocalDateTime.of(2027, 1, 1, 0, 0);
        for (int i = 0; i < 400; i++) {
            t = local.next(t, 30);
            LocalDateTime startUtc = t.atZone(berlin).withZoneSameInstant(ZoneOffset.UTC).toLocalDateTime();
            LocalDateTime endUtc = startUtc.plusMinutes(120);
            assertThat(windows.stream().anyMatch(w -> covers(w, startUtc, endUtc))).as("local %s", t).isTrue();
        }
    }

    private static boolean covers(UtcWindow w, LocalDateTime start, LocalDateTime end) {
        Cron cron = Cron.parse(w.schedule());
        LocalDateTime fire = cron.next(start.minusMinutes(w.durationMinutes() + 1), 3);
        while (fire != null && !fire.isAfter(start)) {
            if (!fire.plusMinutes(w.durationMinutes()).isBefore(end)) return true;
            fire = cron.next(fire, 3);
        }
        return false;
    }

    @Test
    void severalTimesOfDayOutsideUtcAreRejected() {
        assertThatThrownBy(() -> FreezeTranslator.toUtc(Cron.parse("0 9,17 * * *"), ZoneId.of("Europe/Berlin"), 60))
                .isInstanceOf(FreezeTranslator.NotTranslatable.class).hasMessageContaining("single minute and hour");
    }

    @Test
    void dayOfMonthWindowsThatChangeDayInUtcAreRejected() {
        assertThatThrownBy(() -> FreezeTranslator.toUtc(Cron.parse("0 1 1 * *"), ZoneId.of("Europe/Berlin"), 60))
                .isInstanceOf(FreezeTranslator.NotTranslatable.class).hasMessageContaining("day of month");
    }
}
