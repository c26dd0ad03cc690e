package dev.jig.api.karpenter.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The CRD patterns match as Go's regexp would, and no input makes them slow. */
class PatternSemanticsTest {

    @Test
    void dollarIsTheEndOfTextAsInGo() {
        assertThat(CrdPattern.DURATION.matches("1h")).isTrue();
        assertThat(CrdPattern.DURATION.matches("1h\n")).isFalse();
        assertThat(AmiSelectorTermRules.ALIAS_FORMAT.matcher("al2023@latest\n").find()).isFalse();
    }

    @Test
    void dotMatchesEverythingButNewlineAsInGo() {
        assertThat(AmiSelectorTermRules.ALIAS_FORMAT.matcher("al2023@v\r1").find()).isTrue();
        assertThat(AmiSelectorTermRules.ALIAS_FORMAT.matcher("al2023@\u2028").find()).isTrue();
    }

    @Test
    void whitespaceClassIsGoAsciiWhitespace() {
        assertThat(GoRegex.compile("^a\\sb$").matcher("a\u000Bb").find()).isFalse();
        assertThat(GoRegex.compile("^a\\sb$").matcher("a\tb").find()).isTrue();
        assertThat(GoRegex.compile("^[\\s]$").matcher("\u000B").find()).isFalse();
    }

    @Test
    void unanchoredPatternsMatchAnywhere() {
        assertThat(CrdPattern.SUBNET_ID.matches("my-subnet-0abc!")).isTrue();
        assertThat(CrdPattern.CAPACITY_RESERVATION_ID.matches("my-cr-0abc")).isFalse();
    }

    @Test
    void bracketsInsideAClassAreLiterals() {
        assertThat(GoRegex.translate("[a[&]$")).isEqualTo("[a\\[\\&]\\z");
    }

    /** Each matcher, hand-written or not, agrees with the translated pattern on a seeded random corpus. */
    @ParameterizedTest
    @EnumSource(CrdPattern.class)
    void matcherAgreesWithTheTranslatedPattern(CrdPattern pattern) {
        String[] pieces = {"a", "Z", "z", "0", "1", "9", "*", " ", "\t", "\n", "\u000B", ".", "-", "_", "/", "%", "@",
            "@daily", "@hourly", "s", "m", "h", "Never", "Gi", "Ti", "T", "ami-", "sg-", "subnet-", "cr-", "pg-", "e", "+"};
        Random random = new Random(20_261_121L + pattern.ordinal());
        for (int i = 0; i < 20_000; i++) {
            StringBuilder s = new StringBuilder();
            int n = random.nextInt(12);
            for (int j = 0; j < n; j++) {
                s.append(pieces[random.nextInt(pieces.length)]);
            }
            String input = s.toString();
            boolean expected = pattern.compiled().matcher(input).find();
            assertThat(pattern.matches(input)).as("[%s]", input.replace("\n", "\\n")).isEqualTo(expected);
        }
    }

    @ParameterizedTest
    @EnumSource(CrdPattern.class)
    void noPatternBacktracksBadlyOnLongHostileInput(CrdPattern pattern) {
        String[] hostile = {
            "a".repeat(20_000) + "!",
            "a.".repeat(10_000) + "!",
            "a-".repeat(10_000) + "-",
            "1".repeat(20_000) + "x",
            "1h".repeat(10_000) + "x",
            "a ".repeat(10_000) + "\n",
            " ".repeat(20_000),
            "Aa_.".repeat(5_000) + "-"
        };
        assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
            for (String s : hostile) {
                pattern.matches(s);
                AmiSelectorTermRules.ALIAS_FORMAT.matcher(s + "@" + s).find();
            }
        });
    }
}
