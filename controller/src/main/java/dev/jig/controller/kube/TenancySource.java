package dev.jig.controller.kube;

import dev.jig.api.tenancy.Tenancy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Optional;

/**
 * The tenancy the controller enforces, read from the {@code jig-tenancy} ConfigMap's data. Quotas
 * must fail closed: when the ConfigMap is present but its data is missing or does not parse (a bad
 * hand edit, a truncated write), the last tenancy that parsed stays in force instead of dropping
 * every quota. Only a ConfigMap that is gone means no tenancy. Thread-safe.
 */
final class TenancySource {

    private static final Logger LOG = LoggerFactory.getLogger(TenancySource.class);

    private Optional<Tenancy> lastGood = Optional.empty();
    private String lastData;

    /**
     * The tenancy for the ConfigMap's current data.
     *
     * @param present whether the ConfigMap exists
     * @param data    its {@link Tenancy#DATA_KEY} entry, or null
     */
    synchronized Optional<Tenancy> read(boolean present, String data) {
        if (!present) {
            lastGood = Optional.empty();
            lastData = null;
            return lastGood;
        }
        if (data == null) {
            LOG.warn("the tenancy ConfigMap has no {}; keeping the last tenancy that parsed", Tenancy.DATA_KEY);
            return lastGood;
        }
        if (data.equals(lastData)) return lastGood;
        try {
            lastGood = Optional.of(Tenancy.parse(data));
            lastData = data;
        } catch (RuntimeException e) {
            LOG.warn("the tenancy ConfigMap does not parse, keeping the last tenancy that parsed: {}", e.getMessage());
        }
        return lastGood;
    }
}
