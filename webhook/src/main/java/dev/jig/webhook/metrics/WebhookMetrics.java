package dev.jig.webhook.metrics;

import dev.jig.webhook.admission.Decision;
import dev.jig.webhook.admission.Finding;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;
import java.util.function.ToDoubleFunction;

/**
 * The webhook's Prometheus metrics, served at {@code /metrics}:
 * <ul>
 *   <li>{@code jig_webhook_request_seconds{endpoint}} — latency histogram of admission calls
 *       (and {@code _count}: the number of requests);</li>
 *   <li>{@code jig_webhook_decisions_total{endpoint,decision,rule}} — one count per rule that
 *       denied ({@code decision="denied"}), noted ({@code "noted"}, the break-glass audit) or
 *       {@code rule="none"} for allowed requests;</li>
 *   <li>{@code jig_webhook_rejected_requests_total{reason}} — malformed requests answered 4xx;</li>
 *   <li>{@code jig_webhook_tenancy_*} — view state: synced, stale (ConfigMap missing or
 *       malformed, last good view kept), parse errors, certificate reloads;</li>
 *   <li>{@code jig_webhook_tls_problems_total{reason}} — self-managed certificate problems, one
 *       count per reconcile that met one: {@code forbidden} (401/403), {@code foreign-secret} (a
 *       Secret of that name the webhook does not manage), {@code rejected} (another 4xx).</li>
 * </ul>
 * Meters are created once per label set and cached, so recording costs a map lookup.
 */
public final class WebhookMetrics {

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final Map<String, Timer> timers = new ConcurrentHashMap<>();
    private final Map<String, Counter> counters = new ConcurrentHashMap<>();

    public PrometheusMeterRegistry registry() {
        return registry;
    }

    public Timer timer(String endpoint) {
        return timers.computeIfAbsent(endpoint, e -> Timer.builder("jig.webhook.request")
                .description("admission request latency")
                .tag("endpoint", e)
                .publishPercentileHistogram()
                .minimumExpectedValue(Duration.ofMillis(1).dividedBy(10))
                .maximumExpectedValue(Duration.ofSeconds(10))
                .register(registry));
    }

    public void decision(String endpoint, Decision decision) {
        if (decision.allowed()) {
            counter("jig.webhook.decisions", "endpoint", endpoint, "decision", "allowed", "rule", "none").increment();
            for (Finding n : decision.notes()) {
                counter("jig.webhook.decisions", "endpoint", endpoint, "decision", "noted", "rule", n.rule().id()).increment();
            }
            return;
        }
        for (String rule : decision.ruleIds()) {
            counter("jig.webhook.decisions", "endpoint", endpoint, "decision", "denied", "rule", rule).increment();
        }
    }

    public void rejected(String reason) {
        counter("jig.webhook.rejected.requests", "reason", reason).increment();
    }

    /** A self-managed certificate problem (see the class comment for the reasons). */
    public void tlsProblem(String reason) {
        counter("jig.webhook.tls.problems", "reason", reason).increment();
    }

    public void tenancyError() {
        counter("jig.webhook.tenancy.errors", "source", "configmap").increment();
    }

    public void gauge(String name, BooleanSupplier value) {
        Gauge.builder(name, value, v -> v.getAsBoolean() ? 1 : 0).strongReference(true).register(registry);
    }

    public <T> void gauge(String name, T object, ToDoubleFunction<T> value) {
        Gauge.builder(name, object, value).strongReference(true).register(registry);
    }

    /** A monotonic count read from {@code object} at scrape time (exported with {@code _total}). */
    public <T> void functionCounter(String name, T object, ToDoubleFunction<T> value) {
        io.micrometer.core.instrument.FunctionCounter.builder(name, object, value).register(registry);
    }

    public String scrape() {
        return registry.scrape();
    }

    private Counter counter(String name, String... tags) {
        String key = name + String.join("\u0000", tags);
        return counters.computeIfAbsent(key, k -> Counter.builder(name).tags(tags).register(registry));
    }
}
