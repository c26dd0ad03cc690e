package dev.jig.compiler.policy;

/** Inclusive bounds; either end may be open (null). */
public record IntRange(Integer min, Integer max) {

    public static final IntRange ANY = new IntRange(null, null);

    public boolean contains(long v) {
        return (min == null || v >= min) && (max == null || v <= max);
    }

    public boolean isAny() {
        return min == null && max == null;
    }
}
