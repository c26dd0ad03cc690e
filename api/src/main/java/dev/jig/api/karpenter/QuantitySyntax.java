package dev.jig.api.karpenter;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * Reads quantity text into the amount {@code k8s.io/apimachinery}'s {@code resource.ParseQuantity}
 * gives it, in one pass over the text:
 * <ul>
 *   <li>the same grammar and scanner: a sign, digits with an optional point ({@code 1.}, {@code .5},
 *       and even {@code +}, {@code -} and {@code .} read as zero, as upstream), then a suffix of
 *       the letters {@code eEinumkKMGTP}, an optional sign and digits, interpreted as a binary suffix
 *       (Ki..Ei), a decimal one (n u m "" k M G T P E) or a decimal exponent {@code e}/{@code E}
 *       followed by a signed int64 (leading zeros allowed: {@code 1e00006});</li>
 *   <li>the same amount: exact, then rounded away from zero to a whole nano unit ({@code 0.1n} is
 *       {@code 1n}); binary amounts capped at 2<sup>63</sup>−1, as upstream caps them.</li>
 * </ul>
 * Two deliberate differences, both explicit and never towards zero: decimal amounts of 10<sup>36</sup>
 * or more saturate at {@link Quantity#CEILING} (upstream keeps them exact; no quota, limit or capacity
 * Jig compares comes near), and an exponent Kubernetes would wrap around its 32-bit scale
 * ({@code 1e4294967296} reads as {@code 1} there) is refused. Work is linear in the length of the
 * text: only the digits that can change the rounded amount are ever turned into a number.
 */
final class QuantitySyntax {

    private static final String SUFFIX_LETTERS = "eEinumkKMGTP";
    /** Powers of ten at or above which a decimal amount saturates, and a binary one is capped. */
    private static final int DECIMAL_SATURATION = 36;
    private static final int BINARY_CAP_DIGITS = 19;
    /** Amounts below 10^-30 (times at most 2^60) round up to one nano unit whatever their digits. */
    private static final int BELOW_NANO = -30;
    /** Digits kept below the decimal point of the scaled amount; the rest only decide rounding. */
    private static final int KEPT_FRACTION = 81;
    private static final int NANO_SCALE = 9;
    private static final BigDecimal MAX_INT64 = BigDecimal.valueOf(Long.MAX_VALUE);
    private static final BigDecimal ONE_NANO = BigDecimal.ONE.scaleByPowerOfTen(-NANO_SCALE);

    private QuantitySyntax() {
    }

    /** The amount of {@code text} in base units; throws with the reason when Kubernetes would refuse it. */
    static BigDecimal parse(String text) {
        if (text.isEmpty()) throw refused(text, "empty");
        int end = text.length();
        int pos = 0;
        boolean negative = false;
        if (text.charAt(0) == '-' || text.charAt(0) == '+') {
            negative = text.charAt(0) == '-';
            pos++;
        }
        int intStart = pos;
        pos = digits(text, pos);
        int intEnd = pos;
        int fracStart = pos;
        int fracEnd = pos;
        if (pos < end && text.charAt(pos) == '.') {
            fracStart = ++pos;
            pos = digits(text, pos);
            fracEnd = pos;
        }
        int suffixStart = pos;
        while (pos < end && SUFFIX_LETTERS.indexOf(text.charAt(pos)) >= 0) pos++;
        if (pos < end && (text.charAt(pos) == '+' || text.charAt(pos) == '-')) pos++;
        pos = digits(text, pos);
        if (pos < end) {
            throw refused(text, "unexpected '" + text.charAt(pos) + "' at character " + (pos + 1));
        }
        Suffix suffix = suffix(text, text.substring(suffixStart), fracEnd - fracStart);
        if (intEnd == intStart && fracEnd == fracStart && suffix.binaryPower == 0 && suffix.exponent < -NANO_SCALE) {
            // upstream's exact path needs a digit; only its int64 fast path reads a bare sign or point as zero
            throw refused(text, "no digits");
        }
        BigDecimal magnitude = magnitude(text, intStart, intEnd, fracStart, fracEnd, suffix);
        return negative ? magnitude.negate() : magnitude;
    }

    private static int digits(String text, int pos) {
        while (pos < text.length() && text.charAt(pos) >= '0' && text.charAt(pos) <= '9') pos++;
        return pos;
    }

    /** A decimal exponent and a power of two (binary suffixes). */
    private record Suffix(long exponent, int binaryPower) {
    }

    private static Suffix suffix(String text, String s, int fractionDigits) {
        switch (s) {
            case "": return new Suffix(0, 0);
            case "n": return new Suffix(-9, 0);
            case "u": return new Suffix(-6, 0);
            case "m": return new Suffix(-3, 0);
            case "k": return new Suffix(3, 0);
            case "M": return new Suffix(6, 0);
            case "G": return new Suffix(9, 0);
            case "T": return new Suffix(12, 0);
            case "P": return new Suffix(15, 0);
            case "E": return new Suffix(18, 0);
            case "Ki": return new Suffix(0, 10);
            case "Mi": return new Suffix(0, 20);
            case "Gi": return new Suffix(0, 30);
            case "Ti": return new Suffix(0, 40);
            case "Pi": return new Suffix(0, 50);
            case "Ei": return new Suffix(0, 60);
            default: break;
        }
        if (s.length() < 2 || (s.charAt(0) != 'e' && s.charAt(0) != 'E')) {
            throw refused(text, "unknown suffix '" + s + "' (Ki, Mi, Gi, Ti, Pi, Ei, n, u, m, k, M, G, T, P, E or an exponent e<n>)");
        }
        long exponent = int64(text, s.substring(1));
        // upstream keeps the scale in an int32 and wraps around beyond it
        long bound = Integer.MAX_VALUE - (long) fractionDigits;
        if (exponent > bound || exponent < -bound) {
            throw refused(text, "exponent out of range (Kubernetes would wrap it around its 32-bit scale)");
        }
        return new Suffix(exponent, 0);
    }

    /** Go's {@code strconv.ParseInt(s, 10, 64)}: an optional sign, at least one digit, no overflow. */
    private static long int64(String text, String s) {
        int start = !s.isEmpty() && (s.charAt(0) == '+' || s.charAt(0) == '-') ? 1 : 0;
        if (start == s.length() || digits(s, start) != s.length()) {
            throw refused(text, "exponent '" + s + "' is not an integer");
        }
        int first = start;
        while (first < s.length() - 1 && s.charAt(first) == '0') first++;
        if (s.length() - first > 19) throw refused(text, "exponent out of range");
        try {
            return Long.parseLong((s.charAt(0) == '-' ? "-" : "") + s.substring(first));
        } catch (NumberFormatException e) {
            throw refused(text, "exponent out of range");
        }
    }

    private static BigDecimal magnitude(String text, int intStart, int intEnd, int fracStart, int fracEnd, Suffix suffix) {
        while (intStart < intEnd && text.charAt(intStart) == '0') intStart++;
        while (fracEnd > fracStart && text.charAt(fracEnd - 1) == '0') fracEnd--;
        // the significant digits run from `first` (skipping the point) to the end; `lead` is the power of ten of the first
        int first;
        long lead;
        if (intStart < intEnd) {
            first = intStart;
            lead = intEnd - intStart - 1;
        } else {
            first = fracStart;
            while (first < fracEnd && text.charAt(first) == '0') first++;
            if (first == fracEnd) return BigDecimal.ZERO;
            lead = fracStart - first - 1;
        }
        long top = lead + suffix.exponent;
        if (suffix.binaryPower == 0 && top >= DECIMAL_SATURATION) return Quantity.CEILING;
        if (suffix.binaryPower > 0 && top >= BINARY_CAP_DIGITS) return MAX_INT64;
        if (top < BELOW_NANO) return ONE_NANO;
        StringBuilder kept = new StringBuilder();
        int budget = (int) (top + KEPT_FRACTION + 1);
        boolean sticky = false;
        for (int i = first; i < fracEnd && !sticky; i++) {
            char c = text.charAt(i);
            if (c == '.') continue;
            if (kept.length() < budget) kept.append(c);
            else sticky = c != '0';
        }
        long lastPower = top - kept.length() + 1;
        if (sticky) {
            // anything below the kept digits only pushes the rounding up; one digit further down stands for it exactly
            kept.append('1');
            lastPower--;
        }
        BigDecimal amount = new BigDecimal(new BigInteger(kept.toString()), (int) -lastPower);
        if (suffix.binaryPower > 0) amount = amount.multiply(new BigDecimal(BigInteger.ONE.shiftLeft(suffix.binaryPower)));
        amount = amount.setScale(NANO_SCALE, RoundingMode.UP);
        if (suffix.binaryPower > 0 && amount.compareTo(MAX_INT64) > 0) return MAX_INT64;
        return amount.min(Quantity.CEILING);
    }

    private static IllegalArgumentException refused(String text, String reason) {
        String shown = text.length() > 40 ? text.substring(0, 40) + "…" : text;
        return new IllegalArgumentException("invalid quantity '" + shown + "': " + reason);
    }
}
