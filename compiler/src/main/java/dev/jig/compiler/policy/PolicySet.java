package dev.jig.compiler.policy;

import java.util.List;

/** Everything one repository state says: the platform and its tenants, sorted by name. */
public record PolicySet(Platform platform, List<Tenant> tenants) {
}
