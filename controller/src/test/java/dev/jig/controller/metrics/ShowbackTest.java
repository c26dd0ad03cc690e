package dev.jig.controller.metrics;

import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.tenancy.Quota;
import dev.jig.api.tenancy.Tenancy;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.simulate.InMemoryCluster;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Showback from what the controller launched: $/h per tenant, pool and capacity type, and each tenant's quota held. */
class ShowbackTest {

    private final InMemoryCluster cluster = new InMemoryCluster();

    private void claim(String name, String pool, String capacityType, double price, long cpuMillis, boolean deleting) {
        NodeClaim.Status status = new NodeClaim.Status("sim:///us-east-1a/" + name, "m5.xlarge", "us-east-1a", capacityType, price,
                ResourceList.of(cpuMillis, 16_384), ResourceList.of(cpuMillis, 16_384), name, List.of());
        NodeClaim c = new NodeClaim(name, pool, "default", Map.of(), List.of(), ResourceList.ZERO, List.of(), List.of(), Instant.EPOCH, deleting, status);
        cluster.create(c);
    }

    @Test
    void tenantsCostAndQuotaUseComeFromTheLiveNodeClaims() {
        cluster.tenancy(Tenancy.of("c", "jig.dev/tenant", "jig.dev/pool", List.of(), new Tenancy.WeightBand(1, 79), new Tenancy.WeightBand(80, 100),
                List.of(new Tenancy.TenantEntry("alpha", false, List.of("alpha"), new Quota(16_000, Quota.UNLIMITED, 0), List.of("alpha-web")))));
        claim("n1", "alpha-web", "on-demand", 0.192, 4_000, false);
        claim("n2", "alpha-web", "spot", 0.07, 4_000, false);
        claim("n3", "alpha-web", "on-demand", 0.192, 4_000, true);
        claim("n4", "system", "on-demand", 0.096, 2_000, false);
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        Showback showback = new Showback(cluster, registry);
        showback.reconcile();
        assertThat(cost(registry, "alpha", "alpha-web", "on-demand")).isEqualTo(0.192);
        assertThat(cost(registry, "alpha", "alpha-web", "spot")).isEqualTo(0.07);
        assertThat(cost(registry, "", "system", "on-demand")).as("a pool no tenant owns: the platform's").isEqualTo(0.096);
        assertThat(quota(registry, "cpu")).as("8 of 16 CPUs: the deleting node no longer counts").isEqualTo(0.5);
        assertThat(registry.find("jig.tenant.quota.used.ratio").tag("resource", "memory").gauge()).as("an unbounded dimension has no ratio").isNull();

        cluster.delete(cluster.snapshot().nodeClaims().stream().filter(c -> c.name().equals("n2")).findFirst().orElseThrow());
        showback.reconcile();
        assertThat(registry.find("jig.tenant.cost.dollars.per.hour").tag("capacity_type", "spot").gauge()).as("its gauge goes with it").isNull();
        assertThat(quota(registry, "cpu")).isEqualTo(0.25);
    }

    private static double cost(SimpleMeterRegistry r, String tenant, String pool, String capacityType) {
        Gauge g = r.find("jig.tenant.cost.dollars.per.hour").tags("tenant", tenant, "pool", pool, "capacity_type", capacityType).gauge();
        assertThat(g).isNotNull();
        return g.value();
    }

    private static double quota(SimpleMeterRegistry r, String resource) {
        Gauge g = r.find("jig.tenant.quota.used.ratio").tags("tenant", "alpha", "resource", resource).gauge();
        assertThat(g).isNotNull();
        return g.value();
    }
}
