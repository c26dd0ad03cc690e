package dev.jig.aws.cache;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * A thread-safe map whose entries expire, each after its own time to live, on an injected
 * {@link Clock}: what go-cache is to Karpenter's providers. Expired entries are dropped when read and
 * swept when written, so the map never grows past what was written within one time to live.
 *
 * @param <K> the key
 * @param <V> the value
 */
public final class ExpiringCache<K, V> {

    private record Entry<V>(V value, Instant expires) {
    }

    private final Clock clock;
    private final Map<K, Entry<V>> entries = new ConcurrentHashMap<>();

    public ExpiringCache(Clock clock) {
        this.clock = clock;
    }

    /** The value of {@code key}, unless it is missing or expired. */
    public Optional<V> get(K key) {
        Entry<V> entry = entries.get(key);
        if (entry == null) {
            return Optional.empty();
        }
        if (!clock.instant().isBefore(entry.expires())) {
            entries.remove(key, entry);
            return Optional.empty();
        }
        return Optional.of(entry.value());
    }

    /**
     * The value of {@code key}, or else the one {@code load} gives, kept during {@code ttl}. Failures
     * of {@code load} are thrown and not kept.
     */
    public V get(K key, Duration ttl, Function<K, V> load) {
        Optional<V> kept = get(key);
        if (kept.isPresent()) {
            return kept.get();
        }
        V value = load.apply(key);
        put(key, value, ttl);
        return value;
    }

    /** Keeps {@code value} for {@code key} during {@code ttl}. */
    public void put(K key, V value, Duration ttl) {
        Instant now = clock.instant();
        entries.values().removeIf(e -> !now.isBefore(e.expires()));
        entries.put(key, new Entry<>(value, now.plus(ttl)));
    }

    /** Forgets {@code key}. */
    public void remove(K key) {
        entries.remove(key);
    }
}
