package dev.jig.api.tenancy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jig.api.karpenter.WellKnownLabels;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TenancyNodeKeyTest {

    private static Tenancy legacy() {
        return Tenancy.of("c", WellKnownLabels.JIG_TENANT, WellKnownLabels.JIG_POOL, List.of(), new Tenancy.WeightBand(1, 79),
                new Tenancy.WeightBand(80, 100), List.of());
    }

    @Test
    void aConfigMapWithoutANodeKeyReadsNodesByTheLegacyTenancyLabel() {
        Tenancy t = Tenancy.parse(legacy().toJson());
        assertThat(t.nodeTenancyKey()).isEmpty();
        assertThat(t.nodeKey()).isEqualTo(WellKnownLabels.JIG_TENANT);
        assertThat(t.nodeKeys()).containsExactly(WellKnownLabels.JIG_TENANT);
        assertThat(t.tenantOfNodeLabels(Map.of(WellKnownLabels.JIG_TENANT, "payments"))).isEqualTo("payments");
    }

    @Test
    void theNodeKeyRoundTripsAndWinsOverTheLegacyLabel() {
        Tenancy t = Tenancy.parse(legacy().withNodeTenancyKey(WellKnownLabels.NODE_TENANT).toJson());
        assertThat(t.nodeKey()).isEqualTo(WellKnownLabels.NODE_TENANT);
        assertThat(t.nodeKeys()).containsExactly(WellKnownLabels.NODE_TENANT, WellKnownLabels.JIG_TENANT);
        assertThat(t.tenantOfNodeLabels(Map.of(WellKnownLabels.NODE_TENANT, "payments", WellKnownLabels.JIG_TENANT, "storefront")))
                .isEqualTo("payments");
        assertThat(t.tenantOfNodeLabels(Map.of(WellKnownLabels.JIG_TENANT, "storefront"))).as("a node launched before the upgrade")
                .isEqualTo("storefront");
        assertThat(t.tenantOfNodeLabels(Map.of(WellKnownLabels.NODE_TENANT, "", WellKnownLabels.JIG_TENANT, "storefront")))
                .as("an empty node label names no tenant, and hides the legacy one").isEmpty();
        assertThat(t.tenantOfNodeLabels(Map.of())).isEmpty();
    }

    @Test
    void aNodeKeyOutsideTheNodeRestrictionDomainIsRefused() {
        String json = legacy().toJson().replace("\"tenancyKey\"", "\"nodeTenancyKey\" : \"jig.dev/node-tenant\",\n  \"tenancyKey\"");
        assertThatThrownBy(() -> Tenancy.parse(json)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("nodeTenancyKey");
    }
}
