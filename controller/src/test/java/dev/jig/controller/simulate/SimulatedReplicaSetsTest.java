package dev.jig.controller.simulate;

import dev.jig.api.karpenter.ResourceList;
import dev.jig.controller.model.Pod;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class SimulatedReplicaSetsTest {

    private final SimulatedClock clock = new SimulatedClock(Instant.parse("2026-01-01T00:00:00Z"));
    private final InMemoryCluster cluster = new InMemoryCluster();
    private final SimulatedReplicaSets sets = new SimulatedReplicaSets(cluster, clock);
    private final SimulatedReplicaSets.ReplicaSet web = new SimulatedReplicaSets.ReplicaSet("default", "web",
            name -> Pod.of("default", name, ResourceList.of(100, 128), Map.of("app", "web")));

    private java.util.List<String> names() {
        return cluster.snapshot().pods().stream().map(Pod::name).sorted().toList();
    }

    @Test
    void aPodThatGoesIsReplacedByANewPendingPodCreatedNowNotRebound() {
        sets.scale(web, 2);
        cluster.bind("default/web-0", "n1", java.time.Instant.EPOCH);
        cluster.bind("default/web-1", "n1", java.time.Instant.EPOCH);
        Pod evicted = cluster.snapshot().pods().get(0);
        assertThat(cluster.evict(evicted).done()).isTrue();
        clock.advance(Duration.ofSeconds(3));

        sets.sync();

        assertThat(names()).containsExactly("web-1", "web-2");
        Pod replacement = cluster.snapshot().pods().stream().filter(p -> p.name().equals("web-2")).findFirst().orElseThrow();
        assertThat(replacement.isBound()).isFalse();
        assertThat(replacement.uid()).isNotEqualTo(evicted.uid());
        assertThat(replacement.created()).isEqualTo(clock.instant());
        assertThat(replacement.labels()).containsEntry("app", "web");
    }

    @Test
    void thePodsOfANodeThatIsGoneAreDeletedAndReplacedUnderNewNames() {
        sets.scale(web, 2);
        cluster.bind("default/web-0", "n1", java.time.Instant.EPOCH);
        cluster.bind("default/web-1", "n2", java.time.Instant.EPOCH);
        cluster.removeNode("n1");
        assertThat(names()).as("the pod garbage collector deleted the pod, nothing rebinds it").containsExactly("web-1");
        sets.sync();
        assertThat(names()).containsExactly("web-1", "web-2");
    }

    @Test
    void aSyncWithEveryReplicaPresentCreatesNothing() {
        sets.scale(web, 2);
        sets.sync();
        sets.sync();
        assertThat(names()).containsExactly("web-0", "web-1");
    }

    @Test
    void scalingDownDeletesPendingPodsFirstThenTheNewest() {
        assertThat(sets.scale(web, 4)).as("pods before").isZero();
        cluster.bind("default/web-0", "n1", java.time.Instant.EPOCH);
        cluster.bind("default/web-2", "n1", java.time.Instant.EPOCH);
        cluster.bind("default/web-3", "n1", java.time.Instant.EPOCH);
        assertThat(sets.scale(web, 2)).isEqualTo(4);
        assertThat(names()).containsExactly("web-0", "web-2");
    }

    @Test
    void scalingDownDeletesPendingPodsThenBoundPodsNotReadyThenTheNewestReadyOnes() {
        java.util.Set<String> ready = java.util.Set.of("web-0", "web-3");
        SimulatedReplicaSets ranked = new SimulatedReplicaSets(cluster, clock, p -> ready.contains(p.name()));
        ranked.scale(web, 5);
        for (int i = 0; i < 4; i++) cluster.bind("default/web-" + i, "n1", java.time.Instant.EPOCH);
        // web-4 pending, web-1 and web-2 bound but not Ready, web-0 and web-3 Ready
        ranked.scale(web, 3);
        assertThat(names()).as("the pending pod, then the newer of the two not Ready").containsExactly("web-0", "web-1", "web-3");
        ranked.scale(web, 1);
        assertThat(names()).as("the last not Ready pod, then the newer Ready one").containsExactly("web-0");
    }

    @Test
    void aReplicaSetOwnsOnlyItsNumberedPodsInItsNamespace() {
        assertThat(web.owns(Pod.of("default", "web-12", ResourceList.ZERO, Map.of()))).isTrue();
        assertThat(web.owns(Pod.of("default", "web-api-0", ResourceList.ZERO, Map.of()))).isFalse();
        assertThat(web.owns(Pod.of("default", "web-", ResourceList.ZERO, Map.of()))).isFalse();
        assertThat(web.owns(Pod.of("shop", "web-0", ResourceList.ZERO, Map.of()))).isFalse();
        assertThat(web.owns(Pod.of("default", "web-0", ResourceList.ZERO, Map.of()).with().daemonSet(true).build())).isFalse();
        sets.scale(web, 1);
        assertThat(sets.owner(cluster.snapshot().pods().get(0))).contains(web);
        assertThat(sets.owner(Pod.of("default", "api-0", ResourceList.ZERO, Map.of()))).isEmpty();
    }

    @Test
    void aBarePodThatGoesIsNotRecreated() {
        cluster.put(Pod.of("default", "bare", ResourceList.ZERO, Map.of()));
        sets.scale(web, 1);
        cluster.deletePod("default/bare");
        sets.sync();
        assertThat(names()).containsExactly("web-0");
    }

    @Test
    void aReplicaSetOfOneBuiltFromAnExistingPodKeepsItsSpecUnderEachNewName() {
        Pod model = Pod.of("batch", "job-7", ResourceList.of(1500, 4096), Map.of("app", "anti")).with().priority(5)
                .antiAffinity(new dev.jig.controller.model.PodAffinityTerm(dev.jig.controller.model.LabelSelector.of(Map.of("app", "anti")),
                        "kubernetes.io/hostname", java.util.Set.of(), 0)).build();
        SimulatedReplicaSets.ReplicaSet one = new SimulatedReplicaSets.ReplicaSet("batch", model.name(),
                name -> model.with().name(name).uid(model.namespace() + "/" + name).build());
        sets.scale(one, 1);
        Pod first = cluster.snapshot().pods().get(0);
        assertThat(first.key()).isEqualTo("batch/job-7-0");
        assertThat(first.uid()).isEqualTo("batch/job-7-0");
        assertThat(first.requests()).isEqualTo(model.requests());
        assertThat(first.antiAffinity()).isEqualTo(model.antiAffinity());
        assertThat(first.priority()).isEqualTo(5);
        cluster.bind(first.key(), "n1", java.time.Instant.EPOCH);
        assertThat(cluster.evict(first).done()).isTrue();

        sets.sync();

        Pod next = cluster.snapshot().pods().get(0);
        assertThat(next.key()).isEqualTo("batch/job-7-1");
        assertThat(next.uid()).isNotEqualTo(first.uid());
        assertThat(next.isBound()).isFalse();
        assertThat(next.antiAffinity()).isEqualTo(model.antiAffinity());
    }
}
