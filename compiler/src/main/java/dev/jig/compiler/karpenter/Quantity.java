package dev.jig.compiler.karpenter;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Kubernetes resource quantity ({@code 800}, {@code 500m}, {@code 64Gi}, {@code 1.5}, {@code 2e3}),
 * held exactly as a {@link BigDecimal} of base units (cores, bytes, counts).
 */
public record Quantity(BigDecimal value) implements Comparable<Quantity> {

    private static final BigInteger KI = BigInteger.valueOf(1024);
    private static final BigDecimal MI_BYTES = new BigDecimal(1024L * 1024L);
    private static final BigDecimal GI_BYTES = new BigDecimal(1024L * 1024L * 1024L);
    private static final BigDecimal THOUSAND = BigDecimal.valueOf(1000);

    private static final Pattern SYNTAX = Pattern.compile(
            "([+-]?(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+))(?:(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE])|([eE][+-]?[0-9]+))?");

    public static final Quantity ZERO = new Quantity(BigDecimal.ZERO);

    /** Parses a quantity; empty when the text is not one. Accepts a JSON integer's text too. */
    public static Optional<Quantity> parse(String text) {
        if (text == null || text.length() > 64) return Optional.empty();
        Matcher m = SYNTAX.matcher(text.trim());
        if (!m.matches()) return Optional.empty();
        BigDecimal number = new BigDecimal(m.group(1));
        if (m.group(2) != null) return Optional.of(new Quantity(number.multiply(multiplier(m.group(2)))));
        if (m.group(3) != null) {
            int exponent = Integer.parseInt(m.group(3).substring(1));
            if (Math.abs(exponent) > 30) return Optional.empty();
            return Optional.of(new Quantity(number.scaleByPowerOfTen(exponent)));
        }
        return Optional.of(new Quantity(number));
    }

    private static BigDecimal multiplier(String suffix) {
        switch (suffix) {
            case "n": return new BigDecimal("1e-9");
            case "u": return new BigDecimal("1e-6");
            case "m": return new BigDecimal("1e-3");
            case "k": return new BigDecimal("1e3");
            case "M": return new BigDecimal("1e6");
            case "G": return new BigDecimal("1e9");
            case "T": return new BigDecimal("1e12");
            case "P": return new BigDecimal("1e15");
            case "E": return new BigDecimal("1e18");
            case "Ki": return new BigDecimal(KI);
            case "Mi": return new BigDecimal(KI.pow(2));
            case "Gi": return new BigDecimal(KI.pow(3));
            case "Ti": return new BigDecimal(KI.pow(4));
            case "Pi": return new BigDecimal(KI.pow(5));
            case "Ei": return new BigDecimal(KI.pow(6));
            default: throw new IllegalArgumentException(suffix);
        }
    }

    public static Quantity ofMillis(long millis) {
        return new Quantity(BigDecimal.valueOf(millis).divide(THOUSAND));
    }

    public static Quantity ofMebibytes(long mib) {
        return new Quantity(BigDecimal.valueOf(mib).multiply(MI_BYTES));
    }

    /** Whole millis, rounded down (cpu). */
    public long millis() {
        return value.multiply(THOUSAND).setScale(0, RoundingMode.FLOOR).longValueExact();
    }

    /** Whole mebibytes, rounded down (memory). */
    public long mebibytes() {
        return value.divide(MI_BYTES, 0, RoundingMode.FLOOR).longValueExact();
    }

    public Quantity plus(Quantity other) {
        return new Quantity(value.add(other.value));
    }

    /** Canonical text for cpu: whole cores when exact, else millicores ({@code 250m}). */
    public static String formatCpuMillis(long millis) {
        return millis % 1000 == 0 ? Long.toString(millis / 1000) : millis + "m";
    }

    /** Canonical text for memory: Gi when exact, else Mi. */
    public static String formatMebibytes(long mib) {
        return mib % 1024 == 0 ? (mib / 1024) + "Gi" : mib + "Mi";
    }

    @Override
    public int compareTo(Quantity o) {
        return value.compareTo(o.value);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Quantity q && value.compareTo(q.value) == 0;
    }

    @Override
    public int hashCode() {
        return value.stripTrailingZeros().hashCode();
    }

    @Override
    public String toString() {
        return value.stripTrailingZeros().toPlainString();
    }
}
