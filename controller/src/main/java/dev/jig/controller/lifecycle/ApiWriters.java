package dev.jig.controller.lifecycle;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Where the controller's independent API writes run (a nomination per pod, a registration per NodeClaim): on the
 * caller's thread one after another ({@link #inline()}, {@code simulate}: deterministic), or on a small pool of
 * their own ({@code run}), so that a hundred of them take a fraction of a second rather than seconds, and never wait
 * behind launches. Thread-safe.
 */
public final class ApiWriters {

    /** Writes in flight at once in {@code run}. */
    public static final int THREADS = 8;

    /** Null inline. */
    private final ExecutorService pool;

    private ApiWriters(ExecutorService pool) {
        this.pool = pool;
    }

    public static ApiWriters inline() {
        return new ApiWriters(null);
    }

    /** {@code threads} writers, daemon threads named {@code jig-api-writer-N}, idle ones ending after a minute. */
    public static ApiWriters of(int threads) {
        return new ApiWriters(daemonPool("jig-api-writer-", threads));
    }

    /** A pool of {@code threads} daemon threads named {@code prefix}N, idle ones ending after a minute (this package's pools). */
    static ThreadPoolExecutor daemonPool(String prefix, int threads) {
        AtomicInteger n = new AtomicInteger();
        ThreadPoolExecutor e = new ThreadPoolExecutor(threads, threads, 60, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), r -> {
            Thread t = new Thread(r, prefix + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        e.allowCoreThreadTimeOut(true);
        return e;
    }

    public boolean isInline() {
        return pool == null;
    }

    /** Runs {@code write} now on the caller's thread (inline) or on a writer, without waiting for it. */
    public void submit(Runnable write) {
        if (pool == null) write.run();
        else pool.execute(write);
    }

    /** What one write gave: its value, or what it threw. */
    public record Outcome<R>(R value, RuntimeException failure) {
    }

    /**
     * Applies {@code write} to each item and returns the outcomes in the items' order once all have ended. Inline, in
     * order on the caller's thread; a failure is an outcome either way, so one failure never stops the others.
     */
    public <T, R> List<Outcome<R>> each(List<T> items, Function<T, R> write) {
        List<Outcome<R>> out = new ArrayList<>(items.size());
        if (pool == null || items.size() < 2) {
            for (T item : items) out.add(apply(write, item));
            return out;
        }
        List<Future<Outcome<R>>> futures = new ArrayList<>(items.size());
        for (T item : items) futures.add(pool.submit(() -> apply(write, item)));
        for (Future<Outcome<R>> f : futures) {
            try {
                out.add(f.get());
            } catch (ExecutionException e) {
                out.add(new Outcome<>(null, new IllegalStateException(e.getCause())));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                out.add(new Outcome<>(null, new IllegalStateException("interrupted", e)));
            }
        }
        return out;
    }

    private static <T, R> Outcome<R> apply(Function<T, R> write, T item) {
        try {
            return new Outcome<>(write.apply(item), null);
        } catch (RuntimeException e) {
            return new Outcome<>(null, e);
        }
    }
}
