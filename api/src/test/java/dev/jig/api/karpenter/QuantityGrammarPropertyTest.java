package dev.jig.api.karpenter;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.Optional;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A property test, seeded and reproducible: strings generated from the Kubernetes quantity grammar
 * (and broken variants of them) are read by {@link Quantity#parse} and by a reference model written
 * here independently, as the grammar comment of {@code quantity.go} states it plus upstream's
 * rounding and cap and Jig's two documented limits (saturation at 10^36, no exponent beyond the
 * int32 scale), evaluated by brute force with {@link BigDecimal}. Both must accept the same
 * strings and give the same amounts. A failing seed names the string.
 */
class QuantityGrammarPropertyTest {

    private static final Pattern GRAMMAR =
            Pattern.compile("([+-]?)([0-9]*)(?:\\.([0-9]*))?(|[numkMGTPE]|[KMGTPE]i|[eE]([+-]?[0-9]+))");
    private static final String[] SUFFIXES = {"", "n", "u", "m", "k", "M", "G", "T", "P", "E", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"};
    private static final String NOISE = "0123456789.+-eEiKMGTPnumkax _";

    static Stream<Long> seeds() {
        return LongStream.range(0, 40).boxed();
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void parserAgreesWithTheReferenceModel(long seed) {
        Random random = new Random(seed);
        for (int i = 0; i < 500; i++) {
            String text = random.nextInt(4) == 0 ? broken(random, quantity(random)) : quantity(random);
            Optional<BigDecimal> expected = reference(text);
            Optional<Quantity> actual = Quantity.tryParse(text);
            assertThat(actual.isPresent()).as("'%s' accepted (seed %d)", text, seed).isEqualTo(expected.isPresent());
            expected.ifPresent(e -> assertThat(actual.orElseThrow().amount()).as("'%s' (seed %d)", text, seed).isEqualByComparingTo(e));
        }
    }

    /** A string of the grammar: sign, digits (leading zeros too), point, digits, a suffix or an exponent. */
    private static String quantity(Random r) {
        StringBuilder s = new StringBuilder();
        s.append(pick(r, "", "", "+", "-"));
        s.append(digits(r, r.nextInt(4) == 0 ? 0 : r.nextInt(25)));
        if (r.nextBoolean()) s.append('.').append(digits(r, r.nextInt(25)));
        if (r.nextInt(3) == 0) {
            s.append(pick(r, "e", "E")).append(pick(r, "", "+", "-")).append("0".repeat(r.nextInt(4))).append(r.nextInt(45));
        } else {
            s.append(SUFFIXES[r.nextInt(SUFFIXES.length)]);
        }
        return s.toString();
    }

    /** The same with one character inserted, replaced or removed. */
    private static String broken(Random r, String s) {
        int at = r.nextInt(s.length() + 1);
        char c = NOISE.charAt(r.nextInt(NOISE.length()));
        return switch (r.nextInt(3)) {
            case 0 -> s.substring(0, at) + c + s.substring(at);
            case 1 -> at < s.length() ? s.substring(0, at) + c + s.substring(at + 1) : s + c;
            default -> at < s.length() ? s.substring(0, at) + s.substring(at + 1) : s;
        };
    }

    private static String digits(Random r, int n) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < n; i++) s.append((char) ('0' + (r.nextInt(3) == 0 ? 0 : r.nextInt(10))));
        return s.toString();
    }

    private static String pick(Random r, String... options) {
        return options[r.nextInt(options.length)];
    }

    /**
     * The reference: the grammar as a regular expression; the exact amount; rounded away from zero to
     * 10^-9; binary amounts capped at 2^63-1, decimal ones saturated at 10^36 (Jig's ceiling). Without
     * any digit the amount is zero, except where upstream's exact path runs (a decimal exponent below
     * -9), which refuses it.
     */
    private static Optional<BigDecimal> reference(String text) {
        Matcher m = GRAMMAR.matcher(text);
        if (text.isEmpty() || !m.matches()) return Optional.empty();
        String whole = m.group(2);
        String fraction = m.group(3) == null ? "" : m.group(3);
        String suffix = m.group(4);
        boolean binary = suffix.endsWith("i");
        BigInteger e = m.group(5) != null ? new BigInteger(m.group(5)) : BigInteger.valueOf(decimalExponent(suffix));
        // Jig refuses exponents Kubernetes would wrap around its int32 scale (and upstream those beyond int64)
        if (e.abs().compareTo(BigInteger.valueOf(Integer.MAX_VALUE - fraction.length())) > 0) return Optional.empty();
        // beyond ±1000 the generated digits (at most 50) saturate or round up to 1n alike
        int exponent = e.max(BigInteger.valueOf(-1000)).min(BigInteger.valueOf(1000)).intValueExact();
        if (whole.isEmpty() && fraction.isEmpty()) {
            return !binary && exponent < -9 ? Optional.empty() : Optional.of(BigDecimal.ZERO);
        }
        BigDecimal amount = new BigDecimal((whole.isEmpty() ? "0" : whole) + "." + fraction + "0");
        amount = binary ? amount.multiply(new BigDecimal(BigInteger.TWO.pow(10 * (" KMGTPE".indexOf(suffix.charAt(0))))))
                : amount.scaleByPowerOfTen(exponent);
        amount = amount.setScale(9, RoundingMode.UP);
        BigDecimal cap = binary ? BigDecimal.valueOf(Long.MAX_VALUE) : BigDecimal.TEN.pow(36);
        amount = amount.min(cap);
        return Optional.of(m.group(1).equals("-") ? amount.negate() : amount);
    }

    private static int decimalExponent(String suffix) {
        return switch (suffix) {
            case "n" -> -9;
            case "u" -> -6;
            case "m" -> -3;
            case "k" -> 3;
            case "M" -> 6;
            case "G" -> 9;
            case "T" -> 12;
            case "P" -> 15;
            case "E" -> 18;
            default -> 0;
        };
    }
}
