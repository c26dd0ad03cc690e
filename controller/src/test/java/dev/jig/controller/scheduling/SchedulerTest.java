package dev.jig.controller.scheduling;

import dev.jig.controller.model.Pod;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.jig.controller.testing.Fixtures.inflatePool;
import static dev.jig.controller.testing.Fixtures.input;
import static dev.jig.controller.testing.Fixtures.pods;
import static org.assertj.core.api.Assertions.assertThat;

class SchedulerTest {

    @Test
    void fivePodsOfOneGibFitOneM5Large() {
        List<Pod> pods = pods("inflate", 5, 0, 1024);
        pods = pods.stream().map(p -> p.with().nodeSelector("type", "karpenter").build()).toList();
        SchedulingResult r = Scheduler.solve(SchedulingInput.of(pods, List.of(), List.of(input(inflatePool()))));
        assertThat(r.unschedulable()).isEmpty();
        assertThat(r.newClaims()).hasSize(1);
        assertThat(r.newClaims().get(0).cheapest().type().name()).isEqualTo("m5.large");
        assertThat(r.newClaims().get(0).options()).extracting(o -> o.type().name()).containsExactly("m5.large", "r5.large", "m5.xlarge");
    }
}
