package dev.jig.api.ec2;

import java.util.Arrays;

/**
 * How long loading the bundled catalog takes: the first load in this JVM (what {@code jig lint} pays,
 * class loading included), then the median of repeated loads (resource read + parse).
 * <pre>
 * mvn -q -o -pl compiler test-compile
 * java -cp compiler/target/classes:compiler/target/test-classes dev.jig.api.ec2.CatalogLoadBenchmark [repeats]
 * </pre>
 */
public final class CatalogLoadBenchmark {

    private CatalogLoadBenchmark() {
    }

    public static void main(String[] args) {
        int repeats = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        long start = System.nanoTime();
        int size = Catalog.bundled().size();
        long first = System.nanoTime() - start;

        long[] times = new long[repeats];
        for (int i = 0; i < repeats; i++) {
            long t0 = System.nanoTime();
            size += Catalog.loadBundled().size();
            times[i] = System.nanoTime() - t0;
        }
        Arrays.sort(times);
        System.out.printf("first load (cold JVM): %.2f ms%n", first / 1e6);
        System.out.printf("median of %d loads: %.3f ms (min %.3f, max %.3f), %d types each%n", repeats,
                times[repeats / 2] / 1e6, times[0] / 1e6, times[repeats - 1] / 1e6, size / (repeats + 1));
    }
}
