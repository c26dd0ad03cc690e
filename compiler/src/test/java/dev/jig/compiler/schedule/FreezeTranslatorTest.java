package dev.jig.compiler.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jig.api.karpenter.Cron;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

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

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
            "Europe/Berlin, 30 8 * * 1-5", "Europe/Berlin, 0 1 * * *", "Europe/Berlin, 0 1 * * 1", "Europe/London, 0 0 * * *",
            "America/New_York, 0 20 * * *", "America/New_York, 0 9 * * 1-5", "America/Los_Angeles, 30 16 * * *",
            "America/Los_Angeles, 0 23 * * 5", "Australia/Sydney, 0 1 * * *", "Australia/Sydney, 0 22 * * 0",
            "Asia/Tokyo, 0 3 * * 1", "Asia/Kolkata, 15 2 * * *", "America/St_Johns, 0 21 * * *"})
    void everyLocalFiringIsInsideSomeUtcWindow(String zoneName, String schedule) throws Exception {
        Cron local = Cron.parse(schedule);
        ZoneId zone = ZoneId.of(zoneName);
        List<UtcWindow> windows = FreezeTranslator.toUtc(local, zone, 120);
        LocalDateTime t = LocalDateTime.of(2027, 1, 1, 0, 0);
        LocalDateTime end = LocalDateTime.of(2028, 12, 31, 0, 0);
        while ((t = local.next(t, 30)) != null && t.isBefore(end)) {
            LocalDateTime startUtc = t.atZone(zone).withZoneSameInstant(ZoneOffset.UTC).toLocalDateTime();
            LocalDateTime endUtc = startUtc.plusMinutes(120);
            assertThat(windows.stream().anyMatch(w -> covers(w, startUtc, endUtc))).as("local %s -> %s", t, windows).isTrue();
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
