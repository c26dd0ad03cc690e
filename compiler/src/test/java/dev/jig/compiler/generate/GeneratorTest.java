package dev.jig.compiler.generate;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.compiler.pipeline.Compiler;
import dev.jig.compiler.testing.PolicyFixture;
import java.util.List;
import org.junit.jupiter.api.Test;

class GeneratorTest {

    private static final Compiler.Result RESULT = PolicyFixture.valid().compile();

    private static JsonNode object(String kind, String name) {
        return RESULT.objects().stream().filter(o -> o.kind().equals(kind) && o.name().equals(name)).findFirst().orElseThrow().body();
    }

    @Test
    void dedicatedTenantsGetTheirTaintAndLabelSharedTenantsOnlyTheLabel() {
        JsonNode web = object("NodePool", "alpha-web").path("spec").path("template");
        assertThat(web.path("metadata").path("labels").path("jig.dev/tenant").asText()).isEqualTo("alpha");
        assertThat(web.path("spec").path("taints").get(0).toString()).isEqualTo("{\"key\":\"jig.dev/tenant\",\"value\":\"alpha\",\"effect\":\"NoSchedule\"}");
        JsonNode batch = object("NodePool", "beta-batch").path("spec").path("template");
        assertThat(batch.path("metadata").path("labels").path("jig.dev/tenant").asText()).isEqualTo("beta");
        assertThat(batch.path("spec").has("taints")).isFalse();
    }

    @Test
    void reservedPoolsOutweighRegularPoolsAndBuyOnDemandOfTheReservedFamilies() {
        JsonNode reserved = object("NodePool", "alpha-reserved-graviton").path("spec");
        assertThat(reserved.path("weight").asInt()).isEqualTo(Generator.RESERVED_WEIGHT);
        assertThat(object("NodePool", "alpha-web").path("spec").path("weight").asInt()).isEqualTo(Generator.DEFAULT_WEIGHT);
        assertThat(reserved.path("template").path("spec").path("requirements").toString())
                .contains("{\"key\":\"karpenter.sh/capacity-type\",\"operator\":\"In\",\"values\":[\"on-demand\"]}")
                .contains("{\"key\":\"karpenter.k8s.aws/instance-family\",\"operator\":\"In\",\"values\":[\"m7g\"]}")
                .contains("{\"key\":\"kubernetes.io/arch\",\"operator\":\"In\",\"values\":[\"arm64\"]}");
        assertThat(reserved.path("limits").toString()).isEqualTo("{\"cpu\":32,\"memory\":\"128Gi\",\"nvidia.com/gpu\":0}");
    }

    @Test
    void aTenantThatDoesNotRunTheReservedArchitectureGetsNoReservedPoolAndKeepsItsQuota() {
        Compiler.Result r = PolicyFixture.valid().edit("tenants/alpha.yaml", "architectures: [amd64, arm64]", "architectures: [amd64]").compile();
        assertThat(r.objects()).extracting(GeneratedObject::name).doesNotContain("alpha-reserved-graviton");
        assertThat(r.objects().stream().filter(o -> o.name().equals("alpha-web")).findFirst().orElseThrow()
                .body().path("spec").path("limits").path("cpu").asInt()).isEqualTo(100); // 50% of 200, nothing reserved
    }

    @Test
    void nonGpuPoolsNeverReachGpuCategoriesAndGpuPoolsOnlyThem() {
        String web = object("NodePool", "alpha-web").path("spec").path("template").path("spec").path("requirements").toString();
        assertThat(web).contains("{\"key\":\"karpenter.k8s.aws/instance-category\",\"operator\":\"In\",\"values\":[\"c\",\"m\"]}");
        String gpu = object("NodePool", "alpha-gpu").path("spec").path("template").path("spec").path("requirements").toString();
        assertThat(gpu).contains("{\"key\":\"karpenter.k8s.aws/instance-category\",\"operator\":\"In\",\"values\":[\"g\"]}")
                .contains("instance-gpu-name\",\"operator\":\"In\",\"values\":[\"l4\"]")
                .contains("instance-gpu-count\",\"operator\":\"Lt\",\"values\":[\"9\"]");
        assertThat(object("NodePool", "alpha-gpu").path("spec").path("limits").path("nvidia.com/gpu").asInt()).isEqualTo(4);
    }

    @Test
    void freezesBecomeZeroNodeBudgetsInUtc() {
        JsonNode budgets = object("NodePool", "beta-batch").path("spec").path("disruption").path("budgets");
        List<String> schedules = budgets.findValuesAsText("schedule");
        // Europe/Berlin 09:00 on weekdays: 08:00 UTC in winter, 07:00 UTC in summer
        assertThat(schedules).contains("0 8 * 1,2,11,12 1-5", "0 7 * 4-9 1-5", "0 7 * 3,10 1-5");
        assertThat(budgets.get(0).toString()).isEqualTo("{\"nodes\":\"10%\"}");
    }

    @Test
    void nodeClassesRequireImdsV2EncryptRootAndTagTheTenant() {
        JsonNode nc = object("EC2NodeClass", "alpha-al2023").path("spec");
        assertThat(nc.path("metadataOptions").path("httpTokens").asText()).isEqualTo("required");
        assertThat(nc.path("blockDeviceMappings").get(0).path("ebs").path("encrypted").asBoolean()).isTrue();
        assertThat(nc.path("tags").toString()).contains("\"jig.dev/tenant\":\"alpha\"", "\"jig.dev/cost-center\":\"CC-1\"", "\"jig.dev/cluster\":\"test\"");
        assertThat(nc.path("amiSelectorTerms").toString()).isEqualTo("[{\"alias\":\"al2023@latest\"}]");
        assertThat(nc.path("subnetSelectorTerms").toString()).isEqualTo("[{\"tags\":{\"karpenter.sh/discovery\":\"test\"}}]");
    }

    @Test
    void aPoolsConsolidationInheritsTheFieldsItLeavesOut() {
        Compiler.Result r = PolicyFixture.valid()
                .edit("platform.yaml", "  defaults:\n", "  defaults:\n    consolidation: {after: 7m}\n")
                .edit("tenants/beta.yaml", "      categories: [c, m, r]\n", "      categories: [c, m, r]\n      disruption: {consolidation: {policy: WhenEmpty}}\n")
                .compile();
        assertThat(r.diagnostics()).isEmpty();
        JsonNode d = r.objects().stream().filter(o -> o.name().equals("beta-batch")).findFirst().orElseThrow().body().path("spec").path("disruption");
        assertThat(d.path("consolidationPolicy").asText()).isEqualTo("WhenEmpty");
        assertThat(d.path("consolidateAfter").asText()).isEqualTo("7m");
        JsonNode web = r.objects().stream().filter(o -> o.name().equals("alpha-web")).findFirst().orElseThrow().body().path("spec").path("disruption");
        assertThat(web.path("consolidationPolicy").asText()).isEqualTo("WhenEmptyOrUnderutilized");
        assertThat(web.path("consolidateAfter").asText()).isEqualTo("7m");
    }

    @Test
    void everyObjectCarriesProvenance() {
        for (GeneratedObject o : RESULT.objects()) {
            JsonNode a = o.body().path("metadata").path("annotations");
            assertThat(a.path("jig.dev/source").asText()).isNotEmpty();
            assertThat(a.path("jig.dev/content-hash").asText()).startsWith("sha256:").hasSize(71);
            assertThat(a.path("jig.dev/revision").asText()).isEqualTo("0123456789abcdef0123456789abcdef01234567");
        }
    }

    @Test
    void theTenancyConfigMapMapsNamespacesAndPoolsToTenants() {
        String json = object("ConfigMap", "jig-tenancy").path("data").path("tenancy.json").asText();
        assertThat(json).contains("\"alpha-jobs\" : \"alpha\"", "\"alpha-reserved-graviton\" : \"alpha\"", "\"beta-batch\" : \"beta\"",
                "\"tenancyKey\" : \"jig.dev/tenant\"", "\"isolation\" : \"dedicated\"");
    }
}
