package dev.jig.compiler.policy;

import java.util.List;
import java.util.Set;

/**
 * Everything one repository state says: the platform and its tenants, sorted by name.
 * {@code brokenTenants} names tenants whose files did not load (their errors are reported
 * already), so cross-file checks do not also call them missing.
 */
public record PolicySet(Platform platform, List<Tenant> tenants, Set<String> brokenTenants) {

    public PolicySet {
        tenants = List.copyOf(tenants);
        brokenTenants = Set.copyOf(brokenTenants);
    }
}
