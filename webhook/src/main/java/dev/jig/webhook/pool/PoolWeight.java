package dev.jig.webhook.pool;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.api.diag.Rule;
import dev.jig.api.tenancy.Tenancy;
import dev.jig.api.tenancy.Tenancy.WeightBand;
import dev.jig.webhook.admission.Finding;
import dev.jig.webhook.tenancy.TenancyView;
import java.util.List;
import java.util.Optional;

/**
 * Weights keep reserved capacity first: a pool the tenancy ConfigMap lists as one of its tenant's
 * reserved pools takes a weight from the reserved band, every other pool from the regular band
 * (bands from the ConfigMap, 80..100 and 1..79 by default). Which band is compiled data
 * ({@link Tenancy#isReservedPool}), never the pool's name: a tenant may name its own pool
 * {@code reserved-x}, and the compiler gives that pool a regular weight. A ConfigMap that does not
 * say which of the tenant's pools are reserved (compiled before it did) leaves the band unknown, and
 * the pool is refused. A pool without a weight would sort below every band, so it is refused as well.
 */
final class PoolWeight {

    private static final String POINTER = "/spec/weight: ";

    private PoolWeight() {
    }

    static void check(String name, JsonNode pool, TenancyView view, List<Finding> out) {
        Optional<Boolean> reserved = view.tenancy().isReservedPool(name);
        if (reserved.isEmpty()) {
            out.add(new Finding(Rule.POOL_WEIGHT_OUT_OF_BAND, POINTER + "the tenancy ConfigMap does not say whether NodePool '" + name
                    + "' is a reserved pool (it was compiled by an older jig); recompile the policies and apply the new ConfigMap"));
            return;
        }
        WeightBand band = reserved.get() ? view.tenancy().reservedWeights() : view.tenancy().regularWeights();
        JsonNode weight = pool.path("spec").path("weight");
        String which = reserved.get() ? "reserved" : "regular";
        if (!weight.isIntegralNumber()) {
            out.add(new Finding(Rule.POOL_WEIGHT_OUT_OF_BAND, POINTER + "NodePool '" + name + "' has no weight; " + which + " pools take "
                    + band.min() + ".." + band.max()));
        } else if (!weight.canConvertToInt() || !band.contains(weight.intValue())) {
            out.add(new Finding(Rule.POOL_WEIGHT_OUT_OF_BAND, POINTER + "NodePool '" + name + "' has weight " + weight.asText() + "; " + which
                    + " pools take " + band.min() + ".." + band.max()));
        }
    }
}
