package dev.jig.compiler.check;

import dev.jig.api.diag.Diagnostic;
import dev.jig.api.diag.NearestName;
import dev.jig.api.diag.Rule;
import dev.jig.api.ec2.Regions;
import dev.jig.compiler.generate.PolicyFacts;
import dev.jig.compiler.policy.Platform;
import java.util.ArrayList;
import java.util.List;

/**
 * JIG0231: the cluster's region is an AWS region ("did you mean" for a typo). JIG0232: each of its
 * zones belongs to that region; a zone of another region would leave every pool that uses it
 * without a subnet. Pools' zones are checked against these (JIG0221).
 */
final class ClusterCheck implements PolicyCheck {

    @Override
    public List<Diagnostic> check(PolicyFacts facts) {
        Platform platform = facts.platform();
        Platform.Cluster cluster = platform.cluster();
        List<Diagnostic> out = new ArrayList<>();
        String region = cluster.region();
        boolean known = region != null && Regions.isKnown(region);
        if (region != null && !known) {
            String near = NearestName.of(region, Regions.KNOWN).map(n -> " (did you mean '" + n + "'?)").orElse("");
            out.add(Diagnostic.of(Rule.UNKNOWN_REGION, platform.origin().at("spec/cluster/region"),
                    "region '" + region + "' is not an AWS region" + near));
        }
        for (int i = 0; i < cluster.zones().size(); i++) {
            String zone = cluster.zones().get(i);
            if (region == null || Regions.zoneOf(zone, region)) continue;
            String belongs = Regions.regionOfZone(zone).map(r -> ", it is in " + r).orElse("");
            out.add(Diagnostic.of(Rule.ZONE_OUTSIDE_REGION, platform.origin().at("spec/cluster/zones/" + i),
                    "zone '" + zone + "' is not in the cluster's region " + region + belongs
                            + (known ? "; " + region + "'s zones are named " + region + "a, " + region + "b, ..." : "")));
        }
        return out;
    }
}
