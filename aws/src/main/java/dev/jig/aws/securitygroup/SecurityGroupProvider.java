package dev.jig.aws.securitygroup;

import dev.jig.api.karpenter.model.SelectorTerm;
import dev.jig.aws.cache.ExpiringCache;
import dev.jig.aws.sdk.Ec2;
import dev.jig.aws.sdk.SelectorFilters;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The security groups {@code securityGroupSelectorTerms} select by tags, id or name
 * (DescribeSecurityGroups, one call per term, results ORed), sorted by id; cached for a minute.
 */
public final class SecurityGroupProvider {

    private final Ec2 ec2;
    private static final Duration TTL = Duration.ofMinutes(1);
    private final ExpiringCache<List<SelectorTerm>, List<SecurityGroup>> cache;

    public SecurityGroupProvider(Ec2 ec2, Clock clock) {
        this.ec2 = ec2;
        this.cache = new ExpiringCache<>(clock);
    }

    public List<SecurityGroup> resolve(List<SelectorTerm> terms) {
        return cache.get(terms, TTL, this::describe);
    }

    private List<SecurityGroup> describe(List<SelectorTerm> terms) {
        Map<String, SecurityGroup> byId = new TreeMap<>();
        for (SelectorTerm term : terms) {
            var filters = SelectorFilters.of(term, "group-id", "group-name");
            if (filters.isEmpty()) continue;
            for (var g : ec2.describeSecurityGroups(filters)) {
                byId.put(g.groupId(), new SecurityGroup(g.groupId(), g.groupName()));
            }
        }
        return List.copyOf(byId.values());
    }
}
