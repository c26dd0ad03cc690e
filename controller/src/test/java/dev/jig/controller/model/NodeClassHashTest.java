package dev.jig.controller.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jig.api.ec2.AmiFamily;
import dev.jig.api.ec2.Kubelet;
import dev.jig.api.ec2.LaunchSettings;
import dev.jig.api.ec2.NodeClass;
import dev.jig.api.karpenter.Annotations;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.karpenter.model.NodeClassSelectors;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Static node-class drift: every static field rolls the nodes; selectors and an unstamped NodeClaim do not. */
class NodeClassHashTest {

    private static final LaunchSettings LAUNCH = new LaunchSettings("NodeRole", null, Map.of("team", "a"), null, LaunchSettings.Metadata.DEFAULT,
            List.of(), null, false);
    private static final NodeClass BASE = new NodeClass("default", AmiFamily.AL2023, Kubelet.DEFAULT, 0, false, NodeClassSelectors.NONE, LAUNCH);

    private static NodeClaim stamped(NodeClass nc) {
        return new NodeClaim("c", "default", "default", Map.of(), List.of(), ResourceList.ZERO, List.of(), List.of(), Instant.EPOCH, false, null,
                NodeClassHash.annotations(nc));
    }

    private static NodeClass launch(UnaryOperator<LaunchSettings> edit) {
        return new NodeClass(BASE.name(), BASE.amiFamily(), BASE.kubelet(), BASE.ephemeralBytes(), BASE.raid0(), BASE.selectors(), edit.apply(LAUNCH));
    }

    static Stream<Arguments> changes() {
        return Stream.of(
                Arguments.of("user data", launch(l -> new LaunchSettings(l.role(), l.instanceProfile(), l.tags(), "echo hi", l.metadata(), l.blockDevices(),
                        l.associatePublicIp(), l.detailedMonitoring()))),
                Arguments.of("tags", launch(l -> new LaunchSettings(l.role(), l.instanceProfile(), Map.of("team", "b"), l.userData(), l.metadata(),
                        l.blockDevices(), l.associatePublicIp(), l.detailedMonitoring()))),
                Arguments.of("role", launch(l -> new LaunchSettings("OtherRole", l.instanceProfile(), l.tags(), l.userData(), l.metadata(),
                        l.blockDevices(), l.associatePublicIp(), l.detailedMonitoring()))),
                Arguments.of("metadata options", launch(l -> new LaunchSettings(l.role(), l.instanceProfile(), l.tags(), l.userData(),
                        new LaunchSettings.Metadata("enabled", "disabled", 2, "required"), l.blockDevices(), l.associatePublicIp(), l.detailedMonitoring()))),
                Arguments.of("block devices", launch(l -> new LaunchSettings(l.role(), l.instanceProfile(), l.tags(), l.userData(), l.metadata(),
                        List.of(new LaunchSettings.BlockDevice("/dev/xvda", true, 200L << 30, "gp3", null, null, true, null, null, true)),
                        l.associatePublicIp(), l.detailedMonitoring()))),
                Arguments.of("kubelet", new NodeClass(BASE.name(), BASE.amiFamily(), new Kubelet(58, 0, Map.of(), Map.of(), Map.of()), 0, false,
                        BASE.selectors(), LAUNCH)),
                Arguments.of("AMI family", new NodeClass(BASE.name(), AmiFamily.BOTTLEROCKET, BASE.kubelet(), 0, false, BASE.selectors(), LAUNCH)),
                Arguments.of("instance store policy", new NodeClass(BASE.name(), BASE.amiFamily(), BASE.kubelet(), 0, true, BASE.selectors(), LAUNCH)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("changes")
    void eachStaticFieldDrifts(String what, NodeClass changed) {
        assertThat(NodeClassHash.drifted(changed, stamped(BASE))).as(what).isTrue();
        assertThat(NodeClassHash.drifted(BASE, stamped(BASE))).isFalse();
    }

    @Test
    void aNodeClaimWithoutTheHashOrWithAnotherVersionHasNotDrifted() {
        NodeClass changed = new NodeClass(BASE.name(), AmiFamily.BOTTLEROCKET, BASE.kubelet(), 0, false, BASE.selectors(), LAUNCH);
        assertThat(NodeClassHash.drifted(changed, stamped(BASE).withAnnotations(Map.of()))).isFalse();
        NodeClaim karpenters = stamped(BASE).withAnnotations(Map.of(Annotations.EC2NODECLASS_HASH, "123", Annotations.EC2NODECLASS_HASH_VERSION, "v4"));
        assertThat(NodeClassHash.drifted(changed, karpenters)).isFalse();
    }
}
