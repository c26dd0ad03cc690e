package dev.jig.api.karpenter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class CronTest {

    @ParameterizedTest
    @ValueSource(strings = {"0 9 * * 1-5", "*/15 * * * *", "0 0 1 1 *", "30 2 * JAN-MAR MON,FRI", "@daily", "@weekly", "0 22 ? * SUN"})
    void acceptsStandardExpressions(String expression) {
        assertThat(Cron.parse(expression).toString()).isNotBlank();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "0 9 * *|expected 5 fields",
            "60 9 * * *|minute 60 is out of range",
            "0 24 * * *|hour 24 is out of range",
            "0 9 32 * *|day-of-month 32 is out of range",
            "0 9 * 13 *|month 13 is out of range",
            "0 9 * * 7|day-of-week 7 is out of range 0-6",
            "0 9 * * FOO|'FOO' is not a valid day-of-week",
            "0 9-5 * * *|runs backwards",
            "@fortnightly|unknown descriptor",
            "0 9 * * 1,|empty list item"})
    void rejectsBadExpressionsWithAReason(String expression, String reason) {
        assertThatThrownBy(() -> Cron.parse(expression)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining(reason);
    }

    @Test
    void nextFindsTheFollowingWeekdayMorning() {
        Cron cron = Cron.parse("0 9 * * 1-5");
        // 2026-11-20 is a Friday
        assertThat(cron.next(LocalDateTime.of(2026, 11, 20, 9, 0), 10)).isEqualTo(LocalDateTime.of(2026, 11, 23, 9, 0));
        assertThat(cron.next(LocalDateTime.of(2026, 11, 23, 8, 59), 10)).isEqualTo(LocalDateTime.of(2026, 11, 23, 9, 0));
    }

    @Test
    void restrictedDayOfMonthAndWeekMatchEither() {
        Cron cron = Cron.parse("0 0 1 * 1");
        assertThat(cron.matches(LocalDateTime.of(2026, 12, 1, 0, 0))).isTrue();  // 1st, a Tuesday
        assertThat(cron.matches(LocalDateTime.of(2026, 12, 7, 0, 0))).isTrue();  // a Monday
        assertThat(cron.matches(LocalDateTime.of(2026, 12, 8, 0, 0))).isFalse();
    }
}
