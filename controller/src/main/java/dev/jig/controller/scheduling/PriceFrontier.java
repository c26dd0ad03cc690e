package dev.jig.controller.scheduling;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The linear-programming relaxation of "buy enough cpu and memory at the lowest price": minimise
 * {@code Σ price_t · x_t} subject to {@code Σ cpu_t · x_t ≥ C}, {@code Σ mem_t · x_t ≥ M}, {@code x ≥ 0}
 * over a set of instance types (fractional nodes allowed). With two resources an optimal basis uses
 * at most two types, both vertices of the upper-right convex hull of the points
 * {@code (cpu/price, mem/price)}; the hull is built once, so each query is a walk over a handful of
 * vertices.
 *
 * <p>Two uses: its cost is a lower bound on the price of any plan for the same requests (the
 * benchmark reports plans against it), and its basis tells the scheduler which instance types to
 * open NodeClaims for, so bins of the right shapes are filled side by side (see {@link Scheduler}).
 */
public final class PriceFrontier {

    /** An optimal basis: one or two types with fractional node counts, and the cost in USD per hour. */
    public record Plan(double cost, int typeA, double nodesA, int typeB, double nodesB) {
        public static final Plan NONE = new Plan(Double.POSITIVE_INFINITY, -1, 0, -1, 0);
    }

    private final int[] vertex;
    private final double[] a;
    private final double[] b;
    private final double[] price;

    /**
     * @param cpu   cpu of each type (any unit)
     * @param mem   memory of each type (any unit)
     * @param price price of each type; types priced 0, negative or infinite are left out
     */
    public PriceFrontier(long[] cpu, long[] mem, double[] price) {
        int n = cpu.length;
        List<Integer> idx = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (price[i] > 0 && Double.isFinite(price[i]) && (cpu[i] > 0 || mem[i] > 0)) idx.add(i);
        }
        double[] pa = new double[n];
        double[] pb = new double[n];
        for (int i : idx) {
            pa[i] = cpu[i] / price[i];
            pb[i] = mem[i] / price[i];
        }
        idx.sort(Comparator.<Integer>comparingDouble(i -> pa[i]).thenComparingDouble(i -> pb[i]));
        int[] hull = new int[idx.size()];
        int h = 0;
        for (int p : idx) {
            while (h >= 2 && cross(pa, pb, hull[h - 2], hull[h - 1], p) >= 0) h--;
            hull[h++] = p;
        }
        int start = 0;
        for (int i = 1; i < h; i++) if (pb[hull[i]] >= pb[hull[start]]) start = i;
        this.vertex = Arrays.copyOfRange(hull, start, h);
        this.a = new double[vertex.length];
        this.b = new double[vertex.length];
        this.price = new double[vertex.length];
        for (int i = 0; i < vertex.length; i++) {
            a[i] = pa[vertex[i]];
            b[i] = pb[vertex[i]];
            this.price[i] = price[vertex[i]];
        }
    }

    private static double cross(double[] x, double[] y, int o, int p, int q) {
        return (x[p] - x[o]) * (y[q] - y[o]) - (y[p] - y[o]) * (x[q] - x[o]);
    }

    public boolean isEmpty() {
        return vertex.length == 0;
    }

    /** The cheapest fractional purchase of {@code cpu} and {@code mem}. */
    public Plan solve(double cpu, double mem) {
        int k = vertex.length;
        if (k == 0) return Plan.NONE;
        if (cpu <= 0 && mem <= 0) return new Plan(0, vertex[0], 0, -1, 0);
        if (k == 1 || mem * a[0] >= b[0] * cpu) {
            double y = Math.max(a[0] > 0 ? cpu / a[0] : (cpu > 0 ? Double.POSITIVE_INFINITY : 0), b[0] > 0 ? mem / b[0] : 0);
            return new Plan(y, vertex[0], y / price[0], -1, 0);
        }
        if (mem * a[k - 1] <= b[k - 1] * cpu) {
            double y = Math.max(cpu / a[k - 1], b[k - 1] > 0 ? mem / b[k - 1] : (mem > 0 ? Double.POSITIVE_INFINITY : 0));
            return new Plan(y, vertex[k - 1], y / price[k - 1], -1, 0);
        }
        for (int i = 0; i + 1 < k; i++) {
            int j = i + 1;
            if (mem * a[i] <= b[i] * cpu && mem * a[j] >= b[j] * cpu) {
                double det = a[i] * b[j] - a[j] * b[i];
                double yi = (cpu * b[j] - mem * a[j]) / det;
                double yj = (a[i] * mem - b[i] * cpu) / det;
                yi = Math.max(0, yi);
                yj = Math.max(0, yj);
                return new Plan(yi + yj, vertex[i], yi / price[i], vertex[j], yj / price[j]);
            }
        }
        return Plan.NONE;
    }
}
