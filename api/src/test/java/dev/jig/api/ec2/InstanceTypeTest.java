package dev.jig.api.ec2;

import dev.jig.api.karpenter.WellKnownLabels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class InstanceTypeTest {

    private static InstanceType type(String name) {
        return Catalog.bundled().find(name).orElseThrow();
    }

    @Test
    void c5LargeCarriesEveryNonGpuLabelWithKarpentersValues() {
        assertThat(type("c5.large").labels()).containsExactly(
                entry("node.kubernetes.io/instance-type", "c5.large"),
                entry("kubernetes.io/arch", "amd64"),
                entry("kubernetes.io/os", "linux"),
                entry("karpenter.k8s.aws/instance-category", "c"),
                entry("karpenter.k8s.aws/instance-family", "c5"),
                entry("karpenter.k8s.aws/instance-generation", "5"),
                entry("karpenter.k8s.aws/instance-size", "large"),
                entry("karpenter.k8s.aws/instance-cpu", "2"),
                entry("karpenter.k8s.aws/instance-cpu-manufacturer", "intel"),
                entry("karpenter.k8s.aws/instance-memory", "4096"),
                entry("karpenter.k8s.aws/instance-hypervisor", "nitro"),
                entry("karpenter.k8s.aws/instance-network-bandwidth", "750"),
                entry("karpenter.k8s.aws/instance-capability-flex", "false"));
    }

    @Test
    void c5LargeKeepsTheReferenceFigures() {
        InstanceType c5 = type("c5.large");
        assertThat(c5.vcpu()).isEqualTo(2);
        assertThat(c5.memoryMib()).isEqualTo(4096);
        assertThat(c5.maxInterfaces()).isEqualTo(3);
        assertThat(c5.ipv4PerInterface()).isEqualTo(10);
        assertThat(c5.maxPods()).isEqualTo(29);
        assertThat(c5.podEni()).isEqualTo(9);
        assertThat(c5.allocatableCpuMillis()).isEqualTo(1930);
        assertThat(c5.allocatableMemoryMib()).isEqualTo(3114);
        assertThat(c5.onDemandPrice()).hasValue(0.085);
        assertThat(c5.gpu()).isEmpty();
        assertThat(c5.gpuCount()).isZero();
        assertThat(c5.bareMetal()).isFalse();
    }

    @Test
    void gravitonTypeIsLabelledArm64WithAwsCpus() {
        InstanceType m7g = type("m7g.xlarge");
        assertThat(m7g.label(WellKnownLabels.ARCH)).isEqualTo("arm64");
        assertThat(m7g.label(WellKnownLabels.INSTANCE_CPU_MANUFACTURER)).isEqualTo("aws");
        assertThat(m7g.label(WellKnownLabels.INSTANCE_CPU)).isEqualTo("4");
        assertThat(m7g.label(WellKnownLabels.INSTANCE_MEMORY)).isEqualTo("16384");
        assertThat(m7g.label(WellKnownLabels.INSTANCE_GENERATION)).isEqualTo("7");
        assertThat(m7g.label(WellKnownLabels.INSTANCE_GPU_NAME)).isNull();
        assertThat(m7g.allocatableMemoryMib()).isEqualTo(14103);
    }

    @Test
    void gpuTypeCarriesLowerCaseGpuLabelsAndLocalNvme() {
        InstanceType g5 = type("g5.xlarge");
        assertThat(g5.gpu()).contains(new InstanceType.Gpu("a10g", "nvidia", 1, 22888));
        assertThat(g5.gpuCount()).isEqualTo(1);
        assertThat(g5.labels()).contains(
                entry("karpenter.k8s.aws/instance-gpu-name", "a10g"),
                entry("karpenter.k8s.aws/instance-gpu-count", "1"),
                entry("karpenter.k8s.aws/instance-gpu-manufacturer", "nvidia"),
                entry("karpenter.k8s.aws/instance-gpu-memory", "22888"),
                entry("karpenter.k8s.aws/instance-local-nvme", "250"),
                entry("karpenter.k8s.aws/instance-cpu-manufacturer", "amd"));
    }

    @Test
    void typeWithoutPublishedPriceHasAnEmptyPriceButAllItsLabels() {
        InstanceType p5e = type("p5e.48xlarge");
        assertThat(p5e.onDemandPrice()).isEmpty();
        assertThat(p5e.label(WellKnownLabels.INSTANCE_GPU_NAME)).isEqualTo("h200");
        assertThat(p5e.label(WellKnownLabels.INSTANCE_GPU_COUNT)).isEqualTo("8");
        assertThat(p5e.label(WellKnownLabels.INSTANCE_MEMORY)).isEqualTo("2097152");
        assertThat(p5e.label(WellKnownLabels.INSTANCE_NETWORK_BANDWIDTH)).isEqualTo("3200000");
    }

    @Test
    void bareMetalTypeHasNoHypervisorLabel() {
        InstanceType metal = type("c5.metal");
        assertThat(metal.bareMetal()).isTrue();
        assertThat(metal.hypervisor()).isEmpty();
        assertThat(metal.label(WellKnownLabels.INSTANCE_HYPERVISOR)).isNull();
        assertThat(metal.labels()).doesNotContainKey(WellKnownLabels.INSTANCE_HYPERVISOR);
    }

    @Test
    void fractionalGpuTypeLabelsItsGpuModelWithCountZero() {
        InstanceType g6f = type("g6f.large");
        assertThat(g6f.gpuCount()).isZero();
        assertThat(g6f.label(WellKnownLabels.INSTANCE_GPU_NAME)).isEqualTo("l4");
        assertThat(g6f.label(WellKnownLabels.INSTANCE_GPU_COUNT)).isEqualTo("0");
        assertThat(g6f.label(WellKnownLabels.INSTANCE_GPU_MEMORY)).isEqualTo("2861");
    }

    @Test
    void flexFamilyIsLabelledWithTheFlexCapability() {
        assertThat(type("c7i-flex.large").label(WellKnownLabels.INSTANCE_CAPABILITY_FLEX)).isEqualTo("true");
        assertThat(type("c7i.large").label(WellKnownLabels.INSTANCE_CAPABILITY_FLEX)).isEqualTo("false");
    }

    @Test
    void labelsWithoutAValueAreAbsent() {
        InstanceType c5 = type("c5.large");
        assertThat(c5.label(WellKnownLabels.INSTANCE_LOCAL_NVME)).isNull();
        assertThat(c5.label(WellKnownLabels.INSTANCE_GPU_COUNT)).isNull();
        assertThat(c5.label("karpenter.k8s.aws/instance-ebs-bandwidth")).isNull();
        assertThat(c5.label("topology.kubernetes.io/zone")).isNull();
        assertThat(c5.label("no-such-label")).isNull();
    }

    @Test
    void everyWellKnownLabelHasAValueOnSomeType() {
        for (String key : WellKnownLabels.ALL) {
            assertThat(Catalog.bundled().all()).as(key).anyMatch(t -> t.label(key) != null);
        }
    }

    @Test
    void constructorRejectsEmptyNamesAndNonPositiveSizes() {
        assertThatThrownBy(() -> new InstanceType("", "c5", "c", 5, "large", 2, 4096, "amd64", "intel",
                Optional.empty(), 0, 750, "nitro", false, 3, 10, 29, 9, 1930, 3114, OptionalDouble.empty()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("name");
        assertThatThrownBy(() -> new InstanceType("c5.large", "c5", "c", 5, "large", 0, 4096, "amd64", "intel",
                Optional.empty(), 0, 750, "nitro", false, 3, 10, 29, 9, 1930, 3114, OptionalDouble.empty()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("vcpu");
        assertThatThrownBy(() -> new InstanceType("c5.large", "c5", "c", 5, "large", 2, 4096, "amd64", "intel",
                Optional.empty(), 0, 750, "nitro", false, 3, 10, 29, 9, 1930, 3114, OptionalDouble.of(Double.NaN)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("price");
    }
}
