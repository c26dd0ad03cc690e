package dev.jig.api.tenancy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jig.api.karpenter.WellKnownLabels;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Reserved pools and node classes in the tenancy document: compiled data, parsed back, and unknown (never guessed) when absent. */
class TenancyPoolDataTest {

    private static Tenancy.TenantEntry alpha(Optional<List<String>> reserved, Optional<List<String>> classes) {
        return new Tenancy.TenantEntry("alpha", true, List.of("alpha"), new Quota(1000, 1024, 0),
                List.of("alpha-reserved-graviton", "alpha-reserved-spot"), reserved, classes);
    }

    private static Tenancy.TenantEntry beta() {
        return new Tenancy.TenantEntry("beta", false, List.of("beta"), new Quota(1000, 1024, 0), List.of("beta-api"),
                Optional.of(List.of()), Optional.of(List.of("beta-al2023")));
    }

    private static Tenancy tenancy(Tenancy.TenantEntry... tenants) {
        return Tenancy.of("c", WellKnownLabels.JIG_TENANT, WellKnownLabels.JIG_POOL, List.of(), new Tenancy.WeightBand(1, 79),
                new Tenancy.WeightBand(80, 100), List.of(tenants));
    }

    private static final Tenancy COMPILED = tenancy(alpha(Optional.of(List.of("alpha-reserved-graviton")), Optional.of(List.of("alpha-al2023"))), beta())
            .withSharedNodeClasses(List.of("platform-shared"));

    @Test
    void theReservedBandIsWhatTheDocumentListsNotWhatTheNameSays() {
        Tenancy t = Tenancy.parse(COMPILED.toJson());
        assertThat(t.toJson()).isEqualTo(COMPILED.toJson());
        assertThat(t.isReservedPool("alpha-reserved-graviton")).contains(true);
        assertThat(t.isReservedPool("alpha-reserved-spot")).contains(false);
        assertThat(t.isReservedPool("beta-api")).contains(false);
        assertThat(t.isReservedPool("beta-reserved-unlisted")).contains(false);
    }

    @Test
    void aPoolMayUseItsTenantsClassesAndSharedOnesAndAnUnlistedPoolNoTenantsClass() {
        Tenancy t = Tenancy.parse(COMPILED.toJson());
        assertThat(t.mayUseNodeClass("alpha", "alpha-al2023")).contains(true);
        assertThat(t.mayUseNodeClass("alpha", "beta-al2023")).contains(false);
        assertThat(t.mayUseNodeClass("alpha", "platform-shared")).contains(true);
        assertThat(t.mayUseNodeClass("alpha", "platform-other")).contains(false);
        assertThat(t.mayUseNodeClass("nobody", "alpha-al2023")).contains(false);
        assertThat(t.mayUseNodeClass(null, "alpha-al2023")).contains(false);
        assertThat(t.mayUseNodeClass(null, "platform-other")).contains(true);
        assertThat(t.sharedNodeClasses()).containsExactly("platform-shared");
    }

    @Test
    void aDocumentWrittenBeforeThePoolDataParsesAndLeavesTheAnswersUnknown() {
        Tenancy old = Tenancy.parse(tenancy(alpha(Optional.empty(), Optional.empty()), beta()).toJson()
                .replace("\"sharedNodeClasses\" : [ ],", ""));
        assertThat(old.isReservedPool("alpha-reserved-graviton")).isEmpty();
        assertThat(old.isReservedPool("alpha-reserved-spot")).isEmpty();
        assertThat(old.isReservedPool("beta-api")).contains(false);
        assertThat(old.mayUseNodeClass("alpha", "alpha-al2023")).isEmpty();
        assertThat(old.mayUseNodeClass("beta", "beta-al2023")).contains(true);
        assertThat(old.mayUseNodeClass(null, "platform-other")).isEmpty();
        assertThat(old.sharedNodeClasses()).isEmpty();
    }

    @Test
    void inconsistentPoolDataIsRefusedWithAReason() {
        assertThatThrownBy(() -> alpha(Optional.of(List.of("alpha-elsewhere")), Optional.empty()))
                .hasMessageContaining("reserved NodePool 'alpha-elsewhere' is not one of its nodePools");
        Tenancy.TenantEntry thief = new Tenancy.TenantEntry("gamma", false, List.of(), Quota.ZERO, List.of(), Optional.of(List.of()),
                Optional.of(List.of("beta-al2023")));
        assertThatThrownBy(() -> tenancy(beta(), thief)).hasMessageContaining("'beta-al2023' is listed for tenant");
        assertThatThrownBy(() -> tenancy(beta()).withSharedNodeClasses(List.of("beta-al2023"))).hasMessageContaining("every tenant");
        String json = COMPILED.toJson();
        assertThatThrownBy(() -> Tenancy.parse(json.replace("\"reservedNodePools\" : [ \"alpha-reserved-graviton\" ]",
                "\"reservedNodePools\" : \"alpha-reserved-graviton\""))).hasMessageContaining("'reservedNodePools' must be a list");
        assertThatThrownBy(() -> Tenancy.parse(json.replace("\"nodeClasses\" : [ \"beta-al2023\" ]", "\"nodeClasses\" : [ 7 ]")))
                .hasMessageContaining("'nodeClasses' must hold strings");
        assertThatThrownBy(() -> Tenancy.parse(json.replace("\"sharedNodeClasses\" : [ \"platform-shared\" ]", "\"sharedNodeClasses\" : {}")))
                .hasMessageContaining("'sharedNodeClasses' must be a list");
    }
}
