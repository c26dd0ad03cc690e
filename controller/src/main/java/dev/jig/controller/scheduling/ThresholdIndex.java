package dev.jig.controller.scheduling;

import java.util.Arrays;

/**
 * For one resource dimension of a template's instance types, the sets of types having at least
 * (or at most) a given amount, answered by a binary search and a precomputed {@link TypeSet}: "which
 * types still fit this NodeClaim's memory" costs O(log n), not a pass over every type.
 */
final class ThresholdIndex {

    private final long[] sortedValues;
    /** atLeast[i]: types whose value ≥ sortedValues[i]. */
    private final TypeSet[] atLeast;
    /** atMost[i]: types whose value ≤ sortedValues[i]. */
    private final TypeSet[] atMost;
    private final TypeSet none;
    private final TypeSet all;

    ThresholdIndex(long[] values) {
        int n = values.length;
        long[] distinct = Arrays.stream(values).distinct().sorted().toArray();
        sortedValues = distinct;
        atLeast = new TypeSet[distinct.length];
        atMost = new TypeSet[distinct.length];
        for (int d = 0; d < distinct.length; d++) {
            TypeSet ge = TypeSet.empty(n);
            TypeSet le = TypeSet.empty(n);
            for (int i = 0; i < n; i++) {
                if (values[i] >= distinct[d]) ge.set(i);
                if (values[i] <= distinct[d]) le.set(i);
            }
            atLeast[d] = ge;
            atMost[d] = le;
        }
        none = TypeSet.empty(n);
        all = TypeSet.all(n);
    }

    /** Types whose value is at least {@code amount}. Shared: do not mutate. */
    TypeSet atLeast(long amount) {
        int i = Arrays.binarySearch(sortedValues, amount);
        if (i < 0) i = -i - 1;
        return i >= sortedValues.length ? none : (i == 0 ? all : atLeast[i]);
    }

    /** Types whose value is at most {@code amount}. Shared: do not mutate. */
    TypeSet atMost(long amount) {
        if (amount == Long.MAX_VALUE) return all;
        int i = Arrays.binarySearch(sortedValues, amount);
        if (i < 0) i = -i - 2;
        return i < 0 ? none : (i == sortedValues.length - 1 ? all : atMost[i]);
    }
}
