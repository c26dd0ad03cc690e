package dev.jig.aws.cache;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Answers kept for a time-to-live (Karpenter's providers keep subnets, security groups and AMIs for
 * a minute): a lookup within the TTL is served from memory, a later one asks again. Failures are
 * not cached. Time from the injected clock; thread-safe.
 */
public final class TtlCache<K, V> {

    private final Clock clock;
    private final Duration ttl;
    private final Map<K, Entry<V>> entries = new ConcurrentHashMap<>();

    public TtlCache(Clock clock, Duration ttl) {
        this.clock = clock;
        this.ttl = ttl;
    }

    public V get(K key, Function<K, V> load) {
        Instant now = clock.instant();
        Entry<V> e = entries.get(key);
        if (e != null && e.until().isAfter(now)) return e.value();
        V value = load.apply(key);
        entries.put(key, new Entry<>(value, now.plus(ttl)));
        return value;
    }

    public void invalidateAll() {
        entries.clear();
    }

    private record Entry<V>(V value, Instant until) {
    }
}
