package dev.jig.plan.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

class GateTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode summary(double base, double head) throws Exception {
        return JSON.readTree("{\"base\":{\"perHour\":" + base + "},\"head\":{\"perHour\":" + head + "}}");
    }

    private static JsonNode changes(String newly) throws Exception {
        return JSON.readTree("{\"newlyUnschedulable\":[" + newly + "]}");
    }

    @Test
    void costIncreaseTripsOnlyAboveItsPercentage() throws Exception {
        Gate gate = Gate.parse(List.of("cost-increase:10"));
        assertThat(gate.evaluate(summary(10, 11), changes(""))).isEmpty();
        assertThat(gate.evaluate(summary(10, 11.01), changes(""))).singleElement().asString()
                .isEqualTo("cost rises by 10.10% (from $10.0000/h to $11.0100/h), more than 10%");
        assertThat(gate.evaluate(summary(0, 0.5), changes(""))).singleElement().asString().startsWith("cost rises by from zero");
        assertThat(gate.evaluate(summary(10, 2), changes(""))).isEmpty();
    }

    @Test
    void unschedulableTripsOnPodsThatThePlanMakesUnschedulable() throws Exception {
        Gate gate = Gate.parse(List.of("unschedulable"));
        assertThat(gate.evaluate(summary(1, 1), changes(""))).isEmpty();
        assertThat(gate.evaluate(summary(1, 1), changes("{\"pod\":\"a/b\"},{\"pod\":\"a/c\"}"))).containsExactly("2 pods become unschedulable on head (a/b, ...)");
    }

    @Test
    void unknownConditionsAndBadPercentagesAreRefused() {
        assertThatThrownBy(() -> Gate.parse(List.of("cost-increase:lots"))).hasMessageContaining("cost-increase:PCT");
        assertThatThrownBy(() -> Gate.parse(List.of("cost-increase:-5"))).hasMessageContaining("at least 0");
        assertThatThrownBy(() -> Gate.parse(List.of("slow"))).hasMessageContaining("--fail-on 'slow'");
    }
}
