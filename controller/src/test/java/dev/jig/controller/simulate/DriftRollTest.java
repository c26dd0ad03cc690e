package dev.jig.controller.simulate;

import dev.jig.api.ec2.Catalog;
import dev.jig.api.ec2.NodeClass;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.controller.loop.TimelineEvent;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.NodePool;
import dev.jig.controller.model.NodePoolHash;
import dev.jig.controller.model.Pod;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static dev.jig.controller.testing.Fixtures.ZONES;
import static dev.jig.controller.testing.Fixtures.inflatePool;
import static org.assertj.core.api.Assertions.assertThat;

/** Static drift end to end: a NodePool's template changes mid-run and its node is rolled, replacement first. */
class DriftRollTest {

    @Test
    void aChangedTemplateRollsTheNodeOntoOneLaunchedFromTheNewTemplate() {
        SimulatedWorld world = new SimulatedWorld(Catalog.bundled(), ZONES, false, Duration.ofSeconds(30), Duration.ofSeconds(10));
        NodePool before = inflatePool();
        world.cluster().put(before);
        world.cluster().put(NodeClass.al2023("default"));
        world.replicaSets().scale(new SimulatedReplicaSets.ReplicaSet("default", "web",
                name -> Pod.of("default", name, ResourceList.of(0, 1024), Map.of()).with().nodeSelector("type", "karpenter").build()), 3);
        assertThat(world.waitUntilSettled(Duration.ofMinutes(5))).isTrue();
        String old = world.cluster().snapshot().nodeClaims().get(0).name();

        Map<String, String> labels = new java.util.HashMap<>(before.labels());
        labels.put("team", "a");
        NodePool after = new NodePool(before.name(), before.weight(), labels, before.requirements(), before.taints(), before.startupTaints(),
                before.nodeClassName(), before.limits(), before.disruption());
        world.cluster().put(after);
        world.runFor(Duration.ofMinutes(5));

        List<NodeClaim> claims = world.cluster().snapshot().nodeClaims();
        assertThat(claims).singleElement().satisfies(c -> {
            assertThat(c.name()).isNotEqualTo(old);
            assertThat(NodePoolHash.drifted(after, c)).isFalse();
            assertThat(c.labels()).containsEntry("team", "a");
        });
        assertThat(world.cluster().snapshot().pendingPods()).isEmpty();
        assertThat(world.cluster().snapshot().pods()).as("the drained pods were replaced by new ones on the new node").hasSize(3)
                .allSatisfy(p -> assertThat(p.nodeName()).isEqualTo(claims.get(0).status().nodeName()))
                .extracting(Pod::name).containsExactlyInAnyOrder("web-3", "web-4", "web-5");
        assertThat(world.timeline()).filteredOn(e -> e.kind() == TimelineEvent.Kind.DISRUPTION).extracting(TimelineEvent::message)
                .anySatisfy(m -> assertThat(m).startsWith("decided Drifted/drift: replace [").contains("(savings: $0.0000/h)"))
                .noneSatisfy(m -> assertThat(m).startsWith("aborted"));
    }
}
