package dev.jig.plan.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jig.api.karpenter.Requirement;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.tenancy.Quota;
import dev.jig.api.tenancy.Tenancy;
import dev.jig.controller.model.Pod;
import dev.jig.controller.model.Toleration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TenantSteeringTest {

    private static final String NODE_KEY = "node-restriction.kubernetes.io/jig-tenant";

    private static Tenancy tenancy() {
        Quota quota = new Quota(10_000, 10_240, 0);
        return Tenancy.of("c", "jig.dev/tenant", "jig.dev/pool", List.of(), new Tenancy.WeightBand(1, 50), new Tenancy.WeightBand(51, 100),
                List.of(new Tenancy.TenantEntry("a", true, List.of("a"), quota, List.of("a-web")),
                        new Tenancy.TenantEntry("b", false, List.of("b"), quota, List.of("b-web")))).withNodeTenancyKey(NODE_KEY);
    }

    @Test
    void aPodIsSteeredByTheTenancyBeingPlannedNotByTheOneItsSnapshotCarries() {
        Pod snapshot = Pod.of("b", "web-0", ResourceList.of(500, 512), Map.of()).with()
                .nodeSelector(NODE_KEY, "a").toleration(new Toleration("jig.dev/tenant", "Equal", "a", "NoSchedule")).build();
        Pod steered = new TenantSteering(tenancy()).steer(snapshot);
        assertThat(steered.nodeSelector()).containsExactly(Map.entry(NODE_KEY, "b"));
        assertThat(steered.tolerations()).isEmpty();
        Pod dedicated = new TenantSteering(tenancy()).steer(Pod.of("a", "api-0", ResourceList.of(500, 512), Map.of()));
        assertThat(dedicated.nodeSelector()).containsEntry(NODE_KEY, "a");
        assertThat(dedicated.tolerations()).containsExactly(new Toleration("jig.dev/tenant", "Equal", "a", "NoSchedule"));
    }

    @Test
    void aPodOfNoTenantIsKeptOffEveryTenantsNodes() {
        Pod steered = new TenantSteering(tenancy()).steer(Pod.of("legacy", "cron-0", ResourceList.of(100, 128), Map.of()));
        assertThat(steered.requiredTerms()).singleElement().satisfies(t -> assertThat(t.matchExpressions())
                .extracting(Requirement::key, Requirement::operator).contains(org.assertj.core.groups.Tuple.tuple(NODE_KEY, Requirement.Operator.DoesNotExist)));
        assertThat(List.copyOf(steered.nodeSelector().keySet())).doesNotContain(NODE_KEY);
    }
}
