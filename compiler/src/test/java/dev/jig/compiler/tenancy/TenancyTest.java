package dev.jig.api.tenancy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jig.compiler.testing.PolicyFixture;
import org.junit.jupiter.api.Test;

class TenancyTest {

    private static String compiledTenancyJson() {
        return PolicyFixture.valid().compile().objects().stream().filter(o -> o.kind().equals("ConfigMap")).findFirst().orElseThrow()
                .body().path("data").path(Tenancy.DATA_KEY).asText();
    }

    @Test
    void theCompiledConfigMapParsesBackIntoTheSameView() {
        String json = compiledTenancyJson();
        Tenancy t = Tenancy.parse(json);
        assertThat(t.toJson()).isEqualTo(json);
        assertThat(t.tenancyKey()).isEqualTo("jig.dev/tenant");
        assertThat(t.tenantOfNamespace("alpha-jobs")).map(Tenancy.TenantEntry::name).contains("alpha");
        assertThat(t.tenantOfNodePool("alpha-reserved-graviton")).map(Tenancy.TenantEntry::name).contains("alpha");
        assertThat(t.tenantOfNamespace("kube-system")).isEmpty();
        Tenancy.TenantEntry alpha = t.tenants().get("alpha");
        assertThat(alpha.dedicated()).isTrue();
        assertThat(alpha.quota()).isEqualTo(new Quota(200_000, 800 * 1024, 4));
        assertThat(t.tenants().get("beta").dedicated()).isFalse();
        assertThat(t.reservedWeights().contains(90)).isTrue();
        assertThat(t.regularWeights().contains(90)).isFalse();
    }

    @Test
    void malformedDocumentsAreRejectedWithAReason() {
        assertThatThrownBy(() -> Tenancy.parse("{")).hasMessageContaining("not JSON");
        assertThatThrownBy(() -> Tenancy.parse("[]")).hasMessageContaining("not a JSON object");
        assertThatThrownBy(() -> Tenancy.parse("{\"format\":\"jig.dev/v2\"}")).hasMessageContaining("is not jig.dev/v1alpha1");
        assertThatThrownBy(() -> Tenancy.parse(compiledTenancyJson().replace("\"dedicated\"", "\"private\"")))
                .hasMessageContaining("neither dedicated nor shared");
        assertThatThrownBy(() -> Tenancy.parse(compiledTenancyJson().replace("\"cpu\" : \"200\"", "\"cpu\" : \"lots\"")))
                .hasMessageContaining("not a quantity");
    }
}
