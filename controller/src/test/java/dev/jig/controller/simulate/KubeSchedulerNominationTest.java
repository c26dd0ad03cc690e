package dev.jig.controller.simulate;

import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.cloud.ResolvedInstanceType;
import dev.jig.controller.loop.TimelineEvent;
import dev.jig.controller.model.Node;
import dev.jig.controller.model.Pod;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static dev.jig.controller.testing.Fixtures.AL2023;
import static dev.jig.controller.testing.Fixtures.RESOLVER;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The simulated kube-scheduler reading {@code status.nominatedNodeName} as Kubernetes 1.35 does: a nominated pod is
 * tried on its node first (KEP-1923), pods nominated to a node hold its room against pods of lower or equal priority
 * (addNominatedPods) but not against higher ones, the scheduler clears the nomination of a pod it leaves unschedulable
 * and binding clears it too (KEP-5278); {@code Ignored} reads none of it.
 */
class KubeSchedulerNominationTest {

    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

    private final InMemoryCluster cluster = new InMemoryCluster();
    private final List<TimelineEvent> log = new ArrayList<>();

    private SimulatedKubeScheduler scheduler(KubeSchedulerScoring scoring, KubeSchedulerNominations nominations) {
        return new SimulatedKubeScheduler(cluster, new SimulatedClock(T0), log::add, scoring, nominations);
    }

    /** An m5.large (1930m allocatable) or larger, Ready or not. */
    private void node(String name, String type, boolean ready) {
        ResolvedInstanceType t = RESOLVER.resolve(AL2023, List.of(type)).get(0);
        Map<String, String> labels = new HashMap<>(t.labels());
        labels.put(WellKnownLabels.HOSTNAME, name);
        cluster.register(new Node(name, "sim:///us-east-1a/" + name, labels, List.of(), t.capacity(), t.allocatable(), ready, T0));
    }

    private void pod(String name, long cpu, int priority, int createdSecond, String nominated) {
        cluster.put(Pod.of("default", name, ResourceList.of(cpu, 256), Map.of()).with().priority(priority)
                .created(T0.plusSeconds(createdSecond)).build());
        if (nominated != null) cluster.nominate(live(name), nominated);
    }

    private Pod live(String name) {
        return cluster.snapshot().pods().stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
    }

    /** Two m5.xlarge, one half full (MostAllocated prefers it), and a pod nominated to the empty one. */
    private void busyAndEmptyWithAPodNominatedToTheEmptyOne() {
        node("busy", "m5.xlarge", true);
        node("empty", "m5.xlarge", true);
        cluster.put(Pod.of("default", "running", ResourceList.of(2000, 4096), Map.of()).with().nodeName("busy").build());
        pod("p", 500, 0, 0, "empty");
    }

    @Test
    void aNominatedPodGoesToItsNodeThoughScoringPrefersAnother() {
        busyAndEmptyWithAPodNominatedToTheEmptyOne();
        scheduler(KubeSchedulerScoring.MOST_ALLOCATED, KubeSchedulerNominations.HONORED).bind();
        assertThat(live("p").nodeName()).isEqualTo("empty");
        assertThat(live("p").nominatedNodeName()).as("binding clears the nomination").isNull();
    }

    @Test
    void ignoredNominationsLeaveThePodToScoring() {
        busyAndEmptyWithAPodNominatedToTheEmptyOne();
        scheduler(KubeSchedulerScoring.MOST_ALLOCATED, KubeSchedulerNominations.IGNORED).bind();
        assertThat(live("p").nodeName()).isEqualTo("busy");
    }

    @Test
    void aPodWhoseNominatedNodeDoesNotFitIsScheduledElsewhere() {
        node("small", "m5.large", true);
        node("big", "m5.2xlarge", true);
        pod("p", 3000, 0, 0, "small");
        scheduler(KubeSchedulerScoring.LEAST_ALLOCATED, KubeSchedulerNominations.HONORED).bind();
        assertThat(live("p").nodeName()).isEqualTo("big");
        assertThat(live("p").nominatedNodeName()).as("binding elsewhere clears it").isNull();
    }

    @Test
    void theSchedulerClearsANominationWhoseNodeIsNotReadyAndHonoursItWhenWrittenAgainOnceItIs() {
        node("booting", "m5.large", false);
        pod("waits", 1500, 0, 5, "booting");
        SimulatedKubeScheduler scheduler = scheduler(KubeSchedulerScoring.LEAST_ALLOCATED, KubeSchedulerNominations.HONORED);
        assertThat(scheduler.bind()).isZero();
        assertThat(live("waits").nominatedNodeName()).as("cleared after the failed attempt, as upstream").isNull();
        assertThat(scheduler.failure("default/waits")).hasValueSatisfying(f -> assertThat(f).contains("not ready"));

        Node n = cluster.snapshot().nodes().get(0);
        cluster.update(n.withReady(true));
        cluster.nominate(live("waits"), "booting"); // the provisioner writes it again
        pod("older", 1000, 0, 0, null);
        scheduler.bind();
        assertThat(live("waits").nodeName()).isEqualTo("booting");
        assertThat(live("older").nodeName()).as("the older pod found the room held").isNull();
    }

    @Test
    void aClearedNominationHoldsNoRoomForTheRestOfThePass() {
        node("a", "m5.large", false);
        node("b", "m5.large", true);
        pod("nominated", 1500, 5, 0, "b"); // tried first, misses b (too big once the bound pod is there)
        cluster.put(Pod.of("default", "running", ResourceList.of(1000, 256), Map.of()).with().nodeName("b").build());
        pod("later", 900, 0, 5, null);
        scheduler(KubeSchedulerScoring.LEAST_ALLOCATED, KubeSchedulerNominations.HONORED).bind();
        assertThat(live("nominated").nodeName()).isNull();
        assertThat(live("nominated").nominatedNodeName()).isNull();
        assertThat(live("later").nodeName()).as("no room held for the unschedulable pod").isEqualTo("b");
    }

    @Test
    void aNominationChangeAloneStartsNoPass() {
        node("a", "m5.large", true);
        pod("big", 2500, 0, 0, null);
        SimulatedKubeScheduler scheduler = scheduler(KubeSchedulerScoring.LEAST_ALLOCATED, KubeSchedulerNominations.HONORED);
        scheduler.bind();
        cluster.nominate(live("big"), "a");
        scheduler.bind();
        assertThat(live("big").nominatedNodeName()).as("status-only update: not tried again, so not cleared").isEqualTo("a");
    }

    @Test
    void anOlderPodOfEqualPriorityCannotTakeANominatedPodsRoom() {
        node("a", "m5.large", true);
        pod("older", 1000, 0, 0, null);
        pod("nominated", 1500, 0, 5, "a");
        scheduler(KubeSchedulerScoring.LEAST_ALLOCATED, KubeSchedulerNominations.HONORED).bind();
        assertThat(live("older").nodeName()).isNull();
        assertThat(live("nominated").nodeName()).isEqualTo("a");
        assertThat(log).extracting(TimelineEvent::message).noneMatch(m -> m.contains("older"));
    }

    @Test
    void withoutNominationsTheOlderPodTakesTheRoomFirst() {
        node("a", "m5.large", true);
        pod("older", 1000, 0, 0, null);
        pod("nominated", 1500, 0, 5, "a");
        scheduler(KubeSchedulerScoring.LEAST_ALLOCATED, KubeSchedulerNominations.IGNORED).bind();
        assertThat(live("older").nodeName()).isEqualTo("a");
        assertThat(live("nominated").nodeName()).isNull();
    }

    @Test
    void aLowerPriorityPodCannotTakeTheRoom() {
        node("a", "m5.large", true);
        pod("nominated", 1500, 5, 5, "a");
        pod("lower", 1000, 0, 0, null);
        scheduler(KubeSchedulerScoring.LEAST_ALLOCATED, KubeSchedulerNominations.HONORED).bind();
        assertThat(live("lower").nodeName()).isNull();
        assertThat(live("nominated").nodeName()).isEqualTo("a");
    }

    @Test
    void aHigherPriorityPodIgnoresTheNomination() {
        node("a", "m5.large", true);
        pod("nominated", 1500, 0, 0, "a");
        pod("higher", 1000, 9, 5, null);
        scheduler(KubeSchedulerScoring.LEAST_ALLOCATED, KubeSchedulerNominations.HONORED).bind();
        assertThat(live("higher").nodeName()).isEqualTo("a");
        assertThat(live("nominated").nodeName()).as("its room was taken by a higher priority").isNull();
        assertThat(live("nominated").nominatedNodeName()).as("cleared after its failed attempt").isNull();
    }
}
