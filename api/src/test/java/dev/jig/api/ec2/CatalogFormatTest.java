package dev.jig.api.ec2;

import static dev.jig.api.ec2.CatalogTest.C5_LARGE;
import static dev.jig.api.ec2.CatalogTest.G5_XLARGE;
import static dev.jig.api.ec2.CatalogTest.HEADER;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CatalogFormatTest {

    /** The header takes lines 1-7, so the first instance type is on line 8. */
    private static final int FIRST_TYPE_LINE = 8;

    /** Each case changes one thing in the c5.large line: {@code find} becomes {@code replacement}. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            too few fields         | ' 3114 0.085'  | ''                       | expected 24 fields, found 22
            too many fields        | 0.085          | 0.085 1                  | more than 24 fields
            space at the end       | 0.085          | 0.085<space>             | more than 24 fields, or a space at the end
            two spaces             | c5.large c5    | c5.large<space><space>c5 | column family: empty field
            non-ASCII name         | c5.large c5    | c5.lärge c5              | column name: non-ASCII or control character
            vcpu not a number      | large 2 4096   | large two 4096           | column vcpu: not a whole number: two
            generation negative    | ' c 5 '        | ' c -5 '                 | column generation: not a whole number: -5
            number too long        | 4096           | 4096000000000000000000   | column memory-mib: not a whole number
            int too large          | large 2 4096   | large 2147483648 4096    | column vcpu: 2147483648 is too large
            zero vcpu              | large 2 4096   | large 0 4096             | vcpu and memory must be positive
            bare metal not boolean | nitro false    | nitro yes                | column bare-metal: expected true or false, got yes
            gpu half given         | intel - - -    | intel - nvidia -         | column gpu-manufacturer: must be - when gpu-name is -
            price not a number     | 0.085          | cheap                    | column price-usd-hour: not a number: cheap
            price only a dot       | 0.085          | .                        | column price-usd-hour: not a number: .
            price negative         | 0.085          | -0.5                     | price must be a finite, non-negative number
            price infinite         | 0.085          | Infinity                 | price must be a finite, non-negative number
            """)
    void malformedTypeLineIsReportedWithItsLineNumber(String what, String find, String replacement, String message) {
        assertThat(C5_LARGE).contains(find);
        String line = C5_LARGE.replace(find, replacement.replace("<space>", " "));
        assertThatThrownBy(() -> Catalog.parse(HEADER + line + "\n"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("catalog:" + FIRST_TYPE_LINE + ": ")
                .hasMessageContaining(message)
                .hasMessageEndingWith("\n  " + line);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            unsorted  | G5 | C5 | instance type c5.large is not after g5.xlarge
            duplicate | C5 | C5 | instance type c5.large is not after c5.large
            """)
    void typesOutOfOrderAreReportedAtTheSecondLine(String what, String first, String second, String message) {
        String text = HEADER + expand(first) + "\n" + expand(second) + "\n";
        assertThatThrownBy(() -> Catalog.parse(text))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("catalog:" + (FIRST_TYPE_LINE + 1) + ": " + message);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            unknown key      | @format jig-catalog/1 | @colour blue           | 3 | unknown header @colour
            other version    | @format jig-catalog/2 | @region us-east-1      | 2 | unsupported catalog format jig-catalog/2, expected jig-catalog/1
            key twice        | @format jig-catalog/1 | @format jig-catalog/1  | 3 | header @format given twice
            key without value| @format jig-catalog/1 | @region                | 3 | header @region has no value
            """)
    void malformedHeaderLineIsReportedWithItsLineNumber(String what, String line2, String line3, int lineNo, String message) {
        String text = "# comment\n" + line2 + "\n" + line3 + "\n";
        assertThatThrownBy(() -> Catalog.parse(text))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("catalog:" + lineNo + ": " + message);
    }

    @Test
    void columnsOfAnotherLayoutAreRejected() {
        String text = HEADER.replace(" price-usd-hour", "") + C5_LARGE + "\n";
        assertThatThrownBy(() -> Catalog.parse(text))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("catalog:7: @columns must be");
    }

    @Test
    void missingHeaderIsReportedAtTheFirstType() {
        String text = HEADER.replace("@price-date 2026-07-20\n", "") + C5_LARGE + "\n";
        assertThatThrownBy(() -> Catalog.parse(text))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("catalog:7: header @price-date is missing before the first instance type");
    }

    @Test
    void headerAfterATypeIsRejected() {
        String text = HEADER + C5_LARGE + "\n@region eu-west-1\n";
        assertThatThrownBy(() -> Catalog.parse(text))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("catalog:9: header line after the first instance type");
    }

    @Test
    void everyBundledPriceIsTheDoubleThatParseDoubleGivesForItsText() throws IOException {
        Map<String, String> priceText = new HashMap<>();
        for (String line : CatalogTest.bundledText().split("\n")) {
            if (!line.startsWith("#") && !line.startsWith("@")) {
                priceText.put(line.substring(0, line.indexOf(' ')), line.substring(line.lastIndexOf(' ') + 1));
            }
        }
        for (InstanceType type : Catalog.bundled().all()) {
            String text = priceText.get(type.name());
            if (text.equals("-")) {
                assertThat(type.onDemandPrice()).as(type.name()).isEmpty();
            } else {
                assertThat(type.onDemandPrice().getAsDouble()).as(type.name()).isEqualTo(Double.parseDouble(text));
            }
        }
    }

    @ParameterizedTest
    @CsvSource({"0.085, 0.085", "8.5E-2, 0.085", "12, 12", "0.0042, 0.0042", "142.416, 142.416",
            "0.1234567890123456789, 0.1234567890123456789", "98.32, 98.32"})
    void pricesInAnyDecimalNotationAreReadExactly(String text, double expected) {
        String line = C5_LARGE.replace(" 0.085", " " + text);
        assertThat(Catalog.parse(HEADER + line + "\n").all().get(0).onDemandPrice()).hasValue(expected);
    }

    @Test
    void commentsBlankLinesAndCrlfLineEndsAreAccepted() {
        String text = (HEADER + "\n# between\n" + C5_LARGE + "\n").replace("\n", "\r\n");
        assertThat(Catalog.parse(text).find("c5.large")).isPresent();
    }

    @Test
    void writingRefusesAFieldThatWouldSplitTheLine() {
        InstanceType c5 = Catalog.parse(HEADER + C5_LARGE + "\n").all().get(0);
        InstanceType spaced = new InstanceType(c5.name(), c5.family(), c5.category(), c5.generation(), c5.size(),
                c5.vcpu(), c5.memoryMib(), c5.architecture(), "big vendor", c5.gpu(), c5.localNvmeGb(),
                c5.networkBandwidthMbps(), c5.hypervisor(), c5.bareMetal(), c5.maxInterfaces(), c5.ipv4PerInterface(),
                c5.maxPods(), c5.podEni(), c5.allocatableCpuMillis(), c5.allocatableMemoryMib(), c5.onDemandPrice());
        Catalog catalog = Catalog.of("us-east-1", "test", "2026-07-20", List.of(spaced));
        assertThatThrownBy(catalog::format)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("big vendor");
    }

    private static String expand(String alias) {
        return alias.equals("C5") ? C5_LARGE : G5_XLARGE;
    }
}
