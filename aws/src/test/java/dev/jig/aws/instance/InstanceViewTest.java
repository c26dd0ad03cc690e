package dev.jig.aws.instance;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class InstanceViewTest {

    private static final Instant T0 = Instant.parse("2026-11-25T12:00:00Z");
    private static final Duration WINDOW = Duration.ofMinutes(5);

    private static Ec2Instance instance(String id, String state) {
        return new Ec2Instance(id, "m5.large", "us-east-1a", "on-demand", "ami-1", "subnet-1", List.of("sg-1"), T0, state, Map.of());
    }

    @Test
    void aDescribeReplacesWhatWasKnownAndDropsTheTerminatedAndTheMissing() {
        InstanceView v = InstanceView.empty().refreshed(List.of(instance("i-a", "running"), instance("i-b", "running")), T0, T0, WINDOW);
        assertThat(v.read()).isTrue();
        v = v.refreshed(List.of(instance("i-a", "stopped"), instance("i-c", "terminated")), T0.plusSeconds(15), T0.plusSeconds(15), WINDOW);
        assertThat(v.get("i-a")).map(Ec2Instance::state).contains("stopped");
        assertThat(v.get("i-b")).isEmpty();
        assertThat(v.get("i-c")).isEmpty();
        assertThat(v.readAt()).isEqualTo(T0.plusSeconds(15));
    }

    @Test
    void aLaunchIsKnownAtOnceAndOutlivesDescribesThatDoNotShowItYetForTheWindowOnly() {
        InstanceView v = InstanceView.empty().withLaunched(instance("i-new", "pending"), T0);
        assertThat(v.read()).isFalse();
        assertThat(v.get("i-new")).isPresent();
        v = v.refreshed(List.of(), T0.plusSeconds(15), T0.plusSeconds(15), WINDOW);
        assertThat(v.live()).extracting(Ec2Instance::id).containsExactly("i-new");
        assertThat(v.refreshed(List.of(), T0.plus(WINDOW), T0.plus(WINDOW), WINDOW).get("i-new")).as("past the window, EC2 wins").isEmpty();
    }

    @Test
    void onceADescribeShowsALaunchTheDescribeWinsAndALaterAbsenceMeansGone() {
        InstanceView v = InstanceView.empty().withLaunched(instance("i-new", "pending"), T0)
                .refreshed(List.of(instance("i-new", "running")), T0.plusSeconds(15), T0.plusSeconds(15), WINDOW);
        assertThat(v.get("i-new")).map(Ec2Instance::state).contains("running");
        assertThat(v.launched()).isEmpty();
        assertThat(v.refreshed(List.of(), T0.plusSeconds(30), T0.plusSeconds(30), WINDOW).get("i-new")).isEmpty();
    }

    @Test
    void aTerminationStaysShuttingDownOverADescribeThatLagsBehindIt() {
        InstanceView v = InstanceView.empty().refreshed(List.of(instance("i-a", "running")), T0, T0, WINDOW)
                .withTerminating("i-a", "shutting-down", T0.plusSeconds(1));
        assertThat(v.get("i-a").orElseThrow().terminating()).isTrue();
        // a describe that started before the termination still shows it running
        v = v.refreshed(List.of(instance("i-a", "running")), T0, T0.plusSeconds(2), WINDOW);
        assertThat(v.get("i-a")).map(Ec2Instance::state).contains("shutting-down");
        assertThat(v.refreshed(List.of(), T0.plusSeconds(20), T0.plusSeconds(20), WINDOW).get("i-a")).isEmpty();
    }

    @Test
    void aTerminationAnsweredTerminatedOrAnUnknownIdRemovesTheInstance() {
        InstanceView v = InstanceView.empty().refreshed(List.of(instance("i-a", "running"), instance("i-b", "running")), T0, T0, WINDOW);
        assertThat(v.withTerminating("i-a", "terminated", T0).get("i-a")).isEmpty();
        assertThat(v.without("i-b").get("i-b")).isEmpty();
        assertThat(v.without("i-b").get("i-a")).isPresent();
    }
}
