package dev.jig.api.karpenter;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ResourceListTest {

    @Test
    void wholeMebibytesOfAByteAmountRoundDown() {
        assertThat(ResourceList.mebibytes(ResourceList.MIB * 3 + 1)).isEqualTo(3);
        assertThat(ResourceList.mebibytes(-1)).isEqualTo(-1);
    }
}
