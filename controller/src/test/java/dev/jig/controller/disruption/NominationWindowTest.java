package dev.jig.controller.disruption;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class NominationWindowTest {

    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    private final NominationWindow window = new NominationWindow();

    @Test
    void whilePodsArePendingANominationOutlivesItsPlanByTheWindow() {
        assertThat(window.of(Set.of("n1"), true, T0)).containsExactly("n1");
        assertThat(window.of(Set.of(), true, T0.plusSeconds(19))).containsExactly("n1");
        assertThat(window.of(Set.of(), true, T0.plusSeconds(20))).isEmpty();
    }

    @Test
    void aNewNominationRestartsTheWindow() {
        window.of(Set.of("n1"), true, T0);
        window.of(Set.of("n1"), true, T0.plusSeconds(15));
        assertThat(window.of(Set.of(), true, T0.plusSeconds(30))).containsExactly("n1");
    }

    @Test
    void withNothingPendingOnlyTheCurrentNominationsCount() {
        window.of(Set.of("n1"), true, T0);
        assertThat(window.of(Set.of("n2"), false, T0.plusSeconds(1))).containsExactly("n2");
        assertThat(window.of(Set.of(), true, T0.plusSeconds(2))).as("remembered all the same").containsExactlyInAnyOrder("n1", "n2");
    }
}
