package dev.jig.api.tenancy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jig.compiler.testing.PolicyFixture;
import java.util.List;
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
    void theConfigMapSaysWhichPoolsAreReservedAndWhoseNodeClassesAreWhoseNotTheNames() {
        var compiled = PolicyFixture.valid().edit("tenants/beta.yaml", "  pools:\n    - name: batch\n",
                "  pools:\n    - name: reserved-batch\n").compile();
        assertThat(compiled.hasErrors()).as(compiled.diagnostics().toString()).isFalse();
        Tenancy t = Tenancy.parse(compiled.objects().stream().filter(o -> o.kind().equals("ConfigMap")).findFirst().orElseThrow()
                .body().path("data").path(Tenancy.DATA_KEY).asText());
        assertThat(t.tenants().get("alpha").reservedNodePools()).contains(List.of("alpha-reserved-graviton"));
        assertThat(t.isReservedPool("alpha-reserved-graviton")).contains(true);
        assertThat(t.isReservedPool("beta-reserved-batch")).contains(false);
        for (var o : compiled.objects()) {
            if (!o.kind().equals("NodePool")) continue;
            String tenant = t.tenantOfNodePool(o.name()).orElseThrow().name();
            assertThat(t.mayUseNodeClass(tenant, o.body().at("/spec/template/spec/nodeClassRef/name").asText())).as(o.name()).contains(true);
        }
        for (var o : compiled.objects()) {
            if (!o.kind().equals("EC2NodeClass")) continue;
            String owner = o.body().at("/metadata/labels").path("jig.dev/tenant").asText();
            assertThat(t.tenants().get(owner).nodeClasses().orElseThrow()).as(o.name()).contains(o.name());
            t.tenants().keySet().stream().filter(other -> !other.equals(owner))
                    .forEach(other -> assertThat(t.mayUseNodeClass(other, o.name())).as(other + " " + o.name()).contains(false));
        }
        assertThat(t.sharedNodeClasses()).isEmpty();
    }

    @Test
    void malformedDocumentsAreRejectedWithAReason() {
        assertThatThrownBy(() -> Tenancy.parse("{")).hasMessageContaining("not JSON");
        assertThatThrownBy(() -> Tenancy.parse("[]")).hasMessageContaining("not a JSON object");
        assertThatThrownBy(() -> Tenancy.parse("{\"format\":\"jig.dev/v2\"}")).hasMessageContaining("is not jig.dev/v1alpha1")
                .as("a tenancy from another release says which versions to upgrade together")
                .hasMessageContaining("jig " + dev.jig.api.Version.current()).hasMessageContaining("Upgrade the webhook and the controller together");
        assertThatThrownBy(() -> Tenancy.parse("{\"format\":\"v1\"}")).hasMessage("tenancy format 'v1' is not jig.dev/v1alpha1");
        assertThatThrownBy(() -> Tenancy.parse(compiledTenancyJson().replace("\"dedicated\"", "\"private\"")))
                .hasMessageContaining("neither dedicated nor shared");
        assertThatThrownBy(() -> Tenancy.parse(compiledTenancyJson().replace("\"cpu\" : \"200\"", "\"cpu\" : \"lots\"")))
                .hasMessageContaining("not a quantity");
    }
}
