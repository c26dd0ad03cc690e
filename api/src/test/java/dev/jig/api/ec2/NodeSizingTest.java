package dev.jig.api.ec2;

import dev.jig.api.karpenter.ResourceList;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class NodeSizingTest {

    private static final Catalog CATALOG = Catalog.bundled();
    private static final NodeClass AL2023 = NodeClass.al2023("default");

    @Test
    void reproducesTheDocumentedAl2023AllocatableOfTheReferenceRows() throws IOException {
        List<String[]> rows = rows(resource("reference-rows.csv"));
        assertThat(rows).hasSizeGreaterThan(20);
        rows.forEach(NodeSizingTest::assertRowMatches);
    }

    /** The whole reference CSV, when the shared reference folder is next to the repository. */
    @Test
    void reproducesEveryRowOfTheFullReferenceCsvWhenPresent() throws IOException {
        Path csv = Path.of(System.getProperty("jig.reference.dir",
                Path.of(System.getProperty("jig.repo.root", "."), "..", "shared", "reference").toString()),
                "ec2-instance-types-us-east-1.csv");
        Assumptions.assumeTrue(Files.isRegularFile(csv), "reference CSV not present: " + csv);
        List<String[]> rows = rows(Files.readString(csv));
        assertThat(rows).hasSize(1025);
        rows.forEach(NodeSizingTest::assertRowMatches);
    }

    @Test
    void reproducesTheCatalogFiguresForEveryBundledType() {
        for (InstanceType t : CATALOG.all()) {
            NodeSizing.Sizing s = NodeSizing.of(t, AL2023);
            assertThat(s.allocatable().cpuMillis()).as(t.name()).isEqualTo(t.allocatableCpuMillis());
            assertThat(s.allocatable().memoryBytes()).as(t.name()).isEqualTo(t.allocatableMemoryMib() * ResourceList.MIB);
            assertThat(s.allocatable().pods()).as(t.name()).isEqualTo(t.maxPods());
        }
    }

    @Test
    void m5LargeOnAl2023Has6903MibForPods() {
        NodeSizing.Sizing s = NodeSizing.of(type("m5.large"), AL2023);
        assertThat(s.capacity().memoryBytes()).isEqualTo(7577 * ResourceList.MIB);
        assertThat(s.kubeReserved().memoryBytes()).isEqualTo(574 * ResourceList.MIB);
        assertThat(s.eviction().memoryBytes()).isEqualTo(100 * ResourceList.MIB);
        assertThat(s.allocatable()).isEqualTo(new ResourceList(1930, 6903 * ResourceList.MIB, 17 * ResourceList.GIB, 0, 29));
    }

    @Test
    void maxPodsOverridesTheEniFormulaButAl2023StillReservesMemoryForEniPods() {
        NodeClass custom = new NodeClass("c", AmiFamily.AL2023, new Kubelet(110, 0, Map.of(), Map.of(), Map.of()), 0, false);
        NodeSizing.Sizing s = NodeSizing.of(type("m5.large"), custom);
        assertThat(s.allocatable().pods()).isEqualTo(110);
        assertThat(s.kubeReserved().memoryBytes()).isEqualTo((11 * 29 + 255) * ResourceList.MIB);
    }

    @Test
    void bottlerocketReservesMemoryForTheConfiguredMaxPods() {
        NodeClass br = new NodeClass("b", AmiFamily.BOTTLEROCKET, new Kubelet(110, 0, Map.of(), Map.of(), Map.of()), 0, false);
        NodeSizing.Sizing s = NodeSizing.of(type("m5.large"), br);
        assertThat(s.allocatable().pods()).isEqualTo(110);
        assertThat(s.kubeReserved().memoryBytes()).isEqualTo((11 * 110 + 255) * ResourceList.MIB);
    }

    @Test
    void bottlerocketIgnoresPodsPerCoreWhileAl2023AppliesIt() {
        Kubelet kubelet = new Kubelet(0, 4, Map.of(), Map.of(), Map.of());
        assertThat(NodeSizing.of(type("m5.xlarge"), new NodeClass("a", AmiFamily.AL2023, kubelet, 0, false)).allocatable().pods())
                .isEqualTo(16);
        assertThat(NodeSizing.of(type("m5.xlarge"), new NodeClass("b", AmiFamily.BOTTLEROCKET, kubelet, 0, false)).allocatable().pods())
                .isEqualTo(58);
    }

    @Test
    void windowsDefaultsTo110PodsAnd50GiOfEphemeralStorage() {
        NodeSizing.Sizing s = NodeSizing.of(type("m5.large"), new NodeClass("w", AmiFamily.WINDOWS2022, Kubelet.DEFAULT, 0, false));
        assertThat(s.capacity().pods()).isEqualTo(110);
        assertThat(s.capacity().ephemeralBytes()).isEqualTo(50 * ResourceList.GIB);
    }

    @Test
    void systemReservedAndEvictionHardReduceAllocatable() {
        Kubelet kubelet = new Kubelet(0, 0, Map.of("cpu", "200m"), Map.of("cpu", "100m", "memory", "100Mi"),
                Map.of("memory.available", "5%", "nodefs.available", "1Gi"));
        NodeSizing.Sizing s = NodeSizing.of(type("m5.large"), new NodeClass("k", AmiFamily.AL2023, kubelet, 0, false));
        assertThat(s.allocatable().cpuMillis()).isEqualTo(2000 - 200 - 100);
        long capacity = 7577 * ResourceList.MIB;
        long eviction = (long) Math.ceil((double) capacity / 100 * 5);
        assertThat(s.allocatable().memoryBytes()).isEqualTo(capacity - 574 * ResourceList.MIB - 100 * ResourceList.MIB - eviction);
        assertThat(s.allocatable().ephemeralBytes()).isEqualTo(20 * ResourceList.GIB - ResourceList.GIB - ResourceList.GIB);
    }

    @Test
    void raid0UsesLocalNvmeAsEphemeralStorage() {
        NodeClass raid = new NodeClass("r", AmiFamily.AL2023, Kubelet.DEFAULT, 0, true);
        assertThat(NodeSizing.of(type("m5d.large"), raid).capacity().ephemeralBytes()).isEqualTo(75_000_000_000L);
        assertThat(NodeSizing.of(type("m5.large"), raid).capacity().ephemeralBytes()).isEqualTo(20 * ResourceList.GIB);
    }

    @Test
    void gpuCapacityCountsNvidiaDevices() {
        assertThat(NodeSizing.of(type("g5.xlarge"), AL2023).capacity().gpus()).isEqualTo(1);
        assertThat(NodeSizing.of(type("m5.large"), AL2023).capacity().gpus()).isZero();
    }

    @Test
    void kubeReservedCpuFollowsTheBands() {
        assertThat(NodeSizing.kubeReservedCpuMillis(1000)).isEqualTo(60);
        assertThat(NodeSizing.kubeReservedCpuMillis(2000)).isEqualTo(70);
        assertThat(NodeSizing.kubeReservedCpuMillis(4000)).isEqualTo(80);
        assertThat(NodeSizing.kubeReservedCpuMillis(96_000)).isEqualTo(80 + 230);
    }

    private static void assertRowMatches(String[] r) {
        InstanceType t = type(r[0]);
        NodeSizing.Sizing s = NodeSizing.of(t, AL2023);
        assertThat(s.allocatable().pods()).as(r[0] + " pods").isEqualTo(Long.parseLong(r[22]));
        assertThat(s.allocatable().cpuMillis()).as(r[0] + " cpu").isEqualTo(Long.parseLong(r[23]));
        assertThat(s.allocatable().memoryBytes()).as(r[0] + " memory").isEqualTo(Long.parseLong(r[24]) * ResourceList.MIB);
        assertThat(s.allocatable().ephemeralBytes()).as(r[0] + " ephemeral").isEqualTo(Long.parseLong(r[25].replace("Gi", "")) * ResourceList.GIB);
        assertThat(s.kubeReserved().cpuMillis()).as(r[0] + " kube-reserved cpu").isEqualTo(Long.parseLong(r[26]));
        assertThat(s.kubeReserved().memoryBytes()).as(r[0] + " kube-reserved memory").isEqualTo(Long.parseLong(r[27]) * ResourceList.MIB);
    }

    private static InstanceType type(String name) {
        return CATALOG.find(name).orElseThrow();
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = NodeSizingTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static List<String[]> rows(String csv) {
        List<String[]> out = new ArrayList<>();
        for (String line : csv.split("\n")) {
            if (line.isBlank() || line.startsWith("#") || line.startsWith("instance_type,")) continue;
            out.add(line.split(",", -1));
        }
        return out;
    }
}
