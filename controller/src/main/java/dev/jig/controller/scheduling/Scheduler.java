package dev.jig.controller.scheduling;

import dev.jig.api.diag.Rule;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.karpenter.Taint;
import dev.jig.api.tenancy.Tenancy;
import dev.jig.controller.model.Limits;
import dev.jig.controller.model.NodePool;
import dev.jig.controller.model.Pod;
import dev.jig.controller.model.TopologySpread;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One scheduling simulation (Karpenter's {@code Scheduler.Solve}), a pure function of a
 * {@link SchedulingInput}: pending pods go onto existing nodes,
 * then onto the NodeClaims planned in this run, then onto new NodeClaims from the NodePools in
 * weight order. A pod that fits nowhere has its preferences relaxed one at a time and is retried;
 * pods that still fit nowhere go to the back of the queue until a full pass makes no progress (pod
 * affinity within the batch and constrained spreads need several passes). Limits and tenant quotas
 * are held by a {@link CapacityLedger}; placement is priced by the {@link Packer}. Order: pods of a
 * hostname anti-affinity group that selects them first (each needs a node of its own, which the
 * others then fill; see {@link PoolDemand#distinctTarget}), then pods without a hard topology spread before those
 * with one, then largest first (cpu, then memory).
 *
 * <p>Why spreads last: a spread is checked once, against the pods placed before it, and the kube-scheduler checks it
 * again when it binds the pod, against the pods bound before it. Placed after the pods that have no spread of their
 * own, its check counts every such pod the plan puts beside it, whatever order the kube-scheduler later binds them in
 * (a hostname spread then holds in any order while the others bind where planned, since a node's count only grows);
 * placed first, by size, the pods packed beside it afterwards could bind before it and leave its nominated node over
 * the skew. Measured on the diverse mix
 * (README, settled cost): it costs about 1% planned and saves about 3% settled.
 */
public final class Scheduler {

    private final Domains domains = new Domains();
    private final List<PoolTemplate> templates = new ArrayList<>();
    private final List<NodeSlot> slots = new ArrayList<>();
    private final NodeRoom nodeRoom;
    private final Topology topology;
    private final CapacityLedger ledger = new CapacityLedger();
    private final Packer packer;
    private final Preferences preferences;
    private final boolean respectPreferences;
    private final SchedulingInput input;
    private final Map<PodFacts.Shape, PodFacts.TemplateFit[]> fitsByShape = new HashMap<>();
    private final List<PodFacts> facts = new ArrayList<>();
    /** The cpu and memory requests of the pods not placed yet, as multisets: their minima decide which NodeClaims are full. */
    private final java.util.TreeMap<Long, Integer> pendingCpu = new java.util.TreeMap<>();
    private final java.util.TreeMap<Long, Integer> pendingMem = new java.util.TreeMap<>();

    private Scheduler(SchedulingInput in) {
        respectPreferences = in.respectPreferences();
        input = in;
        List<SchedulingInput.Pool> pools = new ArrayList<>(in.pools());
        pools.sort(Comparator.comparingInt((SchedulingInput.Pool p) -> -p.pool().weight()).thenComparing(p -> p.pool().name()));
        boolean preferNoSchedule = false;
        for (SchedulingInput.Pool p : pools) {
            NodePool pool = p.pool();
            String tenant = in.tenancy().flatMap(t -> t.tenantOfNodePool(pool.name())).map(Tenancy.TenantEntry::name).orElse(null);
            templates.add(new PoolTemplate(templates.size(), pool, tenant, p.instanceTypes(), in.daemonSets(), domains));
            ledger.pool(pool.name(), pool.limits());
            for (Taint t : pool.taints()) preferNoSchedule |= t.effect().equals("PreferNoSchedule");
        }
        preferences = new Preferences(preferNoSchedule);
        in.tenancy().ifPresent(t -> t.tenants().values().forEach(e -> ledger.tenant(e.name(), Limits.ofQuota(e.quota().toResourceList()))));
        List<ExistingNode> nodes = new ArrayList<>(in.nodes());
        nodes.sort(ExistingNode.SCHEDULING_ORDER);
        for (ExistingNode n : nodes) if (n.zone() != null) domains.zone(n.zone());
        topology = new Topology(domains, templates, slots);
        for (ExistingNode n : nodes) {
            slots.add(new NodeSlot(n, topology.newHost(), domains, in.daemonSets()));
            if (n.pool() != null) {
                String tenant = in.tenancy().flatMap(t -> t.tenantOfNodePool(n.pool())).map(Tenancy.TenantEntry::name).orElse(null);
                ledger.existing(n.pool(), tenant, n.capacity());
            }
        }
        // Every node is known before the first group takes its domains from them, and its bound pods from their nodes.
        for (NodeSlot s : slots) for (Pod p : s.node.antiAffinePods()) topology.recordBoundAntiAffinity(p, s);
        nodeRoom = new NodeRoom(slots);
        packer = new Packer(templates, facts, topology, ledger);
        for (Pod p : in.pods()) {
            if (p.isBound() || p.daemonSet()) continue;
            PodFacts f = new PodFacts(facts.size(), p);
            f.refresh(p, respectPreferences, topology, domains);
            facts.add(f);
        }
        for (PodFacts f : facts) {
            pendingCpu.merge(f.cpu, 1, Integer::sum);
            pendingMem.merge(f.mem, 1, Integer::sum);
            f.repelledBy = topology.repelling(f.pod);
            fit(f);
            packer.count(f);
        }
    }

    /** Runs one scheduling simulation. */
    public static SchedulingResult solve(SchedulingInput input) {
        return new Scheduler(input).run();
    }

    private SchedulingResult run() {
        List<PodFacts> sorted = new ArrayList<>(facts);
        sorted.sort(Comparator.comparing((PodFacts f) -> f.distinctGroup == null)
                .thenComparing(f -> f.original.spreads().stream().anyMatch(TopologySpread::hard))
                .thenComparingLong(f -> -f.cpu)
                .thenComparingLong(f -> -f.mem).thenComparingInt(f -> f.seq));
        ArrayDeque<PodFacts> queue = new ArrayDeque<>(sorted);
        int[] lastLen = new int[facts.size()];
        java.util.Arrays.fill(lastLen, -1);
        int pops = 0;
        while (!queue.isEmpty()) {
            PodFacts p = queue.peekFirst();
            if (lastLen[p.seq] == queue.size()) break;
            queue.pollFirst();
            if ((pops++ & 63) == 0) packer.close(pendingCpu.firstKey(), pendingMem.firstKey());
            if (schedule(p)) {
                p.placed = true;
                packer.uncount(p);
                pendingCpu.merge(p.cpu, -1, (a, b) -> a + b == 0 ? null : a + b);
                pendingMem.merge(p.mem, -1, (a, b) -> a + b == 0 ? null : a + b);
            } else {
                queue.addLast(p);
                lastLen[p.seq] = queue.size();
            }
        }
        return result();
    }

    private boolean schedule(PodFacts p) {
        if (p.pod != p.original) {
            p.refresh(p.original, respectPreferences, topology, domains);
            fit(p);
        }
        while (true) {
            p.refusals.clear();
            if (p.unsupported == null && (placeOnExisting(p) || packer.place(p))) return true;
            // Also when the pod asks for something not modelled: a preference that does must relax, never block.
            Preferences.Relaxed relaxed = preferences.relax(p.pod);
            if (relaxed == null) return false;
            p.refresh(relaxed.pod(), respectPreferences, topology, domains);
            p.repelledBy = topology.repelling(p.pod);
            fit(p);
        }
    }

    /** The first existing node, in order, that takes the pod (nodes without room for it are skipped by {@link NodeRoom}). */
    private boolean placeOnExisting(PodFacts p) {
        for (int i = nodeRoom.first(0, p.cpu, p.mem); i >= 0; i = nodeRoom.first(i + 1, p.cpu, p.mem)) {
            NodeSlot s = slots.get(i);
            if (input.keepsOff(p.original, s.node.name())) continue;
            if (s.refusal(p) != null) continue;
            if (topology.allowedZones(p, s, s.zones()) == 0) continue;
            s.place(p);
            nodeRoom.update(i, s);
            topology.record(p, s);
            return true;
        }
        return false;
    }

    /** Per pool, whether and on which types the pod may run (shared by pods of the same shape). */
    private void fit(PodFacts p) {
        PodFacts.TemplateFit[] fits = fitsByShape.get(p.shape());
        if (fits == null) {
            fits = new PodFacts.TemplateFit[templates.size()];
            for (PoolTemplate t : templates) fits[t.order] = TemplateFits.of(p, t, domains);
            fitsByShape.put(p.shape(), fits);
        }
        p.fits = fits;
    }

    private SchedulingResult result() {
        List<PlannedNodeClaim> claims = new ArrayList<>();
        for (ClaimPlan c : packer.claims) if (!c.isEmpty()) claims.add(ClaimFinalizer.finish(c, domains));
        Map<String, List<Pod>> existing = new LinkedHashMap<>();
        for (NodeSlot s : slots) if (!s.placed.isEmpty()) existing.put(s.node.name(), List.copyOf(s.placed));
        List<Unschedulable> failed = new ArrayList<>();
        for (PodFacts f : facts) if (!f.placed) failed.add(new Unschedulable(f.original, refusals(f)));
        return new SchedulingResult(claims, existing, failed);
    }

    private List<Refusal> refusals(PodFacts f) {
        if (templates.isEmpty()) return List.of(new Refusal(null, Rule.NO_NODE_POOL, "no NodePool can launch nodes"));
        if (f.unsupported != null) return List.of(new Refusal(null, Rule.UNSUPPORTED_REQUEST, "pod " + f.unsupported));
        List<Refusal> out = new ArrayList<>();
        for (PoolTemplate t : templates) {
            Refusal r = f.fits[t.order].refusal();
            if (r == null) {
                for (Refusal x : f.refusals) if (t.name().equals(x.pool())) r = x;
            }
            if (r == null) r = packer.topologyRefusal(t);
            out.add(r);
        }
        return out;
    }

    /** A tenant's quota as ledger limits; a quota does not bound the number of nodes. */
}
