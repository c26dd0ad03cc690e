package dev.jig.controller.metrics;

import dev.jig.controller.provisioning.ProvisioningMetrics;
import dev.jig.controller.scheduling.SchedulingResult;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import java.time.Duration;
import java.util.function.Supplier;

/**
 * The provisioner's figures as Micrometer timers (Prometheus names in brackets):
 * <ul>
 *   <li>{@code jig.provisioner.scheduling.duration} [{@code jig_provisioner_scheduling_duration_seconds}]: each
 *       scheduling run, as Karpenter's {@code karpenter_provisioner_scheduling_duration_seconds};</li>
 *   <li>{@code jig.pods.nodeclaim.wait} [{@code jig_pods_nodeclaim_wait_seconds}]: per pod, from the first reconcile
 *       that saw it pending to the creation of its first NodeClaim (Jig's own), with a percentile histogram so that
 *       its p99 can be read.</li>
 * </ul>
 */
public final class ProvisioningMeters implements ProvisioningMetrics {

    private final Timer scheduling;
    private final Timer wait;

    public ProvisioningMeters(MeterRegistry registry) {
        this.scheduling = Timer.builder("jig.provisioner.scheduling.duration").description("How long each scheduling run took")
                .publishPercentileHistogram().register(registry);
        this.wait = Timer.builder("jig.pods.nodeclaim.wait").description("From a pod first seen pending to the creation of its first NodeClaim")
                .publishPercentileHistogram().register(registry);
    }

    @Override
    public SchedulingResult scheduling(Supplier<SchedulingResult> solve) {
        return scheduling.record(solve);
    }

    @Override
    public void nodeClaimCreated(String pod, Duration waited) {
        wait.record(waited);
    }
}
