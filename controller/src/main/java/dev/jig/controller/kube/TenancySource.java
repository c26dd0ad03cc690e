package dev.jig.controller.kube;

import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.api.tenancy.LastGoodTenancy;
import dev.jig.api.tenancy.Tenancy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Optional;

/**
 * The tenancy the controller enforces, from what the informer shows of the {@code jig-tenancy}
 * ConfigMap, by the one fail-closed rule in {@link LastGoodTenancy}: the last tenancy that parsed
 * stays in force when the ConfigMap is deleted, loses its data or stops parsing, so the scheduler
 * keeps every quota. Logs each change of state once, not on every snapshot. Thread-safe.
 */
final class TenancySource {

    private static final Logger LOG = LoggerFactory.getLogger(TenancySource.class);

    private LastGoodTenancy state = LastGoodTenancy.initial();

    /**
     * The tenancy in force after this observation of the ConfigMap.
     *
     * @param present whether the ConfigMap exists
     * @param data    its {@link Tenancy#DATA_KEY} entry, or null
     */
    synchronized Optional<Tenancy> read(boolean present, String data) {
        LastGoodTenancy next = present ? state.seen(data) : state.missing();
        if (!next.sameAs(state)) log(next);
        state = next;
        return next.tenancy();
    }

    /** The state after the last {@link #read}: the tenancy in force, whether it is stale and why. */
    synchronized LastGoodTenancy state() {
        return state;
    }

    private static void log(LastGoodTenancy next) {
        if (next.problem().isEmpty()) {
            LOG.atInfo().addKeyValue("event", "tenancy-loaded").addKeyValue("tenants", next.tenancy().orElseThrow().tenants().size())
                    .log("tenancy ConfigMap loaded");
        } else {
            LOG.atWarn().addKeyValue("event", "tenancy-invalid").addKeyValue("keptLastGood", next.stale())
                    .log("tenancy: {}; {}", next.problem().get(), next.stale() ? "keeping the last good tenancy"
                            : "no tenancy in force, so NodePools labelling nodes " + WellKnownLabels.NODE_TENANT + " or "
                                    + WellKnownLabels.JIG_TENANT + " launch nothing");
        }
    }
}
