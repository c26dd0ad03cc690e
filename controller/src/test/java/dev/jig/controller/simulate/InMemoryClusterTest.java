package dev.jig.controller.simulate;

import dev.jig.api.karpenter.ResourceList;
import dev.jig.controller.model.Pod;
import dev.jig.controller.state.Cluster;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link InMemoryCluster#nominate} answers as the API server does with the uid precondition; the generation tracks changes. */
class InMemoryClusterTest {

    private final InMemoryCluster cluster = new InMemoryCluster();

    private Pod stored() {
        return cluster.snapshot().pods().get(0);
    }

    @Test
    void aNominationMeantForAPodCreatedAgainUnderTheNameIsSkipped() {
        Pod old = Pod.of("default", "web", ResourceList.of(100, 128), Map.of()).with().uid("u-1").build();
        cluster.put(old.with().uid("u-2").build());
        assertThat(cluster.nominate(old, "n1")).isEqualTo(Cluster.Nomination.SKIPPED);
        assertThat(stored().nominatedNodeName()).isNull();
        assertThat(cluster.nominate(stored(), "n1")).isEqualTo(Cluster.Nomination.WRITTEN);
        assertThat(stored().nominatedNodeName()).isEqualTo("n1");
    }

    @Test
    void aGoneOrBoundPodIsSkipped() {
        Pod p = Pod.of("default", "web", ResourceList.of(100, 128), Map.of());
        assertThat(cluster.nominate(p, "n1")).isEqualTo(Cluster.Nomination.SKIPPED);
        cluster.put(p.with().nodeName("n2").build());
        assertThat(cluster.nominate(p, "n1")).isEqualTo(Cluster.Nomination.SKIPPED);
        assertThat(stored().nominatedNodeName()).isNull();
    }

    @Test
    void theGenerationMovesOnEveryChangeAndOnlyThen() {
        Pod p = Pod.of("default", "web", ResourceList.of(100, 128), Map.of());
        long start = cluster.generation();
        cluster.put(p);
        long added = cluster.generation();
        assertThat(added).isGreaterThan(start);
        cluster.put(p);
        cluster.deletePod("default/absent");
        cluster.snapshot();
        assertThat(cluster.generation()).as("writing what is there, removing what is not, reading").isEqualTo(added);
        cluster.bind(p.key(), "n1", java.time.Instant.EPOCH);
        assertThat(cluster.generation()).isGreaterThan(added);
        long bound = cluster.generation();
        cluster.deletePod(p.key());
        assertThat(cluster.generation()).isGreaterThan(bound);
    }
}
