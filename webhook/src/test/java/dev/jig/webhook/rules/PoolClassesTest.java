package dev.jig.webhook.rules;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.diag.Rule;
import dev.jig.api.tenancy.Tenancy;
import dev.jig.webhook.admission.Decision;
import dev.jig.webhook.admission.Operation;
import dev.jig.webhook.admission.WebhookSettings;
import dev.jig.webhook.testing.Catalogue.Case;
import dev.jig.webhook.testing.PoolClasses;
import dev.jig.webhook.testing.PoolWorld;
import dev.jig.webhook.testing.Requests;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The NodePool and EC2NodeClass review classes in the pure core, and the tenancy documents they depend on. */
class PoolClassesTest {

    private static final WebhookRules RULES = new WebhookRules(WebhookSettings.defaults());

    static Stream<Case> cases() {
        return Stream.of(PoolClasses.weightBands(), PoolClasses.metadataUpdates(), PoolClasses.isolationPlacement(), PoolClasses.nodeClasses(),
                PoolClasses.nodeClassClaims()).flatMap(List::stream);
    }

    @Test
    void everyClassHasAtLeastFiveCases() {
        for (List<?> table : List.of(PoolClasses.weightBands(), PoolClasses.metadataUpdates(), PoolClasses.metadataMutations(),
                PoolClasses.isolationPlacement(), PoolClasses.nodeClasses(), PoolClasses.nodeClassClaims())) {
            assertThat(table).hasSizeGreaterThanOrEqualTo(5);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void theCoreDecidesEachCaseAsTheServerDoes(Case c) {
        Decision d = RULES.validate(c.input(), Optional.of(PoolWorld.view(PoolWorld.tenancy())));
        if (c.expected() == null) {
            assertThat(d.allowed()).as(c.name() + ": " + d.message()).isTrue();
        } else {
            assertThat(d.allowed()).as(c.name()).isFalse();
            assertThat(d.ruleIds()).as(d.message()).contains(c.expected().id());
        }
    }

    /** The tenancy as a compiler from before reserved pools and node classes were published wrote it. */
    private static Tenancy older() {
        Tenancy t = PoolWorld.tenancy();
        return Tenancy.of(t.cluster(), t.tenancyKey(), t.poolLabel(), t.labelAdmins(), t.regularWeights(), t.reservedWeights(),
                t.tenants().values().stream().map(e -> new Tenancy.TenantEntry(e.name(), e.dedicated(), e.namespaces(), e.quota(), e.nodePools()))
                        .toList());
    }

    @Test
    void aTenancyThatDoesNotSayWhichPoolsAreReservedOrWhoseClassesAreWhoseFailsClosed() {
        // ... while metadata-only updates, which judge nothing, still pass: deletions never hang on an old ConfigMap
        ObjectNode stored = PoolWorld.nodeClass("alpha-al2023");
        ObjectNode finalized = stored.deepCopy();
        ((ObjectNode) finalized.get("metadata")).putArray("finalizers").add("karpenter.k8s.aws/termination");
        assertThat(RULES.validate(Requests.pool(Operation.UPDATE, finalized, stored, Requests.KARPENTER),
                Optional.of(PoolWorld.view(Tenancy.parse(older().toJson())))).allowed()).isTrue();
        Tenancy older = Tenancy.parse(older().toJson());
        for (ObjectNode pool : PoolWorld.objects("NodePool")) {
            Decision d = RULES.validate(Requests.pool(Operation.CREATE, pool, null), Optional.of(PoolWorld.view(older)));
            assertThat(d.allowed()).as(pool.path("metadata").path("name").asText()).isFalse();
            assertThat(d.ruleIds()).contains(Rule.POOL_WEIGHT_OUT_OF_BAND.id(), Rule.POOL_FOREIGN_NODE_CLASS.id());
            assertThat(d.message()).contains("compiled by an older jig");
        }
        for (ObjectNode nodeClass : PoolWorld.objects("EC2NodeClass")) {
            Decision d = RULES.validate(Requests.pool(Operation.CREATE, nodeClass, null), Optional.of(PoolWorld.view(older)));
            assertThat(d.ruleIds()).containsExactly(Rule.POOL_TENANT_MISMATCH.id());
            assertThat(d.message()).contains("compiled by an older jig");
        }
    }

    @Test
    void aNodeClassThePlatformSharesServesEveryTenantAndNoOtherTenantsClassDoes() {
        Tenancy shared = Tenancy.parse(PoolWorld.tenancy().withSharedNodeClasses(List.of("platform-default")).toJson());
        Decision onShared = RULES.validate(Requests.pool(Operation.CREATE,
                PoolClasses.referencing("beta-api", "karpenter.k8s.aws", "EC2NodeClass", "platform-default"), null), Optional.of(PoolWorld.view(shared)));
        assertThat(onShared.allowed()).as(onShared.message()).isTrue();
        Decision onForeign = RULES.validate(Requests.pool(Operation.CREATE,
                PoolClasses.referencing("beta-api", "karpenter.k8s.aws", "EC2NodeClass", "alpha-al2023"), null), Optional.of(PoolWorld.view(shared)));
        assertThat(onForeign.ruleIds()).containsExactly(Rule.POOL_FOREIGN_NODE_CLASS.id());
    }
}
