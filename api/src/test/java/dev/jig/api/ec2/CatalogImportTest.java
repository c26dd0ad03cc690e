package dev.jig.api.ec2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CatalogImportTest {

    private static final String CSV_HEADER = "instance_type,family,category,generation,size,vcpu,memory_mib,arch,"
            + "cpu_manufacturer,gpu_count,gpu_name,gpu_manufacturer,gpu_memory_mib,accelerator_count,local_nvme_gb,"
            + "network_bandwidth_mbps,hypervisor,bare_metal,eni_max_interfaces_default_card,ipv4_per_eni,"
            + "max_pods_eni_formula,pod_eni_branch,doc_al2023_alloc_pods,doc_al2023_alloc_cpu_m,"
            + "doc_al2023_alloc_memory_mi,doc_al2023_alloc_ephemeral,calc_kube_reserved_cpu_m,calc_kube_reserved_mem_mi,"
            + "od_price_usd_hr_eu_west_1\n";
    private static final String C5_METAL =
            "c5.metal,c5,c,5,metal,96,196608,amd64,intel,0,,,,,,25000,,True,15,50,737,107,737,95690,173400,17Gi,310,8362,4.08\n";
    private static final String G5_XLARGE = "g5.xlarge,g5,g,5,xlarge,4,16384,amd64,AMD,1,A10G,NVIDIA,22888,,250,2500,"
            + "nitro,False,4,15,58,4,58,3920,14162,17Gi,80,893,\n";

    @Test
    void convertsRowsSortedWithRegionFromThePriceColumnAndKarpenterSpelling() {
        Catalog catalog = CatalogImport.fromCsv(CSV_HEADER + G5_XLARGE + C5_METAL, "types.csv", "2026-07-20");

        assertThat(catalog.region()).isEqualTo("eu-west-1");
        assertThat(catalog.priceDate()).isEqualTo("2026-07-20");
        assertThat(catalog.source()).startsWith("types.csv (");
        assertThat(catalog.all()).extracting(InstanceType::name).containsExactly("c5.metal", "g5.xlarge");
        InstanceType metal = catalog.all().get(0);
        assertThat(metal.hypervisor()).isEmpty();
        assertThat(metal.bareMetal()).isTrue();
        assertThat(metal.onDemandPrice()).hasValue(4.08);
        assertThat(metal.maxPods()).isEqualTo(737);
        assertThat(metal.allocatableMemoryMib()).isEqualTo(173400);
        InstanceType g5 = catalog.all().get(1);
        assertThat(g5.gpu()).contains(new InstanceType.Gpu("a10g", "nvidia", 1, 22888));
        assertThat(g5.cpuManufacturer()).isEqualTo("amd");
        assertThat(g5.localNvmeGb()).isEqualTo(250);
        assertThat(g5.onDemandPrice()).isEmpty();
    }

    @Test
    void rowWhoseMaxPodsBreaksTheEniFormulaIsRejectedWithItsLine() {
        String bad = C5_METAL.replace(",737,107,737,", ",738,107,738,");
        assertThatThrownBy(() -> CatalogImport.fromCsv(CSV_HEADER + G5_XLARGE + bad, "types.csv", "2026-07-20"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("types.csv:3: max pods 738");
    }

    @Test
    void rowWhoseNameIsNotFamilyDotSizeIsRejected() {
        String bad = C5_METAL.replace("c5.metal,", "c6.metal,");
        assertThatThrownBy(() -> CatalogImport.fromCsv(CSV_HEADER + bad, "types.csv", "2026-07-20"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("types.csv:2: instance_type c6.metal is not family.size");
    }

    @Test
    void rowWithAMissingFieldIsRejected() {
        String bad = C5_METAL.replace(",4.08", "");
        assertThatThrownBy(() -> CatalogImport.fromCsv(CSV_HEADER + bad, "types.csv", "2026-07-20"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("types.csv:2: expected 29 fields, found 28");
    }

    @Test
    void gpuFiguresWithoutAGpuNameAreRejected() {
        String bad = C5_METAL.replace(",intel,0,,,,", ",intel,2,,,,");
        assertThatThrownBy(() -> CatalogImport.fromCsv(CSV_HEADER + bad, "types.csv", "2026-07-20"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("types.csv:2: GPU figures without a gpu_name");
    }

    @Test
    void csvWithoutARegionalPriceColumnIsRejected() {
        String header = CSV_HEADER.replace("od_price_usd_hr_eu_west_1", "price");
        assertThatThrownBy(() -> CatalogImport.fromCsv(header + C5_METAL, "types.csv", "2026-07-20"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no od_price_usd_hr_<region> column");
    }

    @Test
    void priceDateMustBeAnIsoDate() {
        assertThatThrownBy(() -> CatalogImport.fromCsv(CSV_HEADER + C5_METAL, "types.csv", "20 July 2026"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("price date must be yyyy-mm-dd");
    }

    /** The snapshot can never drift from its source silently: regenerating it must change nothing. */
    @Test
    void bundledCatalogIsExactlyWhatTheImportMakesOfTheReferenceCsv(@TempDir Path dir) throws IOException {
        Path csv = Path.of(System.getProperty("jig.repo.root", "."), "..", "shared", "reference",
                "ec2-instance-types-us-east-1.csv");
        Assumptions.assumeTrue(Files.isRegularFile(csv), "reference CSV not present: " + csv);
        Path out = dir.resolve("ec2-us-east-1.catalog");

        CatalogImport.main(new String[] {csv.toString(), out.toString(), "2026-07-20"});

        assertThat(new String(Files.readAllBytes(out), StandardCharsets.UTF_8)).isEqualTo(CatalogTest.bundledText());
    }
}
