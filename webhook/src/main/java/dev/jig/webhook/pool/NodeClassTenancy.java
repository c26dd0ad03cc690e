package dev.jig.webhook.pool;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.api.diag.Rule;
import dev.jig.api.tenancy.Tenancy;
import dev.jig.webhook.admission.Finding;
import dev.jig.webhook.tenancy.TenancyView;
import java.util.List;
import java.util.Optional;

/**
 * An EC2NodeClass's tenant claims must be its owner's, as the tenancy ConfigMap lists it
 * ({@link Tenancy#ownerOfNodeClass}): the tenancy label on the class, and the tenancy tag it puts
 * on every instance, volume and network interface it launches ({@code spec.tags}, what cost
 * reports and tag-based IAM conditions read). A class compiled for a tenant carries both; a class
 * no tenant owns (shared, or not Jig's) claims no tenant. This is the other half of
 * {@link PoolNodeClass}: pools may use only their tenant's classes, and a class says truthfully whose
 * it is. A ConfigMap that does not say whose the classes are leaves the owner unknown, and the class
 * is refused.
 */
final class NodeClassTenancy {

    private NodeClassTenancy() {
    }

    static void check(String name, JsonNode nodeClass, TenancyView view, List<Finding> out) {
        String key = view.tenancyKey();
        Optional<String> owner = view.tenancy().ownerOfNodeClass(name);
        if (owner.isEmpty()) {
            out.add(new Finding(Rule.POOL_TENANT_MISMATCH, "/metadata/labels: the tenancy ConfigMap does not say whose EC2NodeClass '" + name
                    + "' is (it was compiled by an older jig); recompile the policies and apply the new ConfigMap"));
            return;
        }
        claim(name, "/metadata/labels", "label", nodeClass.path("metadata").path("labels").path(key), key, owner.get(), out);
        claim(name, "/spec/tags", "tag", nodeClass.path("spec").path("tags").path(key), key, owner.get(), out);
    }

    private static void claim(String name, String pointer, String what, JsonNode value, String key, String owner, List<Finding> out) {
        String claimed = value.isTextual() ? value.asText() : value.isMissingNode() || value.isNull() ? "" : value.toString();
        if (claimed.equals(owner)) return;
        String detail = owner.isEmpty()
                ? "EC2NodeClass '" + name + "' claims tenant '" + claimed + "' by its " + key + " " + what
                        + ", but the tenancy ConfigMap gives it to no tenant"
                : claimed.isEmpty()
                        ? "EC2NodeClass '" + name + "' of tenant '" + owner + "' lacks the " + what + " " + key + "=" + owner
                        : "EC2NodeClass '" + name + "' of tenant '" + owner + "' names tenant '" + claimed + "' by its " + key + " " + what;
        out.add(new Finding(Rule.POOL_TENANT_MISMATCH, pointer + ": " + detail));
    }
}
