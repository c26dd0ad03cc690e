package dev.jig.aws.subnet;

import dev.jig.api.karpenter.model.SelectorTerm;
import dev.jig.aws.cache.ExpiringCache;
import dev.jig.aws.sdk.Ec2;
import dev.jig.aws.sdk.SelectorFilters;
import java.time.Clock;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The subnets {@code subnetSelectorTerms} select (DescribeSubnets, one call per term, results ORed),
 * sorted by id; cached for a minute per list of terms.
 */
public final class SubnetProvider {

    private final Ec2 ec2;
    private static final Duration TTL = Duration.ofMinutes(1);
    private final ExpiringCache<List<SelectorTerm>, List<Subnet>> cache;

    public SubnetProvider(Ec2 ec2, Clock clock) {
        this.ec2 = ec2;
        this.cache = new ExpiringCache<>(clock);
    }

    public List<Subnet> resolve(List<SelectorTerm> terms) {
        return cache.get(terms, TTL, this::describe);
    }

    private List<Subnet> describe(List<SelectorTerm> terms) {
        Map<String, Subnet> byId = new TreeMap<>();
        for (SelectorTerm term : terms) {
            var filters = SelectorFilters.of(term, "subnet-id", null);
            if (filters.isEmpty()) continue;
            for (var s : ec2.describeSubnets(filters)) {
                byId.put(s.subnetId(), new Subnet(s.subnetId(), s.availabilityZone(), s.availabilityZoneId(),
                        s.availableIpAddressCount() == null ? 0 : s.availableIpAddressCount()));
            }
        }
        return byId.values().stream().sorted(Comparator.comparing(Subnet::id)).toList();
    }
}
