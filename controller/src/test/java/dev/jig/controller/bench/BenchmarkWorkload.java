package dev.jig.controller.bench;

import dev.jig.api.ec2.Catalog;
import dev.jig.api.ec2.InstanceType;
import dev.jig.api.ec2.NodeClass;
import dev.jig.api.karpenter.Requirement;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.cloud.sim.InstanceTypeResolver;
import dev.jig.controller.model.Disruption;
import dev.jig.controller.model.LabelSelector;
import dev.jig.controller.model.Limits;
import dev.jig.controller.model.NodePool;
import dev.jig.controller.model.Pod;
import dev.jig.controller.model.PodAffinityTerm;
import dev.jig.controller.model.PoolRequirement;
import dev.jig.controller.model.TopologySpread;
import dev.jig.controller.scheduling.SchedulingInput;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The workload of Karpenter's {@code scheduling_benchmark_test.go}, rebuilt on Jig's model: 400
 * instance types, one NodePool with huge limits, pods of 100m–1500m cpu and 100Mi–4Gi memory, and the
 * "generic" and "diverse" mixes (a fifth each of generic, zone spread, hostname spread, zone
 * self-affinity and hostname anti-affinity). Karpenter's fake provider prices made-up types in
 * proportion to their size; here the 400 types are real ones from the bundled catalog, with their
 * real on-demand prices: every other non-GPU, non-burstable, non-metal type of families c, m and r
 * (841 of them), taken evenly by name. Seeded, so every run plans the same pods.
 */
public final class BenchmarkWorkload {

    public static final String[] ZONES = {"us-east-1a", "us-east-1b", "us-east-1c"};
    private static final long[] CPU = {100, 250, 500, 1000, 1500};
    private static final long[] MEMORY_MIB = {100, 256, 512, 1024, 2048, 4096};
    private static final String[] VALUES = {"a", "b", "c", "d", "e", "f", "g"};

    private BenchmarkWorkload() {
    }

    /** The 400 instance type names. */
    public static List<String> instanceTypes(Catalog catalog) {
        List<InstanceType> eligible = new ArrayList<>();
        for (InstanceType t : catalog.all()) {
            if (t.gpu().isPresent() || t.bareMetal() || t.onDemandPrice().isEmpty() || t.category().equals("t")) continue;
            eligible.add(t);
        }
        List<String> out = new ArrayList<>();
        double step = eligible.size() / 400.0;
        for (int i = 0; i < 400; i++) out.add(eligible.get((int) (i * step)).name());
        return out;
    }

    public static SchedulingInput.Pool pool(Catalog catalog) {
        return pool(catalog, instanceTypes(catalog));
    }

    /** The benchmark's NodePool (huge limits, on-demand, {@link Disruption#DEFAULT}) over the instance types {@code names}. */
    public static SchedulingInput.Pool pool(Catalog catalog, List<String> names) {
        InstanceTypeResolver resolver = new InstanceTypeResolver(catalog, List.of(ZONES), false);
        NodePool pool = new NodePool("default", 10, Map.of(), List.of(
                PoolRequirement.of(new Requirement(WellKnownLabels.INSTANCE_TYPE, Requirement.Operator.In, names)),
                PoolRequirement.of(new Requirement(WellKnownLabels.CAPACITY_TYPE, Requirement.Operator.In, List.of("on-demand")))),
                List.of(), List.of(), "default",
                new Limits(10_000_000_000L, 10_000_000L * ResourceList.GIB, Limits.UNLIMITED, Limits.UNLIMITED), Disruption.DEFAULT);
        return new SchedulingInput.Pool(pool, resolver.resolve(NodeClass.al2023("default"), names));
    }

    public static List<Pod> generic(int count, long seed) {
        Random r = new Random(seed);
        List<Pod> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) out.add(genericPod(r, "generic-" + i));
        return out;
    }

    public static List<Pod> diverse(int count, long seed) {
        Random r = new Random(seed);
        int fifth = count / 5;
        List<Pod> out = new ArrayList<>(count);
        for (int i = 0; i < fifth; i++) out.add(genericPod(r, "generic-" + i));
        for (int i = 0; i < fifth; i++) out.add(spread(r, "zone-spread-" + i, WellKnownLabels.ZONE));
        for (int i = 0; i < fifth; i++) out.add(spread(r, "host-spread-" + i, "kubernetes.io/hostname"));
        for (int i = 0; i < fifth; i++) {
            Map<String, String> labels = Map.of("my-affinity", pick(r));
            out.add(pod(r, "zone-affinity-" + i, labels).with()
                    .affinity(PodAffinityTerm.required(LabelSelector.of(labels), WellKnownLabels.ZONE)).build());
        }
        Map<String, String> nginx = Map.of("app", "nginx");
        for (int i = 0; i < fifth; i++) {
            out.add(pod(r, "host-anti-" + i, nginx).with()
                    .antiAffinity(PodAffinityTerm.required(LabelSelector.of(nginx), "kubernetes.io/hostname")).build());
        }
        for (int i = out.size(); i < count; i++) out.add(genericPod(r, "generic-rest-" + i));
        return out;
    }

    private static Pod genericPod(Random r, String name) {
        return pod(r, name, Map.of("my-label", pick(r)));
    }

    private static Pod spread(Random r, String name, String key) {
        Pod p = pod(r, name, Map.of("my-label", pick(r)));
        return p.with().spread(TopologySpread.of(1, key, LabelSelector.of(Map.of("my-label", pick(r))))).build();
    }

    private static Pod pod(Random r, String name, Map<String, String> labels) {
        return Pod.of("default", name, ResourceList.of(CPU[r.nextInt(CPU.length)], MEMORY_MIB[r.nextInt(MEMORY_MIB.length)]), labels);
    }

    private static String pick(Random r) {
        return VALUES[r.nextInt(VALUES.length)];
    }
}
