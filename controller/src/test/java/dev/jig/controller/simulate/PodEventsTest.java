package dev.jig.controller.simulate;

import dev.jig.api.ec2.Catalog;
import dev.jig.api.ec2.NodeClass;
import dev.jig.api.karpenter.Annotations;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.controller.manifest.ClusterManifests;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.NodePool;
import dev.jig.controller.model.NodePoolHash;
import dev.jig.controller.model.Pod;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import static dev.jig.controller.testing.Fixtures.ZONES;
import static dev.jig.controller.testing.Fixtures.inflatePool;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the disruption core reads from a NodeClaim, as the simulated world maintains it: the template
 * hash the provisioner stamps (static drift), and {@code status.lastPodEventTime} when pods bind or
 * leave (consolidateAfter). Both survive the round trip through the NodeClaim manifest.
 */
class PodEventsTest {

    private static SimulatedWorld world(NodePool pool) {
        SimulatedWorld world = new SimulatedWorld(Catalog.bundled(), ZONES, false, Duration.ofSeconds(30), Duration.ofSeconds(10));
        world.cluster().put(pool);
        world.cluster().put(NodeClass.al2023("default"));
        return world;
    }

    private static Pod web(int i) {
        return Pod.of("default", "web-" + i, ResourceList.of(500, 512), Map.of()).with().nodeSelector("type", "karpenter").build();
    }

    @Test
    void theProvisionerStampsTheTemplateHashAndTheHashSurvivesTheManifest() {
        NodePool pool = inflatePool();
        SimulatedWorld world = world(pool);
        world.cluster().put(web(0));
        assertThat(world.waitUntilSettled(Duration.ofMinutes(5))).isTrue();
        NodeClaim claim = world.cluster().snapshot().nodeClaims().get(0);
        assertThat(claim.annotations()).containsAllEntriesOf(NodePoolHash.annotations(pool));
        assertThat(NodePoolHash.drifted(pool, claim)).isFalse();

        NodeClaim back = ClusterManifests.nodeClaim(ClusterManifests.nodeClaim(claim));
        assertThat(back.annotations()).isEqualTo(claim.annotations()).doesNotContainKey(Annotations.PRICE_PER_HOUR);
        assertThat(back.status().lastPodEventTime()).isEqualTo(claim.status().lastPodEventTime());
        assertThat(back.status().pricePerHour()).isEqualTo(claim.status().pricePerHour());
    }

    @Test
    void lastPodEventTimeMovesWhenAPodBindsAndWhenOneLeavesAndNotOtherwise() {
        SimulatedWorld world = world(inflatePool());
        world.cluster().put(web(0));
        Instant bound = null;
        while (bound == null && world.clock().instant().isBefore(SimulatedWorld.START.plus(Duration.ofMinutes(5)))) {
            world.tick();
            if (world.cluster().snapshot().pods().stream().anyMatch(p -> p.name().equals("web-0") && p.isBound())) bound = world.clock().instant();
        }
        assertThat(bound).as("web-0 bound").isNotNull();
        assertThat(claim(world).status().lastPodEventTime()).isEqualTo(bound);

        world.runFor(Duration.ofMinutes(1));
        assertThat(claim(world).status().lastPodEventTime()).as("no pod event in a quiet minute").isEqualTo(bound);

        world.cluster().deletePod("default/web-0");
        world.tick();
        assertThat(claim(world).status().lastPodEventTime()).as("the pod left").isEqualTo(world.clock().instant());
    }

    @Test
    void aChangeHeldBackByTheDedupeWindowIsWrittenOnceItEndsThoughNothingElseChanges() {
        SimulatedWorld world = world(inflatePool());
        world.cluster().put(web(0));
        world.cluster().put(web(1));
        world.runFor(Duration.ofMinutes(2));
        assertThat(world.cluster().snapshot().pods()).allMatch(Pod::isBound);
        String node = claim(world).status().nodeName();
        dev.jig.controller.lifecycle.PodEvents events = new dev.jig.controller.lifecycle.PodEvents(world.cluster(), world.clock());
        events.sync();
        world.cluster().deletePod("default/web-0");
        assertThat(events.sync()).as("the pod left").isEqualTo(1);
        Instant first = claim(world).status().lastPodEventTime();
        world.clock().advance(Duration.ofSeconds(1));
        world.cluster().deletePod("default/web-1");
        assertThat(events.sync()).as("within the dedupe window: held back").isZero();
        world.clock().advance(dev.jig.controller.lifecycle.PodEvents.DEDUPE);
        assertThat(events.sync()).as("the window ended; the cluster did not change since").isEqualTo(1);
        assertThat(claim(world).status().lastPodEventTime()).isAfter(first);
        assertThat(events.sync()).as("nothing left to write").isZero();
        assertThat(node).isNotNull();
    }

    private static NodeClaim claim(SimulatedWorld world) {
        return world.cluster().snapshot().nodeClaims().get(0);
    }
}
