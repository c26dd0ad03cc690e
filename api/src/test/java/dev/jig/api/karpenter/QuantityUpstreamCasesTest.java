package dev.jig.api.karpenter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The cases of {@code k8s.io/apimachinery/pkg/api/resource/quantity_test.go}
 * ({@code TestQuantityParse}, {@code TestParseQuantityString}, {@code TestParseQuantity}), read as
 * facts about what Kubernetes reads and written down here as amounts: each input must give the same
 * amount, its negation with a leading {@code -} and the same with a leading {@code +}, as upstream
 * checks. Then the forms of issue 9 that used to read as zero.
 */
class QuantityUpstreamCasesTest {

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource({
            // zero in every suffix
            "0, 0", "0n, 0", "0u, 0", "0m, 0", "0Ki, 0", "0k, 0", "0Mi, 0", "0M, 0", "0Gi, 0", "0G, 0", "0Ti, 0", "0T, 0",
            // binary suffixes
            "1, 1", "1Ki, 1024", "8Ki, 8192", "7Mi, 7340032", "6Gi, 6442450944", "5Ti, 5497558138880",
            "4Pi, 4503599627370496", "3Ei, 3458764513820540928", "10Ti, 10995116277760", "100Ti, 109951162777600",
            // decimal suffixes
            "5n, 0.000000005", "4u, 0.000004", "3m, 0.003", "9, 9", "8k, 8000", "50k, 50000", "7M, 7000000",
            "6G, 6000000000", "5T, 5000000000000", "40T, 40000000000000", "300T, 300000000000000",
            "2P, 2000000000000000", "1E, 1000000000000000000",
            // decimal exponents
            "1E-3, 0.001", "1e3, 1000", "1E6, 1000000", "1e9, 1000000000", "1E12, 1000000000000",
            "1e15, 1000000000000000", "1E18, 1000000000000000000", "1e14, 100000000000000", "1e13, 10000000000000",
            "100.035k, 100035",
            // things that look like floating point
            "0.001, 0.001", "0.0005k, 0.5", "0.005, 0.005", "0.05, 0.05", "0.5, 0.5", "0.00050k, 0.5", "0.00500, 0.005",
            "0.05000, 0.05", "0.50000, 0.5", "0.5e0, 0.5", "0.5e-1, 0.05", "0.5e-2, 0.005", "10.035M, 10035000",
            "1.2e3, 1200", "1.3E+6, 1300000", "1.40e9, 1400000000", "1.53E12, 1530000000000", "1.6e15, 1600000000000000",
            "1.7E18, 1700000000000000000", "9.01, 9.01", "8.1k, 8100", "7.123456M, 7123456", "6.987654321G, 6987654321",
            "5.444T, 5444000000000", "40.1T, 40100000000000", "300.2T, 300200000000000", "2.5P, 2500000000000000",
            "1.01E, 1010000000000000000",
            // rounding up to a nano unit, and the binary cap at 2^63-1
            "3.001n, 0.000000004", "1.1E-9, 0.000000002", "0.0000000001, 0.000000001", "0.0000000005, 0.000000001",
            "0.00000000050, 0.000000001", "0.5e-9, 0.000000001", "0.9n, 0.000000001", "0.00000012345, 0.000000124",
            "0.00000012354, 0.000000124", "9Ei, 9223372036854775807", "9223372036854775807Ki, 9223372036854775807",
            "12E, 12000000000000000000",
            // fractional binary amounts
            "100.035Ki, 102435.84", "0.5Mi, 524288", "0.05Gi, 53687091.2", "0.025Ti, 27487790694.4",
            // "things written by trolls"
            "0.000000000001Ki, 0.000000002", ".001, 0.001", ".0001k, 0.1", "1., 1", "1.G, 1000000000",
            // decimal amounts beyond int64 stay exact (TestParseQuantity)
            "999999999999999999.1, 999999999999999999.1", "9999999999999999999000m, 9999999999999999999",
            "1.0000000000000000001E, 1000000000000000000.1", "10.000000000000000001E, 10000000000000000001",
            "9223372036854775808.1, 9223372036854775808.1", "9223372036854775807000m, 9223372036854775807",
    })
    void readsTheAmountKubernetesReads(String text, String expected) {
        BigDecimal amount = new BigDecimal(expected);
        assertThat(Quantity.parse(text).amount()).isEqualByComparingTo(amount);
        assertThat(Quantity.parse("-" + text).amount()).isEqualByComparingTo(amount.negate());
        assertThat(Quantity.parse("+" + text).amount()).isEqualByComparingTo(amount);
    }

    @ParameterizedTest
    @ValueSource(strings = {".", "-.", "+", "-", "+.Ki", ".e-9", "Gi"})
    void aBareSignOrPointIsZeroAsUpstreamReadsIt(String text) {
        assertThat(Quantity.parse(text)).isEqualTo(Quantity.ZERO);
    }

    @ParameterizedTest
    @ValueSource(strings = {"1.1.M", "1+1.0M", "0.1mi", "0.1am", "aoeu", ".5i", "1i", "-3.01i", "-3.01e-", " 1", "1 ", "",
            "Non-Numeric", ".e-10"})
    void refusesWhatUpstreamRefuses(String text) {
        assertThatThrownBy(() -> Quantity.parse(text)).isInstanceOf(IllegalArgumentException.class);
    }

    // --- issue 9: forms that used to read as zero against the quota ------------------------------

    @Test
    void anExponentWithLeadingZerosIsAnExponent() {
        assertThat(Quantity.parse("1e00006")).isEqualTo(Quantity.parse("1M"));
        assertThat(Quantity.parse("2E+000012")).isEqualTo(Quantity.parse("2T"));
        assertThat(Quantity.parse("5e-0000003")).isEqualTo(Quantity.parse("5m"));
    }

    @Test
    void aLongDigitStringIsReadExactly() {
        String ones = "1".repeat(30);
        assertThat(Quantity.parse(ones).amount()).isEqualByComparingTo(new BigDecimal(ones));
        assertThat(Quantity.parse("0".repeat(5000) + "42")).isEqualTo(Quantity.parse("42"));
        assertThat(Quantity.parse("3." + "0".repeat(5000))).isEqualTo(Quantity.parse("3"));
        assertThat(Quantity.parse("3." + "0".repeat(5000) + "1")).isEqualTo(Quantity.parse("3000000001n"));
    }

    @Test
    void enormousAmountsSaturateAndNeverWrapToZeroOrBelow() {
        Quantity ceiling = new Quantity(Quantity.CEILING);
        assertThat(Quantity.parse("1e36")).isEqualTo(ceiling);
        assertThat(Quantity.parse("1e2147483000")).isEqualTo(ceiling);
        assertThat(Quantity.parse("9".repeat(1_000_000))).isEqualTo(ceiling);
        assertThat(Quantity.parse("-" + "9".repeat(100))).isEqualTo(new Quantity(Quantity.CEILING.negate()));
        assertThat(Quantity.parse("9".repeat(35))).isLessThan(ceiling);
        assertThat(Quantity.parse("1" + "0".repeat(40) + "Ki").amount()).isEqualByComparingTo(BigDecimal.valueOf(Long.MAX_VALUE));
    }

    @Test
    void tinyAmountsRoundUpToOneNanoUnitWhateverTheirDigits() {
        Quantity nano = Quantity.parse("1n");
        assertThat(Quantity.parse("1e-2147483000")).isEqualTo(nano);
        assertThat(Quantity.parse("0." + "0".repeat(100_000) + "7")).isEqualTo(nano);
        assertThat(Quantity.parse("-0.0000000000001Ei")).isEqualTo(Quantity.parse("-115292150460685n"));
    }

    @Test
    void digitsFarBelowANanoUnitStillRoundABinaryAmountUp() {
        // 1 + 10^-60 Ki: exact 1024.000…1024 rounds up to 1024.000000001
        assertThat(Quantity.parse("1." + "0".repeat(59) + "1Ki")).isEqualTo(Quantity.parse("1024000000001n"));
        assertThat(Quantity.parse("1." + "0".repeat(200) + "1Ei")).isEqualTo(Quantity.parse("1152921504606846976000000001n"));
        assertThat(Quantity.parse("1.5Ki")).isEqualTo(Quantity.parse("1536"));
    }
}
