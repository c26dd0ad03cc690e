package dev.jig.api.ec2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class CatalogTest {

    static final String HEADER = """
            # a small catalog
            @format jig-catalog/1
            @region us-east-1
            @source test figures
            @price-date 2026-07-20
            @generated-by hand
            @columns name family category generation size vcpu memory-mib arch cpu-manufacturer gpu-name \
            gpu-manufacturer gpu-count gpu-memory-mib local-nvme-gb network-mbps hypervisor bare-metal enis \
            ipv4-per-eni max-pods pod-eni alloc-cpu-m alloc-memory-mib price-usd-hour
            """;
    static final String C5_LARGE = "c5.large c5 c 5 large 2 4096 amd64 intel - - - - - 750 nitro false 3 10 29 9 1930 3114 0.085";
    static final String G5_XLARGE =
            "g5.xlarge g5 g 5 xlarge 4 16384 amd64 amd a10g nvidia 1 22888 250 2500 nitro false 4 15 58 4 3920 14162 1.006";
    static final String P5E = "p5e.48xlarge p5e p 5 48xlarge 192 2097152 amd64 amd h200 nvidia 8 144384 30400 3200000 "
            + "nitro false 2 50 100 120 191450 1938410 -";

    static String bundledText() throws IOException {
        try (InputStream in = Catalog.class.getResourceAsStream(Catalog.BUNDLED_RESOURCE)) {
            assertThat(in).as("bundled catalog resource").isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void bundledCatalogHoldsAll1025TypesOfUsEast1WithSourceAndPriceDate() {
        Catalog catalog = Catalog.bundled();
        assertThat(catalog.size()).isEqualTo(1025);
        assertThat(catalog.all()).hasSize(1025);
        assertThat(catalog.region()).isEqualTo("us-east-1");
        assertThat(catalog.priceDate()).isEqualTo("2026-07-20");
        assertThat(catalog.source()).startsWith("ec2-instance-types-us-east-1.csv").contains("AWS price list");
    }

    @Test
    void bundledIsLoadedOnceAndShared() {
        assertThat(Catalog.bundled()).isSameAs(Catalog.bundled());
    }

    @Test
    void allIsSortedByNameWithoutDuplicates() {
        List<InstanceType> all = Catalog.bundled().all();
        for (int i = 1; i < all.size(); i++) {
            assertThat(all.get(i - 1).name()).isLessThan(all.get(i).name());
        }
        assertThat(all.get(0).name()).isEqualTo("c5.12xlarge");
    }

    @Test
    void allCannotBeModified() {
        assertThatThrownBy(() -> Catalog.bundled().all().clear()).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void findReturnsTheTypeByExactNameOnly() {
        assertThat(Catalog.bundled().find("m7g.xlarge")).map(InstanceType::family).contains("m7g");
        assertThat(Catalog.bundled().find("M7G.XLARGE")).isEmpty();
        assertThat(Catalog.bundled().find("x9.huge")).isEmpty();
    }

    @Test
    void onlyP5e48xlargeHasNoPublishedPrice() {
        assertThat(Catalog.bundled().all()).filteredOn(t -> t.onDemandPrice().isEmpty())
                .extracting(InstanceType::name).containsExactly("p5e.48xlarge");
    }

    @Test
    void formattingTheBundledCatalogReproducesTheResourceByteForByte() throws IOException {
        String text = bundledText();
        assertThat(Catalog.parse(text).format()).isEqualTo(text);
    }

    @Test
    void parsedTypesKeepEveryFigureOfTheirLine() {
        Catalog catalog = Catalog.parse(new StringReader(HEADER + C5_LARGE + "\n" + G5_XLARGE + "\n" + P5E + "\n"));
        assertThat(catalog.all()).containsExactly(
                new InstanceType("c5.large", "c5", "c", 5, "large", 2, 4096, "amd64", "intel", Optional.empty(), 0, 750,
                        "nitro", false, 3, 10, 29, 9, 1930, 3114, OptionalDouble.of(0.085)),
                new InstanceType("g5.xlarge", "g5", "g", 5, "xlarge", 4, 16384, "amd64", "amd",
                        Optional.of(new InstanceType.Gpu("a10g", "nvidia", 1, 22888)), 250, 2500, "nitro", false, 4, 15,
                        58, 4, 3920, 14162, OptionalDouble.of(1.006)),
                new InstanceType("p5e.48xlarge", "p5e", "p", 5, "48xlarge", 192, 2097152, "amd64", "amd",
                        Optional.of(new InstanceType.Gpu("h200", "nvidia", 8, 144384)), 30400, 3200000, "nitro", false,
                        2, 50, 100, 120, 191450, 1938410, OptionalDouble.empty()));
        assertThat(catalog.source()).isEqualTo("test figures");
    }

    @Test
    void aWrittenCatalogParsesBackToEqualTypes() {
        Catalog original = Catalog.parse(HEADER + C5_LARGE + "\n" + G5_XLARGE + "\n" + P5E + "\n");
        Catalog again = Catalog.parse(original.format());
        assertThat(again.all()).isEqualTo(original.all());
        assertThat(again.region()).isEqualTo(original.region());
        assertThat(again.priceDate()).isEqualTo(original.priceDate());
        assertThat(again.source()).isEqualTo(original.source());
    }

    @Test
    void ofSortsTypesByName() {
        Catalog small = Catalog.parse(HEADER + C5_LARGE + "\n" + G5_XLARGE + "\n");
        Catalog reversed = Catalog.of("us-east-1", "test", "2026-07-20", List.of(small.all().get(1), small.all().get(0)));
        assertThat(reversed.all()).extracting(InstanceType::name).containsExactly("c5.large", "g5.xlarge");
    }

    @Test
    void ofRejectsTwoTypesWithOneName() {
        InstanceType c5 = Catalog.parse(HEADER + C5_LARGE + "\n").all().get(0);
        assertThatThrownBy(() -> Catalog.of("us-east-1", "test", "2026-07-20", List.of(c5, c5)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("duplicate instance type c5.large");
    }

    @Test
    void catalogWithoutTypesIsEmpty() {
        assertThat(Catalog.parse(HEADER).size()).isZero();
    }
}
