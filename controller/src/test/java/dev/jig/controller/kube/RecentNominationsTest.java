package dev.jig.controller.kube;

import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link RecentNominations}: no second PATCH while the informer lags behind the first; one once it caught up or after the window. */
class RecentNominationsTest {

    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

    @Test
    void aWriteTheInformerHasNotDeliveredIsNotRepeated() {
        RecentNominations recent = new RecentNominations();
        assertThat(recent.inFlight("u1", "n1", "10", T0)).isFalse();
        recent.wrote("u1", "n1", "10", T0);
        assertThat(recent.inFlight("u1", "n1", "10", T0.plusSeconds(1))).as("cache still at the version before").isTrue();
        assertThat(recent.inFlight("u1", "n2", "10", T0.plusSeconds(1))).as("another node is another write").isFalse();
        assertThat(recent.inFlight("u2", "n1", "10", T0.plusSeconds(1))).as("another pod (uid)").isFalse();
    }

    @Test
    void onceTheInformerShowsAnotherVersionANominationClearedSinceIsWrittenAgain() {
        RecentNominations recent = new RecentNominations();
        recent.wrote("u1", "n1", "10", T0);
        assertThat(recent.inFlight("u1", "n1", "12", T0.plusSeconds(1))).isFalse();
    }

    @Test
    void entriesAreDroppedAfterTheWindow() {
        RecentNominations recent = new RecentNominations();
        recent.wrote("u1", "n1", "10", T0);
        recent.wrote("u2", null, "7", T0.plusSeconds(3));
        assertThat(recent.inFlight("u1", "n1", "10", T0.plus(RecentNominations.WINDOW))).isFalse();
        assertThat(recent.size()).isEqualTo(1);
        assertThat(recent.inFlight("u2", null, "7", T0.plusSeconds(4))).isTrue();
    }
}
