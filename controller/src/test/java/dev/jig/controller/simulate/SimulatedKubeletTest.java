package dev.jig.controller.simulate;

import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.cloud.Instance;
import dev.jig.controller.cloud.Offering;
import dev.jig.controller.cloud.ResolvedInstanceType;
import dev.jig.controller.model.NodeClaim;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static dev.jig.controller.testing.Fixtures.AL2023;
import static dev.jig.controller.testing.Fixtures.RESOLVER;
import static org.assertj.core.api.Assertions.assertThat;

class SimulatedKubeletTest {

    @Test
    void aRegisteredNodeCarriesTheLabelsARealKubeletAndKarpenterSet() {
        ResolvedInstanceType m5 = RESOLVER.resolve(AL2023, List.of("m5.large")).get(0);
        Offering offering = new Offering("us-east-1", "us-east-1b", "spot", 0.04, true);
        Instance i = new Instance("sim:///us-east-1b/i-1", "default-abcde", m5, offering, Instant.EPOCH, Instant.EPOCH);
        NodeClaim claim = new NodeClaim("default-abcde", "default", "al2023", Map.of("team", "a"), List.of(), ResourceList.ZERO,
                List.of(), List.of(), Instant.EPOCH, false, null);

        Map<String, String> labels = SimulatedKubelet.nodeLabels(i, claim, "i-1.us-east-1.compute.internal");

        assertThat(labels).containsEntry(WellKnownLabels.HOSTNAME, "i-1.us-east-1.compute.internal")
                .containsEntry(WellKnownLabels.INSTANCE_TYPE, "m5.large").containsEntry(WellKnownLabels.BETA_INSTANCE_TYPE, "m5.large")
                .containsEntry(WellKnownLabels.ARCH, "amd64").containsEntry(WellKnownLabels.BETA_ARCH, "amd64")
                .containsEntry(WellKnownLabels.OS, "linux").containsEntry(WellKnownLabels.BETA_OS, "linux")
                .containsEntry(WellKnownLabels.ZONE, "us-east-1b").containsEntry(WellKnownLabels.BETA_ZONE, "us-east-1b")
                .containsEntry(WellKnownLabels.REGION, "us-east-1").containsEntry(WellKnownLabels.BETA_REGION, "us-east-1")
                .containsEntry(WellKnownLabels.CAPACITY_TYPE, "spot").containsEntry(WellKnownLabels.NODEPOOL, "default")
                .containsEntry(WellKnownLabels.EC2NODECLASS, "al2023").containsEntry("team", "a")
                .containsEntry(WellKnownLabels.INSTANCE_FAMILY, "m5").containsEntry(WellKnownLabels.INSTANCE_CPU, "2")
                .doesNotContainKey(WellKnownLabels.EBS_CSI_ZONE);
        assertThat(labels).containsAllEntriesOf(m5.labels());
    }
}
