package dev.jig.aws.ami;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jig.api.ec2.Catalog;
import dev.jig.api.ec2.InstanceType;
import org.junit.jupiter.api.Test;

class AmiVariantTest {

    private final InstanceType gpu = Catalog.bundled().find("g5.xlarge").orElseThrow();
    private final InstanceType plain = Catalog.bundled().find("m5.large").orElseThrow();

    @Test
    void acceleratedAmisLaunchAcceleratedTypesOnlyAndStandardOnesTheOthers() {
        assertThat(AmiVariant.fits("nvidia", gpu)).isTrue();
        assertThat(AmiVariant.fits("nvidia", plain)).isFalse();
        assertThat(AmiVariant.fits("standard", plain)).isTrue();
        assertThat(AmiVariant.fits("standard", gpu)).isFalse();
        assertThat(AmiVariant.fits("neuron", gpu)).isFalse();
        assertThat(AmiVariant.fits("neuron", plain)).isFalse();
        assertThat(AmiVariant.fits("gpu", gpu)).as("AL2's accelerated AMI").isTrue();
        assertThat(AmiVariant.fits("gpu", plain)).isFalse();
    }

    @Test
    void anAmiWithoutAVariantLaunchesEveryType() {
        assertThat(AmiVariant.fits(AmiVariant.ANY, gpu)).isTrue();
        assertThat(AmiVariant.fits(AmiVariant.ANY, plain)).isTrue();
    }

    @Test
    void neuronTypesAreKnownByTheirFamily() {
        assertThat(AmiVariant.neuron("inf2.xlarge")).isTrue();
        assertThat(AmiVariant.neuron("trn1n.32xlarge")).isTrue();
        assertThat(AmiVariant.neuron("trn2.48xlarge")).isTrue();
        assertThat(AmiVariant.neuron("m5.large")).isFalse();
        assertThat(AmiVariant.neuron("g5.xlarge")).isFalse();
    }

    @Test
    void theAmiOfAnotherArchitectureNeverLaunches() {
        assertThat(new Ami("ami-1", "", "arm64", "", "standard").launches(plain)).isFalse();
        assertThat(new Ami("ami-1", "", "amd64", "", "standard").launches(plain)).isTrue();
        assertThat(new Ami("ami-1", "", "amd64", "", "nvidia").launches(gpu)).isTrue();
    }
}
