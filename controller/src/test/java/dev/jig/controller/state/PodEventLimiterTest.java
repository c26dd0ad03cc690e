package dev.jig.controller.state;

import dev.jig.api.karpenter.ResourceList;
import dev.jig.controller.model.Pod;
import dev.jig.controller.simulate.InMemoryCluster;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** Pod Events: a repeat of the same reason and message waits five minutes; a new message goes at once. */
class PodEventLimiterTest {

    private final InMemoryCluster cluster = new InMemoryCluster();
    private final PodEventLimiter limiter = new PodEventLimiter(cluster);
    private final Pod web = Pod.of("shop", "web", ResourceList.of(100, 128), Map.of()).with().uid("u-1").build();
    private final Instant t0 = Instant.parse("2026-01-01T00:00:00Z");

    private boolean publish(String reason, String message, Instant at) {
        return limiter.publish(ObjectEvent.onPod(web, ObjectEvent.WARNING, reason, message), at);
    }

    @Test
    void theSameMessageIsPublishedAgainOnlyAfterFiveMinutesAndANewOneAtOnce() {
        assertThat(publish("Unschedulable", "no pool", t0)).isTrue();
        assertThat(publish("Unschedulable", "no pool", t0.plus(Duration.ofMinutes(1)))).isFalse();
        assertThat(publish("Unschedulable", "quota", t0.plus(Duration.ofMinutes(2)))).as("the reason text changed").isTrue();
        assertThat(publish("EvictionBlocked", "pdb", t0.plus(Duration.ofMinutes(2)))).as("another reason").isTrue();
        assertThat(publish("Unschedulable", "quota", t0.plus(Duration.ofMinutes(6)))).isFalse();
        assertThat(publish("Unschedulable", "quota", t0.plus(Duration.ofMinutes(7)))).isTrue();
        assertThat(cluster.events()).extracting(ObjectEvent::message).containsExactly("no pool", "quota", "pdb", "quota");
        assertThat(cluster.events()).allSatisfy(e -> {
            assertThat(e.kind()).isEqualTo(ObjectEvent.POD);
            assertThat(e.namespace()).isEqualTo("shop");
            assertThat(e.uid()).isEqualTo("u-1");
        });
    }

    @Test
    void aPodThatIsGoneIsForgottenSoItsNamesakeGetsItsEventAtOnce() {
        publish("Unschedulable", "no pool", t0);
        limiter.retain(Set.of("shop/other"));
        assertThat(publish("Unschedulable", "no pool", t0.plusSeconds(1))).isTrue();
        limiter.retain(Set.of("shop/web"));
        assertThat(publish("Unschedulable", "no pool", t0.plusSeconds(2))).isFalse();
    }

    @Test
    void aPodEventNeedsItsNamespaceAndTheModelsFallbackUidIsLeftOut() {
        assertThat(ObjectEvent.onPod(Pod.of("shop", "api", ResourceList.ZERO, Map.of()), ObjectEvent.NORMAL, "Evicted", "").uid()).isNull();
        org.assertj.core.api.Assertions.assertThatNullPointerException()
                .isThrownBy(() -> new ObjectEvent(ObjectEvent.POD, null, "api", null, ObjectEvent.NORMAL, "Evicted", ""));
    }
}
