package dev.jig.api.karpenter;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Map;
import java.util.Optional;

/**
 * A Kubernetes resource quantity ({@code "800"}, {@code "500m"}, {@code "3200Gi"}, {@code "1.5"},
 * {@code "2k"}, {@code "1e3"}) held as a {@link BigDecimal} of base units (cores, bytes, devices),
 * so limits can be summed and compared without rounding. Text is read as
 * {@code k8s.io/apimachinery}'s {@code resource.ParseQuantity} reads it (see {@link QuantitySyntax}:
 * the whole grammar, rounding up to a nano unit, binary amounts capped at 2<sup>63</sup>−1), and what
 * Kubernetes would refuse is refused with the reason, never read as zero. Amounts of
 * {@link #CEILING} or more saturate there. Two quantities are equal when they denote the same
 * amount: {@code "1Ki"} equals {@code "1024"}.
 */
public record Quantity(BigDecimal amount) implements Comparable<Quantity> {

    public static final Quantity ZERO = new Quantity(BigDecimal.ZERO);
    /** 10<sup>36</sup>: where parsed amounts saturate, far above any quota, limit or capacity a long can hold. */
    public static final BigDecimal CEILING = BigDecimal.TEN.pow(36);

    private static final Map<String, BigDecimal> SUFFIXES = Map.ofEntries(
            Map.entry("Ki", binary(1)),
            Map.entry("Mi", binary(2)),
            Map.entry("Gi", binary(3)),
            Map.entry("G", BigDecimal.ONE.scaleByPowerOfTen(9)),
            Map.entry("M", BigDecimal.ONE.scaleByPowerOfTen(6)));
    private static final String[] BYTE_SUFFIXES = {"Gi", "Mi", "Ki", "G", "M"};

    public Quantity {
        amount = amount.signum() == 0 ? BigDecimal.ZERO : amount.stripTrailingZeros();
    }

    /**
     * Parses the Kubernetes quantity syntax as {@code resource.ParseQuantity} does: a signed decimal
     * number followed by a binary suffix (Ki..Ei), a decimal suffix (n, u, m, k, M..E) or a decimal
     * exponent ({@code e3}, {@code E-2}, {@code e00006}).
     *
     * @throws IllegalArgumentException when Kubernetes would not read {@code text} as a quantity; the
     *     message says why ({@code invalid quantity '1e1.5': unexpected '.' at character 4})
     */
    public static Quantity parse(String text) {
        return new Quantity(QuantitySyntax.parse(text));
    }

    /** Like {@link #parse} but empty instead of throwing, for input that has not been validated. */
    public static Optional<Quantity> tryParse(String text) {
        if (text == null) return Optional.empty();
        try {
            return Optional.of(parse(text));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /**
     * Reads a JSON value as Kubernetes' {@code Quantity.UnmarshalJSON} does: a string (surrounding
     * white space trimmed) or a number (an {@code int-or-string} limit such as {@code cpu: 1000}).
     *
     * @throws IllegalArgumentException when the value is absent, of another type, or not a quantity
     */
    public static Quantity fromJson(JsonNode value) {
        if (value != null && value.isTextual()) return parse(trimGoSpace(value.textValue()));
        if (value != null && value.isNumber()) return parse(value.numberValue().toString());
        throw new IllegalArgumentException("not a quantity: " + (value == null || value.isMissingNode() ? "absent" : value.getNodeType().name().toLowerCase(java.util.Locale.ROOT)));
    }

    /**
     * Go's {@code strings.TrimSpace}, which {@code Quantity.UnmarshalJSON} applies: it trims what Go's
     * {@code unicode.IsSpace} calls space (ASCII white space, U+0085, U+00A0 and the Unicode space separators),
     * which is not what Java's {@code strip()} trims (it keeps U+00A0 and trims U+001C..U+001F).
     */
    static String trimGoSpace(String s) {
        int start = 0, end = s.length();
        while (start < end && isGoSpace(s.charAt(start))) start++;
        while (end > start && isGoSpace(s.charAt(end - 1))) end--;
        return s.substring(start, end);
    }

    private static boolean isGoSpace(char c) {
        return switch (c) {
            case '\t', '\n', '\u000B', '\f', '\r', ' ', '\u0085', '\u00A0' -> true;
            default -> c > '\u00FF' && Character.getType(c) == Character.SPACE_SEPARATOR
                    || c == '\u2028' || c == '\u2029';
        };
    }

    /** {@code millis} thousandths of a unit, exactly (cpu millicores as cores); the inverse of {@link #millis()}. */
    public static Quantity ofMillis(long millis) {
        return new Quantity(BigDecimal.valueOf(millis).scaleByPowerOfTen(-3));
    }

    /** {@code mib} mebibytes as bytes, exactly; the inverse of {@link #mebibytes()}. */
    public static Quantity ofMebibytes(long mib) {
        return new Quantity(BigDecimal.valueOf(mib).multiply(SUFFIXES.get("Mi")));
    }

    /** Whole millis, rounded down (cpu); saturates at {@code Long.MAX_VALUE / 4} for absurd amounts. */
    public long millis() {
        return saturated(amount.scaleByPowerOfTen(3).setScale(0, java.math.RoundingMode.FLOOR));
    }

    /**
     * Whole units, rounded down (a memory limit in bytes): usage in whole units exceeds a limit exactly
     * when it exceeds this; saturates like {@link #millis()}.
     */
    public long units() {
        return saturated(amount.setScale(0, java.math.RoundingMode.FLOOR));
    }

    /** Whole mebibytes, rounded down (memory); saturates like {@link #millis()}. */
    public long mebibytes() {
        return saturated(amount.divide(SUFFIXES.get("Mi"), 0, java.math.RoundingMode.FLOOR));
    }

    private static final BigDecimal SATURATION = BigDecimal.valueOf(Long.MAX_VALUE / 4);

    private static long saturated(BigDecimal whole) {
        if (whole.compareTo(SATURATION) > 0) return Long.MAX_VALUE / 4;
        if (whole.compareTo(SATURATION.negate()) < 0) return -(Long.MAX_VALUE / 4);
        return whole.longValueExact();
    }

    /** Canonical text for cpu: whole cores when exact, else millicores ({@code 250m}). */
    public static String formatCpuMillis(long millis) {
        return millis % 1000 == 0 ? Long.toString(millis / 1000) : millis + "m";
    }

    /** Canonical text for memory: Gi when exact, else Mi. */
    public static String formatMebibytes(long mib) {
        return mib % 1024 == 0 ? (mib / 1024) + "Gi" : mib + "Mi";
    }

    public Quantity plus(Quantity other) {
        return new Quantity(amount.add(other.amount));
    }

    public Quantity minus(Quantity other) {
        return new Quantity(amount.subtract(other.amount));
    }

    public int signum() {
        return amount.signum();
    }

    /**
     * A human form for {@code resource}: byte amounts ({@code memory}, {@code ephemeral-storage},
     * {@code hugepages-*}) with the first of Gi, Mi, Ki, G, M that divides them exactly
     * ({@code 3200Gi}, {@code 1536Mi}, {@code 1G}); anything else (cpu as cores, GPUs, pods) as a
     * plain decimal number ({@code 0.5}, {@code 800}).
     */
    public String format(String resource) {
        if (isBytes(resource) && amount.signum() != 0) {
            for (String suffix : BYTE_SUFFIXES) {
                BigDecimal[] parts = amount.divideAndRemainder(SUFFIXES.get(suffix));
                if (parts[1].signum() == 0) {
                    return parts[0].toBigInteger() + suffix;
                }
            }
        }
        return amount.toPlainString();
    }

    @Override
    public int compareTo(Quantity o) {
        return amount.compareTo(o.amount);
    }

    @Override
    public String toString() {
        return amount.toPlainString();
    }

    private static boolean isBytes(String resource) {
        return resource.equals("memory") || resource.equals("ephemeral-storage") || resource.startsWith("hugepages-");
    }

    private static BigDecimal binary(int power) {
        return new BigDecimal(BigInteger.ONE.shiftLeft(10 * power));
    }
}
