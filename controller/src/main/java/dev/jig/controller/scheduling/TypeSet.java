package dev.jig.controller.scheduling;

import java.util.Arrays;

/**
 * A set of instance types of one {@link PoolTemplate}, as a bit set over the template's type
 * indexes. The scheduler narrows a NodeClaim's types with a handful of word-wise ANDs instead of
 * re-filtering hundreds of types per pod. Instances are mutable only through the methods that say
 * so; shared sets (indexes, caches) are never mutated.
 */
public final class TypeSet {

    private final long[] words;

    private TypeSet(long[] words) {
        this.words = words;
    }

    public static TypeSet empty(int size) {
        return new TypeSet(new long[(size + 63) >>> 6]);
    }

    public static TypeSet all(int size) {
        TypeSet s = empty(size);
        for (int i = 0; i < size; i++) s.set(i);
        return s;
    }

    public TypeSet copy() {
        return new TypeSet(words.clone());
    }

    public void set(int i) {
        words[i >>> 6] |= 1L << i;
    }

    public boolean get(int i) {
        return (words[i >>> 6] & (1L << i)) != 0;
    }

    /** In place: this ∩ other. Returns this. */
    public TypeSet and(TypeSet other) {
        for (int i = 0; i < words.length; i++) words[i] &= other.words[i];
        return this;
    }

    /** In place: this ∪ other. Returns this. */
    public TypeSet or(TypeSet other) {
        for (int i = 0; i < words.length; i++) words[i] |= other.words[i];
        return this;
    }

    /** A new set: a ∩ b. */
    public static TypeSet intersection(TypeSet a, TypeSet b) {
        long[] w = new long[a.words.length];
        for (int i = 0; i < w.length; i++) w[i] = a.words[i] & b.words[i];
        return new TypeSet(w);
    }

    public boolean isEmpty() {
        for (long w : words) if (w != 0) return false;
        return true;
    }

    /** Whether a ∩ b is non-empty, without building it. */
    public static boolean intersects(TypeSet a, TypeSet b) {
        for (int i = 0; i < a.words.length; i++) if ((a.words[i] & b.words[i]) != 0) return true;
        return false;
    }

    /** The first member at or after {@code from}, or −1. */
    public int next(int from) {
        int wi = from >>> 6;
        if (wi >= words.length) return -1;
        long w = words[wi] & (-1L << from);
        while (true) {
            if (w != 0) return (wi << 6) + Long.numberOfTrailingZeros(w);
            if (++wi == words.length) return -1;
            w = words[wi];
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TypeSet t && Arrays.equals(words, t.words);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(words);
    }
}
