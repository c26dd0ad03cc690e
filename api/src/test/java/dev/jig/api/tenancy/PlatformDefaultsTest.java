package dev.jig.api.tenancy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.jig.api.karpenter.WellKnownLabels;
import java.util.List;
import org.junit.jupiter.api.Test;

class PlatformDefaultsTest {

    private static Tenancy tenancy() {
        return Tenancy.of("c", WellKnownLabels.JIG_TENANT, "jig.dev/pool", List.of(), new Tenancy.WeightBand(1, 79),
                new Tenancy.WeightBand(80, 100), List.of());
    }

    private static PlatformDefaults defaults() {
        ArrayNode budgets = JsonNodeFactory.instance.arrayNode();
        budgets.addObject().put("nodes", "10%");
        budgets.addObject().put("nodes", "0").put("schedule", "0 4 28 3 *").put("duration", "97h");
        return new PlatformDefaults("336h", budgets);
    }

    @Test
    void theTenancyDocumentCarriesThePlatformDefaultsAndParsesThemBack() {
        Tenancy parsed = Tenancy.parse(tenancy().withPlatformDefaults(defaults()).toJson());
        assertThat(parsed.platformDefaults()).contains(defaults());
        assertThat(parsed.platformDefaults().orElseThrow().budgets().toString())
                .isEqualTo("[{\"nodes\":\"10%\"},{\"nodes\":\"0\",\"schedule\":\"0 4 28 3 *\",\"duration\":\"97h\"}]");
    }

    @Test
    void aDocumentWrittenBeforePlatformDefaultsStillParsesWithoutThem() {
        String old = tenancy().toJson();
        assertThat(old).doesNotContain("platformDefaults");
        assertThat(Tenancy.parse(old).platformDefaults()).isEmpty();
    }

    @Test
    void malformedPlatformDefaultsAreRejectedWithAReason() {
        String json = tenancy().withPlatformDefaults(defaults()).toJson();
        assertThatThrownBy(() -> Tenancy.parse(json.replace("\"expireAfter\" : \"336h\"", "\"expireAfter\" : 336")))
                .hasMessageContaining("'expireAfter' must be a string");
        assertThatThrownBy(() -> Tenancy.parse(json.replace("\"budgets\" : [", "\"budgets\" : {\"x\": [").replace("} ]", "} ]}")))
                .hasMessageContaining("'budgets' must be a list");
    }

    @Test
    void budgetsAreHandedOutAsCopies() {
        PlatformDefaults d = defaults();
        d.budgets().removeAll();
        assertThat(d.budgets()).hasSize(2);
    }
}
