package dev.jig.webhook.pool;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.api.diag.Rule;
import dev.jig.api.tenancy.PoolNames;
import dev.jig.api.tenancy.Tenancy.WeightBand;
import dev.jig.webhook.admission.Finding;
import dev.jig.webhook.tenancy.TenancyView;
import java.util.List;

/**
 * Weights keep reserved capacity first: a tenant's reserved pool ({@code <tenant>-reserved-*})
 * takes a weight from the reserved band, every other pool from the regular band (bands from the
 * tenancy ConfigMap, 80..100 and 1..79 by default). A pool without a weight would sort below
 * every band, so it is refused as well.
 */
final class PoolWeight {

    private PoolWeight() {
    }

    static void check(String name, JsonNode pool, String owner, TenancyView view, List<Finding> out) {
        boolean reserved = owner != null && name.startsWith(PoolNames.reservedPoolPrefix(owner));
        WeightBand band = reserved ? view.tenancy().reservedWeights() : view.tenancy().regularWeights();
        JsonNode weight = pool.path("spec").path("weight");
        String which = reserved ? "reserved" : "regular";
        if (!weight.isIntegralNumber()) {
            out.add(new Finding(Rule.POOL_WEIGHT_OUT_OF_BAND, "NodePool '" + name + "' has no weight; " + which + " pools take "
                    + band.min() + ".." + band.max()));
        } else if (!band.contains(weight.intValue())) {
            out.add(new Finding(Rule.POOL_WEIGHT_OUT_OF_BAND, "NodePool '" + name + "' has weight " + weight.intValue() + "; " + which
                    + " pools take " + band.min() + ".." + band.max()));
        }
    }
}
