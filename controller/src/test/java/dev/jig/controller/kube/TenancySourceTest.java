package dev.jig.controller.kube;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class TenancySourceTest {

    static final String TENANCY = """
            {"format": "jig.dev/v1alpha1", "cluster": "c", "tenancyKey": "jig.dev/tenant", "poolLabel": "jig.dev/pool", "labelAdmins": [],
             "weightBands": {"regular": {"min": 1, "max": 79}, "reserved": {"min": 80, "max": 100}},
             "tenants": {"alpha": {"isolation": "shared", "namespaces": ["default"], "quota": {"cpu": "8", "memory": "32Gi", "nvidia.com/gpu": "0"},
                                    "nodePools": ["default"]}},
             "namespaces": {"default": "alpha"}, "nodePools": {"default": "alpha"}}""";

    private final TenancySource source = new TenancySource();

    @Test
    void aConfigMapThatStopsParsingKeepsTheLastGoodTenancy() {
        assertThat(source.read(true, TENANCY)).hasValueSatisfying(t -> assertThat(t.tenants()).containsKey("alpha"));
        assertThat(source.read(true, "{not json")).hasValueSatisfying(t -> assertThat(t.tenants()).containsKey("alpha"));
        assertThat(source.read(true, null)).hasValueSatisfying(t -> assertThat(t.tenants()).containsKey("alpha"));
    }

    @Test
    void aDeletedConfigMapKeepsTheLastGoodTenancy() {
        source.read(true, TENANCY);
        assertThat(source.read(false, null)).hasValueSatisfying(t -> assertThat(t.tenants()).containsKey("alpha"));
    }

    @Test
    void anUnparseableConfigMapWithoutAnEarlierGoodOneMeansNoTenancy() {
        assertThat(source.read(true, "{not json")).isEmpty();
    }
}
