package dev.jig.controller.simulate;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.api.source.Position;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A {@code simulate} scenario, read by {@link ScenarioReader}: the simulated cloud (zones, boot and
 * ready latency, capacity errors), the NodePools and EC2NodeClasses (inline, and/or compiled from a
 * Jig policy directory), DaemonSets, deployments, the steps to play, and the scoring strategy of
 * the simulated kube-scheduler ({@code spec.kubeScheduler.scoring}, LeastAllocated by default) and whether it
 * honours nominations ({@code spec.kubeScheduler.nominations}, Honored by default: Jig writes them, as {@code run} does), and how
 * long a bound pod takes to turn Ready ({@code spec.podReadyLatency}; PodDisruptionBudgets count Ready pods only).
 */
public record Scenario(String name, Path file, List<String> zones, Duration bootLatency, Duration readyLatency, boolean spot,
                       List<CapacityError> capacityErrors, Optional<Path> policies, List<JsonNode> nodePools,
                       List<JsonNode> nodeClasses, List<Workload> daemonSets, List<Workload> deployments, List<Step> steps,
                       KubeSchedulerScoring kubeScheduler, List<Budget> podDisruptionBudgets, Duration podReadyLatency,
                       KubeSchedulerNominations nominations, Faults faults) {

    /** The same scenario under other faults (the property test plays the examples under seeded ones). */
    public Scenario withFaults(Faults f) {
        return new Scenario(name, file, zones, bootLatency, readyLatency, spot, capacityErrors, policies, nodePools, nodeClasses, daemonSets,
                deployments, steps, kubeScheduler, podDisruptionBudgets, podReadyLatency, nominations, f);
    }

    /** Launches of this offering fail with insufficient capacity ({@code *} for any). */
    public record CapacityError(String instanceType, String zone, String capacityType) {
    }

    /** A Deployment or DaemonSet: its pod template as a Kubernetes pod spec, with its pods' labels and annotations. */
    public record Workload(String name, String namespace, int replicas, Map<String, String> labels, Map<String, String> annotations,
                           JsonNode podSpec) {
    }

    /**
     * A PodDisruptionBudget over the pods its {@code selector} (matchLabels) selects in its namespace: exactly one of
     * {@code minAvailable} and {@code maxUnavailable} is set, each a number ({@code "2"}) or a percentage ({@code "50%"}).
     */
    public record Budget(String name, String namespace, Map<String, String> selector, String minAvailable, String maxUnavailable) {

        public Budget {
            if ((minAvailable == null) == (maxUnavailable == null)) throw new IllegalArgumentException("exactly one of minAvailable and maxUnavailable");
        }

        /** A budget of {@code minAvailable} pods. */
        public static Budget minAvailable(String name, String namespace, Map<String, String> selector, int minAvailable) {
            return new Budget(name, namespace, selector, String.valueOf(minAvailable), null);
        }
    }

    /** One step of the scenario; {@code at} is where the file says it. */
    public sealed interface Step permits Scale, Wait, Advance, Expect, Interrupt, ApplyNodePool {
        Position at();
    }

    /** Set a deployment's replicas. */
    public record Scale(String deployment, int replicas, Position at) implements Step {
    }

    /** Run until no pod is pending and nothing is in flight, or the timeout passes. */
    public record Wait(Duration timeout, Position at) implements Step {
    }

    /** Run for a fixed time. */
    public record Advance(Duration duration, Position at) implements Step {
    }

    /**
     * Check the cluster: node count, instance types (name → count), pending pods, and per deployment the fewest Ready
     * pods it had at any second since the previous {@code expect} step (or the start); absent fields are not checked.
     */
    public record Expect(Optional<Integer> nodes, Map<String, Integer> instanceTypes, Optional<Integer> pending,
                         Map<String, Integer> readyAtLeast, Position at) implements Step {

        public Expect {
            readyAtLeast = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(readyAtLeast));
        }
    }

    /**
     * The simulated cloud sends {@code kind} about {@code nodes} launched instances, oldest first, optionally only those of a
     * capacity type or a NodePool.
     */
    public record Interrupt(dev.jig.controller.cloud.CloudEvent.Kind kind, int nodes, Optional<String> capacityType, Optional<String> nodePool,
                            Position at) implements Step {
    }

    /** Apply a NodePool: it replaces the one of the same name (its nodes may drift) or adds one. */
    public record ApplyNodePool(JsonNode nodePool, Position at) implements Step {
    }

    public Scenario {
        faults = faults == null ? Faults.NONE : faults;
        podDisruptionBudgets = List.copyOf(podDisruptionBudgets);
        zones = List.copyOf(zones);
        capacityErrors = List.copyOf(capacityErrors);
        nodePools = List.copyOf(nodePools);
        nodeClasses = List.copyOf(nodeClasses);
        daemonSets = List.copyOf(daemonSets);
        deployments = List.copyOf(deployments);
        steps = List.copyOf(steps);
    }
}
