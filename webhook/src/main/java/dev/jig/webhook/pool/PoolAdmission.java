package dev.jig.webhook.pool;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.api.diag.Rule;
import dev.jig.api.karpenter.Annotations;
import dev.jig.api.karpenter.rules.KarpenterRules;
import dev.jig.api.karpenter.rules.Violation;
import dev.jig.api.tenancy.Provenance;
import dev.jig.webhook.admission.AdmissionInput;
import dev.jig.webhook.admission.Decision;
import dev.jig.webhook.admission.Finding;
import dev.jig.webhook.admission.Operation;
import dev.jig.webhook.admission.WebhookSettings;
import dev.jig.webhook.tenancy.TenancyView;
import java.util.ArrayList;
import java.util.List;

/**
 * Validates NodePools and EC2NodeClasses on CREATE and UPDATE:
 * <ol>
 *   <li>the compiler's Karpenter v1.14.1 rules ({@link KarpenterRules#validate},
 *       {@link KarpenterRules#validateUpdate} for transitions), so the cluster refuses what
 *       {@code jig lint} refuses;</li>
 *   <li>provenance: {@code jig.dev/content-hash} must equal {@link Provenance#contentHash} of the
 *       admitted object, so a pool created or edited by hand is refused; and, since that hash is
 *       unkeyed and anyone can recompute it, the request must come from a label admin (the GitOps
 *       principal, {@code Tenancy.labelAdmins()}) — unless the name is on the break-glass list,
 *       which admits it with an audit note (entries name the kind, so one meant for
 *       NodePool {@code x} never admits EC2NodeClass {@code x});</li>
 *   <li>for NodePools, tenancy ({@link PoolTenancy}), the node class ({@link PoolNodeClass}), limits
 *       and quota ({@link PoolQuota}) and the weight band ({@link PoolWeight}); for EC2NodeClasses,
 *       the tenant they claim ({@link NodeClassTenancy}).</li>
 * </ol>
 * An UPDATE that leaves the object's content hash and Jig's own labels and annotations unchanged
 * (Karpenter's status and finalizer updates, finalizer removal during deletion, owner references,
 * managedFields, other tools' annotations) is always admitted, whoever makes it, so a pool admitted
 * earlier never gets stuck ({@link PoolUpdate}); the tenancy label and the provenance annotations
 * are outside the hash but say whose a pool is and where it came from, so changing them is judged
 * in full.
 */
public final class PoolAdmission {

    public static final String NODE_POOL = "NodePool";

    private PoolAdmission() {
    }

    public static Decision validate(AdmissionInput in, TenancyView view, WebhookSettings settings) {
        if (in.operation() != Operation.CREATE && in.operation() != Operation.UPDATE) return Decision.allow();
        if (PoolUpdate.onlyForeignMetadataChanged(in, view.tenancyKey())) return Decision.allow();
        JsonNode object = in.object();
        String hash = Provenance.contentHash(object);
        List<Finding> denials = new ArrayList<>();
        List<Violation> violations = in.operation() == Operation.UPDATE
                ? KarpenterRules.validateUpdate(in.oldObject(), object) : KarpenterRules.validate(object);
        for (Violation v : violations) {
            denials.add(new Finding(v.rule(), (v.pointer().isEmpty() ? "/" : v.pointer()) + ": " + v.message()));
        }
        List<Finding> notes = new ArrayList<>();
        String name = object.path("metadata").path("name").asText("");
        String kind = object.path("kind").asText("");
        if (settings.isBreakGlass(kind, name)) {
            notes.add(new Finding(Rule.POOL_BREAK_GLASS, kind + " '" + name + "' admitted without provenance by the break-glass list"));
        } else {
            if (!in.user().isAnyOf(view.tenancy().labelAdmins())) {
                denials.add(new Finding(Rule.POOL_NOT_COMPILED, "user '" + in.user().username() + "' "
                        + (in.operation() == Operation.CREATE ? "creates " : "changes the content of ") + kind + " '" + name
                        + "'; only the GitOps principal (the tenancy ConfigMap's labelAdmins) applies compiled pools"));
            }
            String stamped = object.path("metadata").path("annotations").path(Annotations.CONTENT_HASH).asText("");
            if (stamped.isEmpty()) {
                denials.add(new Finding(Rule.POOL_NOT_COMPILED, kind + " '" + name + "' has no " + Annotations.CONTENT_HASH + " annotation"));
            } else if (!stamped.equals(hash)) {
                denials.add(new Finding(Rule.POOL_NOT_COMPILED, kind + " '" + name + "' was edited after compilation: its content hash is "
                        + hash + ", the annotation says " + stamped));
            }
        }
        if (NODE_POOL.equals(kind)) {
            String owner = PoolTenancy.check(name, object, view, denials);
            PoolNodeClass.check(name, object, owner, view, denials);
            PoolQuota.check(name, object, owner, view, denials);
            PoolWeight.check(name, object, view, denials);
        } else if (PoolNodeClass.KIND.equals(kind)) {
            NodeClassTenancy.check(name, object, view, denials);
        }
        return Decision.of(denials, notes);
    }
}
