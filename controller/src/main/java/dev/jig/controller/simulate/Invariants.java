package dev.jig.controller.simulate;

import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.karpenter.TaintKeys;
import dev.jig.api.tenancy.Tenancy;
import dev.jig.controller.cloud.Instance;
import dev.jig.controller.disruption.Budgets;
import dev.jig.controller.disruption.Reason;
import dev.jig.controller.loop.TimelineEvent;
import dev.jig.controller.model.DoNotDisrupt;
import dev.jig.controller.model.Limits;
import dev.jig.controller.model.Node;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.NodePool;
import dev.jig.controller.model.Pod;
import dev.jig.controller.state.ClusterSnapshot;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What must hold on every simulated second of every scenario, checked after each tick ({@link SimulatedWorld#tick}); the
 * first violation of each rule is kept with its second, so the report can show it beside the timeline:
 * <ul>
 *   <li>{@value #RUNAWAY}: NodeClaims in flight (not initialized, not deleting, no pod running on their node yet) never
 *       exceed the pods that need a place (unbound, or on a node that is going) plus {@value #RUNAWAY_SLACK};</li>
 *   <li>{@value #LIMITS}: no NodePool's {@code limits} and no tenant's quota is exceeded by its live NodeClaims, launching
 *       ones included (the candidates of a disruption, tainted {@code disrupted}, are left out: their replacements
 *       stand in for them until they go);</li>
 *   <li>{@value #BUDGETS}: when disruption decides a voluntary command, the pool's nodes disrupting (deleting, NotReady
 *       or tainted {@code disrupted}) never exceed what the pool's budgets allow for its reason;</li>
 *   <li>{@value #DO_NOT_DISRUPT}: no pod whose {@code karpenter.sh/do-not-disrupt} is active is ever evicted (the
 *       simulated Eviction API refuses what a PodDisruptionBudget does not allow, so evictions never exceed PDBs);</li>
 *   <li>{@value #LEAKED_INSTANCE}: no instance without a NodeClaim outlives {@link #LEAK_WINDOW}; no launched NodeClaim
 *       without an instance outlives it either;</li>
 *   <li>{@value #STRAY_TAINT}: no node stays tainted {@code disrupted} for {@link #TAINT_WINDOW} without a disruption
 *       command or a deletion behind it;</li>
 *   <li>{@value #STUCK_FINALIZER}: no deleting NodeClaim whose node has nothing left to drain keeps its finalizer for
 *       {@link #FINALIZER_WINDOW};</li>
 *   <li>{@value #UNBOUND}: once faults stop (from the start when there are none), every pod the provisioner can place
 *       is bound within {@link #BIND_WINDOW} plus the world's boot and Ready latency; a pod no NodePool can take (a quota, a limit) is the scenario's to
 *       expect, not an invariant's.</li>
 * </ul>
 */
final class Invariants {

    static final String RUNAWAY = "runaway";
    static final String LIMITS = "limits";
    static final String BUDGETS = "budgets";
    static final String DO_NOT_DISRUPT = "do-not-disrupt";
    static final String LEAKED_INSTANCE = "leaked-instance";
    static final String STRAY_TAINT = "stray-taint";
    static final String STUCK_FINALIZER = "stuck-finalizer";
    static final String UNBOUND = "unbound";

    /** NodeClaims in flight beyond the pods that need a place: a batch may plan a node its pods then find elsewhere. */
    static final int RUNAWAY_SLACK = 3;
    /** Orphan collection runs every 2 minutes; an instance or NodeClaim without its other half goes within this. */
    static final Duration LEAK_WINDOW = Duration.ofMinutes(5);
    static final Duration TAINT_WINDOW = Duration.ofSeconds(5);
    static final Duration FINALIZER_WINDOW = Duration.ofMinutes(2);
    /**
     * A launch whose node never registers is given up after 15 minutes (Karpenter's registration TTL), and the next one
     * takes a minute or two: a pod still pending 20 minutes after faults stopped is stuck, not slow.
     */
    static final Duration BIND_WINDOW = Duration.ofMinutes(20);

    /** One broken rule: which, when (seconds into the run) and what. */
    record Violation(String rule, long at, String message) {
        /** {@code +m:ss} into the run. */
        String when() {
            return String.format(Locale.ROOT, "+%d:%02d", at / 60, at % 60);
        }
    }

    private final Map<String, Violation> first = new java.util.LinkedHashMap<>();
    private int count;
    private final Map<String, Instant> orphanSince = new HashMap<>();
    private final Map<String, Instant> missingSince = new HashMap<>();
    private final Map<String, Instant> strayTaintSince = new HashMap<>();
    private final Map<String, Instant> drainedSince = new HashMap<>();
    private final Map<String, Instant> pendingSince = new HashMap<>();
    /** How long the world takes to boot a node and make it Ready ({@code spec.cloud}): added to {@link #BIND_WINDOW}. */
    private final Duration nodeLatency;

    Invariants() {
        this(Duration.ZERO);
    }

    Invariants(Duration nodeLatency) {
        this.nodeLatency = nodeLatency;
    }
    private int timelineSeen;

    /** Every rule's first violation, in the order they were first broken. */
    List<Violation> violations() {
        return List.copyOf(first.values());
    }

    /** How many (rule, second) violations there were in all. */
    int count() {
        return count;
    }

    /**
     * Checks the world after a tick.
     *
     * @param evicted     pods evicted in this tick, as they were when evicted
     * @param inFlight    the nodes (and NodeClaims) named by a disruption command in flight
     */
    void check(ClusterSnapshot s, Instant now, List<Instance> instances, List<Pod> evicted, Set<String> inFlight, List<TimelineEvent> timeline) {
        check(s, now, instances, evicted, inFlight, timeline, java.util.Optional.empty(), key -> true);
    }

    /**
     * @param calm       when faults stopped (the start when there are none); empty while they go on for ever, or when a
     *                   fault that never ends on its own (a re-tainting kubelet) keeps pods off every node
     * @param placeable  whether the provisioner can place the pod with this key (it has not found it unschedulable)
     */
    void check(ClusterSnapshot s, Instant now, List<Instance> instances, List<Pod> evicted, Set<String> inFlight, List<TimelineEvent> timeline,
               java.util.Optional<Instant> calm, java.util.function.Predicate<String> placeable) {
        eventuallyBound(s, now, calm, placeable);
        long at = Duration.between(SimulatedWorld.START, now).getSeconds();
        Map<String, Node> nodeByProvider = new HashMap<>();
        for (Node n : s.nodes()) if (n.providerId() != null) nodeByProvider.put(n.providerId(), n);
        runaway(s, nodeByProvider, at);
        limits(s, nodeByProvider, at);
        for (Pod p : evicted) {
            if (DoNotDisrupt.active(p, now)) violate(DO_NOT_DISRUPT, at, "pod " + p.key() + " was evicted though its do-not-disrupt is active");
        }
        budgets(s, nodeByProvider, now, at, timeline);
        leaks(s, instances, now, at);
        strayTaints(s, nodeByProvider, inFlight, now, at);
        finalizers(s, nodeByProvider, now, at);
    }

    private void eventuallyBound(ClusterSnapshot s, Instant now, java.util.Optional<Instant> calm, java.util.function.Predicate<String> placeable) {
        long at = Duration.between(SimulatedWorld.START, now).getSeconds();
        Set<String> pending = new HashSet<>();
        for (Pod p : s.pods()) {
            if (p.isBound() || p.daemonSet() || p.ignored() != null) continue;
            pending.add(p.key());
            Instant since = pendingSince.computeIfAbsent(p.key(), k -> now);
            if (calm.isEmpty()) continue;
            Instant from = since.isAfter(calm.get()) ? since : calm.get();
            if (Duration.between(from, now).compareTo(BIND_WINDOW.plus(nodeLatency)) > 0 && placeable.test(p.key())) {
                violate(UNBOUND, at, "pod " + p.key() + " has waited " + Duration.between(from, now).toSeconds()
                        + " s since faults stopped, though a NodePool can take it");
            }
        }
        pendingSince.keySet().retainAll(pending);
    }

    private void violate(String rule, long at, String message) {
        count++;
        first.putIfAbsent(rule, new Violation(rule, at, message));
    }

    /** The nodes going: their NodeClaim deletes, or a disruption tainted them. */
    private static Set<String> going(ClusterSnapshot s, Map<String, Node> nodeByProvider) {
        Set<String> out = new HashSet<>();
        for (NodeClaim c : s.nodeClaims()) {
            Node n = c.status() == null ? null : nodeByProvider.get(c.status().providerId());
            if (n == null) continue;
            if (c.deleting() || tainted(n)) out.add(n.name());
        }
        return out;
    }

    private static boolean tainted(Node n) {
        return n.taints().stream().anyMatch(t -> t.key().equals(TaintKeys.DISRUPTED));
    }

    private void runaway(ClusterSnapshot s, Map<String, Node> nodeByProvider, long at) {
        Set<String> going = going(s, nodeByProvider);
        int need = 0;
        for (Pod p : s.pods()) {
            if (p.daemonSet() || p.ignored() != null) continue;
            if (!p.isBound() || going.contains(p.nodeName())) need++;
        }
        Set<String> occupied = new HashSet<>();
        for (Pod p : s.pods()) if (p.isBound() && !p.daemonSet()) occupied.add(p.nodeName());
        int inFlight = 0;
        for (NodeClaim c : s.nodeClaims()) {
            if (c.deleting() || c.initialized()) continue;
            Node n = c.status() == null ? null : nodeByProvider.get(c.status().providerId());
            // a node already running pods is capacity in use, whatever the lifecycle has written yet
            if (n != null && occupied.contains(n.name())) continue;
            inFlight++;
        }
        if (inFlight > need + RUNAWAY_SLACK) {
            violate(RUNAWAY, at, inFlight + " NodeClaims in flight for " + need + " pods that need a place");
        }
    }

    private void limits(ClusterSnapshot s, Map<String, Node> nodeByProvider, long at) {
        Map<String, ResourceList> held = new HashMap<>();
        Map<String, Integer> count = new HashMap<>();
        for (NodeClaim c : s.nodeClaims()) {
            if (c.deleting() || c.status() == null) continue;
            Node n = nodeByProvider.get(c.status().providerId());
            if (n != null && tainted(n)) continue;
            held.merge(c.nodePool(), c.status().capacity(), ResourceList::plus);
            count.merge(c.nodePool(), 1, Integer::sum);
        }
        for (NodePool p : s.nodePools()) {
            String over = p.limits().exceededBy(held.getOrDefault(p.name(), ResourceList.ZERO), count.getOrDefault(p.name(), 0));
            if (over != null) violate(LIMITS, at, "NodePool " + p.name() + " holds " + over);
        }
        s.tenancy().ifPresent(t -> {
            for (Tenancy.TenantEntry e : t.tenants().values()) {
                ResourceList used = ResourceList.ZERO;
                for (String pool : e.nodePools()) used = used.plus(held.getOrDefault(pool, ResourceList.ZERO));
                String over = Limits.ofQuota(e.quota().toResourceList()).exceededBy(used, 0);
                if (over != null) violate(LIMITS, at, "tenant " + e.name() + " holds " + over + " (its quota)");
            }
        });
    }

    /**
     * At each voluntary decision of this tick: its pool's disrupting nodes (deleting, NotReady or tainted, this
     * command's candidates among them) within what the budgets allow for the command's reason, counted afresh.
     */
    private void budgets(ClusterSnapshot s, Map<String, Node> nodeByProvider, Instant now, long at, List<TimelineEvent> timeline) {
        List<TimelineEvent> fresh = timeline.subList(Math.min(timelineSeen, timeline.size()), timeline.size());
        timelineSeen = timeline.size();
        for (TimelineEvent e : fresh) {
            if (e.kind() != TimelineEvent.Kind.DISRUPTION || !e.message().startsWith("decided ")) continue;
            Reason reason = reasonOf(e.message().substring("decided ".length()));
            if (reason == null) continue;
            Set<String> candidates = Set.of(e.subject().split(","));
            Map<String, Integer> nodes = new HashMap<>();
            Map<String, Integer> disrupting = new HashMap<>();
            String pool = null;
            for (NodeClaim c : s.nodeClaims()) {
                Node n = c.status() == null ? null : nodeByProvider.get(c.status().providerId());
                if (n == null || !c.initialized()) continue;
                nodes.merge(c.nodePool(), 1, Integer::sum);
                boolean mine = candidates.contains(n.name()) || candidates.contains(c.name());
                if (mine) pool = c.nodePool();
                if (mine || c.deleting() || !n.ready() || tainted(n)) disrupting.merge(c.nodePool(), 1, Integer::sum);
            }
            if (pool == null) continue;
            NodePool p = null;
            for (NodePool np : s.nodePools()) if (np.name().equals(pool)) p = np;
            if (p == null) continue;
            int allowed = Budgets.allowed(p.disruption().budgets(), reason, nodes.getOrDefault(pool, 0), now);
            int busy = disrupting.getOrDefault(pool, 0);
            if (busy > allowed) {
                violate(BUDGETS, at, "pool " + pool + " has " + busy + " nodes disrupting after " + e.message() + ", its " + reason.wire()
                        + " budget allows " + allowed);
            }
        }
    }

    private static Reason reasonOf(String decision) {
        for (Reason r : Reason.values()) if (decision.startsWith(r.wire() + "/")) return r == Reason.EXPIRED ? null : r;
        return null;
    }

    private void leaks(ClusterSnapshot s, List<Instance> instances, Instant now, long at) {
        Set<String> claimed = new HashSet<>();
        Map<String, NodeClaim> byProvider = new HashMap<>();
        for (NodeClaim c : s.nodeClaims()) {
            if (c.status() == null) continue;
            claimed.add(c.status().providerId());
            byProvider.put(c.status().providerId(), c);
        }
        Set<String> live = new HashSet<>();
        for (Instance i : instances) {
            live.add(i.providerId());
            if (claimed.contains(i.providerId())) {
                orphanSince.remove(i.providerId());
                continue;
            }
            Instant since = orphanSince.computeIfAbsent(i.providerId(), k -> now);
            if (!now.isBefore(since.plus(LEAK_WINDOW))) {
                violate(LEAKED_INSTANCE, at, "instance " + i.providerId() + " has had no NodeClaim for " + LEAK_WINDOW.toMinutes() + " minutes");
            }
        }
        orphanSince.keySet().retainAll(live);
        for (Map.Entry<String, NodeClaim> e : byProvider.entrySet()) {
            if (live.contains(e.getKey())) {
                missingSince.remove(e.getKey());
                continue;
            }
            Instant since = missingSince.computeIfAbsent(e.getKey(), k -> now);
            if (!now.isBefore(since.plus(LEAK_WINDOW))) {
                violate(LEAKED_INSTANCE, at, "NodeClaim " + e.getValue().name() + " has had no instance for " + LEAK_WINDOW.toMinutes() + " minutes");
            }
        }
        missingSince.keySet().retainAll(byProvider.keySet());
    }

    private void strayTaints(ClusterSnapshot s, Map<String, Node> nodeByProvider, Set<String> inFlight, Instant now, long at) {
        Set<String> deleting = new HashSet<>();
        for (NodeClaim c : s.nodeClaims()) {
            Node n = c.status() == null ? null : nodeByProvider.get(c.status().providerId());
            if (n != null && c.deleting()) deleting.add(n.name());
        }
        Set<String> stray = new HashSet<>();
        for (Node n : s.nodes()) {
            if (!tainted(n) || deleting.contains(n.name()) || inFlight.contains(n.name())) continue;
            stray.add(n.name());
            Instant since = strayTaintSince.computeIfAbsent(n.name(), k -> now);
            if (!now.isBefore(since.plus(TAINT_WINDOW))) {
                violate(STRAY_TAINT, at, "node " + n.name() + " has been tainted " + TaintKeys.DISRUPTED + " for " + TAINT_WINDOW.getSeconds()
                        + " s with no disruption or deletion behind it");
            }
        }
        strayTaintSince.keySet().retainAll(stray);
    }

    private void finalizers(ClusterSnapshot s, Map<String, Node> nodeByProvider, Instant now, long at) {
        Map<String, Integer> podsOn = new HashMap<>();
        for (Pod p : s.pods()) {
            if (!p.isBound() || p.daemonSet() || !dev.jig.controller.termination.DrainPlan.drainable(p)) continue;
            podsOn.merge(p.nodeName(), 1, Integer::sum);
        }
        Set<String> drained = new HashSet<>();
        for (NodeClaim c : s.nodeClaims()) {
            if (!c.deleting()) continue;
            Node n = c.status() == null ? null : nodeByProvider.get(c.status().providerId());
            if (n != null && podsOn.getOrDefault(n.name(), 0) > 0) continue;
            drained.add(c.name());
            Instant since = drainedSince.computeIfAbsent(c.name(), k -> now);
            if (!now.isBefore(since.plus(FINALIZER_WINDOW))) {
                violate(STUCK_FINALIZER, at, "NodeClaim " + c.name() + " has had nothing to drain for " + FINALIZER_WINDOW.toMinutes()
                        + " minutes and is still there");
            }
        }
        drainedSince.keySet().retainAll(drained);
    }
}
