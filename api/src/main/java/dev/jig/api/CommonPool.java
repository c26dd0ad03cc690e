package dev.jig.api;

import java.util.Optional;

/**
 * The JVM's common pool, sized for the programs that talk to the API server through fabric8 on the JDK's HTTP client.
 * That client completes every response on {@code CompletableFuture}'s default executor, and below 3 CPUs (a common
 * pool of one thread) the JDK makes that executor start a thread per task: 11,000 threads in {@code bench/run.sh}'s
 * first two minutes, and 27 CPU seconds for its scale-out against 19 with two pool threads (docs/benchmarks.md#run).
 */
public final class CommonPool {

    /** The JDK's own property: the common pool's size, which is also CompletableFuture's default executor's. */
    public static final String PARALLELISM = "java.util.concurrent.ForkJoinPool.common.parallelism";

    private CommonPool() {
    }

    /** Gives the common pool two threads on a machine of fewer than 3 CPUs; call it first in {@code main}. */
    public static void sizeForHttpClient() {
        parallelism(System.getProperty(PARALLELISM), Runtime.getRuntime().availableProcessors())
                .ifPresent(p -> System.setProperty(PARALLELISM, p));
    }

    /** The parallelism to set: 2 below 3 CPUs, nothing when the operator set one or there are enough CPUs. */
    static Optional<String> parallelism(String configured, int cpus) {
        return configured == null && cpus < 3 ? Optional.of("2") : Optional.empty();
    }
}
