package dev.jig.api.karpenter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class QuantityTest {

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource({
            "800, 800",
            "500m, 0.5",
            "1.5, 1.5",
            "2k, 2000",
            "3200Gi, 3435973836800",
            "1Ki, 1024",
            "1Mi, 1048576",
            "1Ti, 1099511627776",
            "1Pi, 1125899906842624",
            "1Ei, 1152921504606846976",
            "100n, 0.0000001",
            "250u, 0.00025",
            "4M, 4000000",
            "1G, 1000000000",
            "2T, 2000000000000",
            "1P, 1000000000000000",
            "1E, 1000000000000000000",
            "1e3, 1000",
            "1E3, 1000",
            "15e-1, 1.5",
            "2e+2, 200",
            ".5, 0.5",
            "5., 5",
            "+7, 7",
            "-1.5Gi, -1610612736",
            "0.000, 0",
    })
    void parsesKubernetesQuantitiesExactly(String text, String expected) {
        assertThat(Quantity.parse(text).amount()).isEqualByComparingTo(new BigDecimal(expected));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "abc", "1K", "1ki", "1.5.5", "1 Gi", "1e", "1Gib", "--1", "1e1.5"})
    void rejectsWhatIsNotAQuantity(String text) {
        assertThatThrownBy(() -> Quantity.parse(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("invalid quantity '" + text + "': ");
        assertThat(Quantity.tryParse(text)).isEmpty();
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', value = {
            "1e1.5| unexpected '.' at character 4",
            "1K| unknown suffix 'K'",
            "1e| unknown suffix 'e'",
            "1e+| exponent '+' is not an integer",
            "1e99999999999999999999| exponent out of range",
            "1e4294967296| exponent out of range (Kubernetes would wrap it around its 32-bit scale)",
            "1e-9223372036854775808| exponent out of range (Kubernetes would wrap it around its 32-bit scale)",
            "1.5e2147483647| exponent out of range (Kubernetes would wrap it around its 32-bit scale)",
            "-.e-10| no digits",
            "''| empty",
    })
    void saysWhyAQuantityIsRefused(String text, String reason) {
        assertThatThrownBy(() -> Quantity.parse(text)).hasMessageContaining(": " + reason);
    }

    @Test
    void readsJsonStringsAndNumbersAsKubernetesUnmarshalsThem() {
        com.fasterxml.jackson.databind.node.JsonNodeFactory json = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance;
        assertThat(Quantity.fromJson(json.textNode(" 1Gi "))).isEqualTo(Quantity.parse("1Gi"));
        // trimmed as Go's strings.TrimSpace trims, not as Java's strip()
        assertThat(Quantity.fromJson(json.textNode("\u00A05\u0085"))).isEqualTo(Quantity.parse("5"));
        assertThat(Quantity.fromJson(json.textNode("\u30005\u2028"))).isEqualTo(Quantity.parse("5"));
        assertThatThrownBy(() -> Quantity.fromJson(json.textNode("\u001C5"))).isInstanceOf(IllegalArgumentException.class);
        assertThat(Quantity.fromJson(json.numberNode(1000))).isEqualTo(Quantity.parse("1k"));
        assertThat(Quantity.fromJson(json.numberNode(new BigDecimal("1E+6")))).isEqualTo(Quantity.parse("1e00006"));
        assertThat(Quantity.fromJson(json.numberNode(1e20))).isEqualTo(Quantity.parse("100E"));
        assertThatThrownBy(() -> Quantity.fromJson(json.numberNode(Double.POSITIVE_INFINITY))).hasMessageContaining("Infinity");
        assertThatThrownBy(() -> Quantity.fromJson(json.booleanNode(true))).hasMessage("not a quantity: boolean");
        assertThatThrownBy(() -> Quantity.fromJson(json.objectNode().path("cpu"))).hasMessage("not a quantity: absent");
    }

    @Test
    void equalAmountsAreEqualWhateverTheirNotation() {
        assertThat(Quantity.parse("1Ki")).isEqualTo(Quantity.parse("1024"));
        assertThat(Quantity.parse("1")).isEqualTo(Quantity.parse("1000m"));
        assertThat(Quantity.parse("1.50")).isEqualTo(Quantity.parse("1.5"));
        assertThat(Quantity.parse("0m")).isEqualTo(Quantity.ZERO);
        assertThat(Quantity.parse("1Ki").hashCode()).isEqualTo(Quantity.parse("1024").hashCode());
    }

    @Test
    void addsSubtractsAndComparesExactly() {
        Quantity sum = Quantity.parse("0.1").plus(Quantity.parse("200m"));

        assertThat(sum).isEqualTo(Quantity.parse("300m"));
        assertThat(Quantity.parse("3200Gi").minus(Quantity.parse("200Gi"))).isEqualTo(Quantity.parse("3000Gi"));
        assertThat(Quantity.parse("1Gi")).isGreaterThan(Quantity.parse("1G"));
        assertThat(Quantity.parse("500m").signum()).isPositive();
    }

    @ParameterizedTest(name = "{0} as {1} = {2}")
    @CsvSource({
            "800, cpu, 800",
            "500m, cpu, 0.5",
            "1500m, cpu, 1.5",
            "2k, cpu, 2000",
            "4, nvidia.com/gpu, 4",
            "3200Gi, memory, 3200Gi",
            "16000Gi, memory, 16000Gi",
            "1Ti, memory, 1024Gi",
            "1536Mi, memory, 1536Mi",
            "1.5Gi, memory, 1536Mi",
            "-2Gi, memory, -2Gi",
            "1G, memory, 1G",
            "1500k, memory, 1500000",
            "1000, memory, 1000",
            "0, memory, 0",
            "100Gi, ephemeral-storage, 100Gi",
    })
    void formatsForHumans(String text, String resource, String expected) {
        assertThat(Quantity.parse(text).format(resource)).isEqualTo(expected);
    }

    @Test
    void wholeUnitsRoundDownAndSaturateInsteadOfOverflowing() {
        assertThat(Quantity.parse("1.9").units()).isEqualTo(1);
        assertThat(Quantity.parse("1Gi").units()).isEqualTo(1L << 30);
        assertThat(Quantity.parse("1e20").units()).isEqualTo(Long.MAX_VALUE / 4);
        assertThat(Quantity.parse("1e20").millis()).isEqualTo(Long.MAX_VALUE / 4);
        assertThat(Quantity.parse("-1e20").units()).isEqualTo(-(Long.MAX_VALUE / 4));
    }

    @Test
    void millisAndMebibytesRoundTripExactly() {
        assertThat(Quantity.ofMillis(1500)).isEqualTo(Quantity.parse("1500m"));
        assertThat(Quantity.ofMillis(1500).millis()).isEqualTo(1500);
        assertThat(Quantity.ofMebibytes(1536)).isEqualTo(Quantity.parse("1536Mi"));
        assertThat(Quantity.ofMebibytes(1536).mebibytes()).isEqualTo(1536);
        assertThat(Quantity.ofMebibytes(4096).format("memory")).isEqualTo("4Gi");
    }
}
