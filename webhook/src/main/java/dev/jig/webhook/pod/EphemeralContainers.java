package dev.jig.webhook.pod;

import dev.jig.api.diag.Rule;
import dev.jig.webhook.admission.AdmissionInput;
import dev.jig.webhook.admission.Decision;
import dev.jig.webhook.admission.Finding;
import dev.jig.webhook.tenancy.TenancyView;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code pods/ephemeralcontainers} UPDATEs, the {@code kubectl debug} path into a running pod.
 * They get the pod UPDATE checks (the object is the whole Pod, so anything added to it is judged
 * as in a plain UPDATE), and an ephemeral container may not be added to a pod that runs on
 * another tenant's node: a debug shell there is a foothold on that tenant's machine. A node the view
 * does not know is refused as {@link NodeBinding} refuses it ({@code JIG0513}): it may turn out to be a
 * dedicated tenant's, and the webhook fails closed on what it cannot judge.
 */
public final class EphemeralContainers {

    private EphemeralContainers() {
    }

    public static Decision validate(AdmissionInput in, TenancyView view) {
        List<Finding> out = new ArrayList<>(PodIsolation.validate(in, view).denials());
        String node = in.object().path("spec").path("nodeName").asText("");
        String own = view.tenantOfNamespace(in.namespace()).map(t -> t.name()).orElse(null);
        Optional<String> known = view.tenantOfNode(node);
        if (!node.isEmpty() && known.isEmpty()) {
            out.add(new Finding(Rule.POD_FOREIGN_NODE, "pod " + in.namespace() + "/" + in.name() + " runs on node '" + node
                    + "', which is not a known node, so whose it is cannot be judged; retry once the webhook has seen the node"));
            return Decision.deny(out);
        }
        String nodeTenant = known.orElse("");
        if (!node.isEmpty() && !nodeTenant.isEmpty() && !nodeTenant.equals(own)) {
            out.add(new Finding(Rule.POD_EPHEMERAL_ON_FOREIGN_NODE, "pod " + in.namespace() + "/" + in.name()
                    + " runs on node '" + node + "' of tenant '" + nodeTenant + "'"));
        }
        return Decision.deny(out);
    }
}
