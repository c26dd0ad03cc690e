package dev.jig.controller.scheduling;

import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.karpenter.Taint;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.cloud.Offering;
import dev.jig.controller.cloud.ResolvedInstanceType;
import dev.jig.controller.model.NodePool;
import dev.jig.controller.model.Pod;
import dev.jig.controller.model.Toleration;
import dev.jig.controller.requirements.NodeRequirement;
import dev.jig.controller.requirements.NodeRequirements;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A NodePool prepared for one scheduling run (Karpenter's NodeClaimTemplate): its requirements
 * (pool requirements, template labels, the {@code karpenter.sh/nodepool} and
 * {@code karpenter.k8s.aws/ec2nodeclass} labels and the region of its offerings), taints, and the
 * instance types it can launch, already filtered by its requirements and offerings and sorted by
 * price, so that the order of a {@link TypeSet} is the price order. For each type it holds the
 * room left for pods once the DaemonSets that would run there are counted, the capacity that
 * counts against limits, and indexes ({@link ThresholdIndex}, offering sets) that answer "which
 * types fit" with bit-set operations. Those per-type tables are read-only and depend only on the
 * candidates, the requirements on instance-type, zone and capacity-type keys and the DaemonSets that
 * may run on the pool's nodes; templates with equal inputs (one pool shape in many tenants, one pool
 * in successive runs) share them through a small cache, so the answers are those of a fresh build.
 */
public final class PoolTemplate {

    static final int CPU = 0, MEM = 1, EPH = 2, GPU = 3, PODS = 4;
    private static final Set<String> TYPE_KEYS = Set.copyOf(WellKnownLabels.ALL);

    final int order;
    final NodePool pool;
    final String tenant;
    final NodeRequirements requirements;
    final List<Taint> taints;
    final ResolvedInstanceType[] types;
    /** Room for pods per type and dimension: allocatable − DaemonSet overhead. */
    final long[][] room;
    /** Capacity per type as limits count it: cpu, memory, gpu. */
    final long[][] capacity;
    final double[] price;
    final ThresholdIndex[] roomIndex;
    final ThresholdIndex[] capacityIndex;
    final TypeSet all;
    /** offerings[zone][capacityType]: types with an allowed offering there. */
    private final TypeSet[][] offerings;
    /** typeZones[type][capacityType]: the zones where the type has an allowed offering of that capacity type. */
    private final long[][] typeZones;
    final long zoneMask;
    final int capacityTypeMask;
    final PriceFrontier frontier;
    final boolean hasMinValues;
    /** The smallest capacity among the types (cpu, memory, gpu): below it in every type, limits leave no room. */
    final long[] minCapacity;
    /** The largest capacity among the types (cpu, memory, gpu): with that much left, limits leave room for any type. */
    final long[] maxCapacity;
    final Domains domains;
    private final Map<NodeRequirement, TypeSet> typeMatches = new HashMap<>();
    private final Map<List<Long>, double[]> cheapestByPlace = new HashMap<>();

    PoolTemplate(int order, NodePool pool, String tenant, List<ResolvedInstanceType> candidates, List<Pod> daemonSets, Domains domains) {
        this.order = order;
        this.pool = pool;
        this.tenant = tenant;
        this.domains = domains;
        this.taints = pool.taints();
        NodeRequirements reqs = NodeRequirements.ofPool(pool.requirements());
        reqs.addAll(NodeRequirements.ofLabels(pool.labels()));
        reqs.add(NodeRequirement.in(WellKnownLabels.NODEPOOL, pool.name()));
        // Karpenter's NodeClaim template labels its nodes with their node class as well.
        if (pool.nodeClassName() != null) reqs.add(NodeRequirement.in(WellKnownLabels.EC2NODECLASS, pool.nodeClassName()));
        Set<String> regions = new java.util.TreeSet<>();
        String last = null; // offerings come in runs of one region: one set insert a run
        for (ResolvedInstanceType t : candidates) {
            for (Offering o : t.offerings()) {
                if (!o.region().equals(last)) regions.add(last = o.region());
            }
        }
        // Nodes are launched in the catalog's region: a pod requiring another region fits no pool.
        if (!regions.isEmpty()) reqs.add(NodeRequirement.in(WellKnownLabels.REGION, regions.toArray(new String[0])));
        this.requirements = reqs;
        this.hasMinValues = reqs.hasMinValues();
        NodeRequirement zoneReq = reqs.get(WellKnownLabels.ZONE);
        NodeRequirement ctReq = reqs.get(WellKnownLabels.CAPACITY_TYPE);

        Tables tables = tables(candidates, daemonSets, reqs, zoneReq, ctReq);
        int n = tables.types.length;
        types = tables.types;
        room = tables.room;
        capacity = tables.capacity;
        price = tables.price;
        roomIndex = tables.roomIndex;
        capacityIndex = tables.capacityIndex;
        all = tables.all;
        minCapacity = tables.minCapacity;
        maxCapacity = tables.maxCapacity;
        frontier = tables.frontier;

        for (int i = 0; i < n; i++) {
            for (Offering o : tables.allowed[i]) domains.zone(o.zone());
        }
        offerings = new TypeSet[64][Domains.CAPACITY_TYPES.length];
        typeZones = new long[n][Domains.CAPACITY_TYPES.length];
        long zm = 0;
        int cm = 0;
        for (int i = 0; i < n; i++) {
            for (Offering o : tables.allowed[i]) {
                int ct = Domains.capacityType(o.capacityType());
                if (ct < 0) continue;
                int z = domains.zone(o.zone());
                if (offerings[z][ct] == null) offerings[z][ct] = TypeSet.empty(n);
                offerings[z][ct].set(i);
                typeZones[i][ct] |= 1L << z;
                zm |= 1L << z;
                cm |= 1 << ct;
            }
        }
        zoneMask = zm;
        capacityTypeMask = cm;
    }

    /**
     * The per-type tables of a template (its types filtered and sorted by price, their room, capacity and
     * indexes): read-only once built, and a pure function of a {@link TablesKey}, so templates with equal keys
     * (the same pool shape in many tenants, or the same pool in successive runs) share one set. {@code allowed}
     * holds each type's offerings that the zone and capacity-type requirements allow.
     */
    private record Tables(ResolvedInstanceType[] types, long[][] room, long[][] capacity, double[] price, ThresholdIndex[] roomIndex,
                          ThresholdIndex[] capacityIndex, TypeSet all, PriceFrontier frontier, long[] minCapacity, long[] maxCapacity,
                          Offering[][] allowed) {
    }

    /**
     * Everything the tables depend on: the candidates, the template's requirements on instance-type keys, its
     * zone and capacity-type requirements (which offerings count) and the DaemonSets that may run on its nodes,
     * each as its requests and, per node affinity term compatible with the template, that term's requirements
     * on instance-type keys (whether it runs on a type depends on nothing else).
     */
    private record TablesKey(List<ResolvedInstanceType> candidates, List<NodeRequirement> typeRequirements, NodeRequirement zone,
                             NodeRequirement capacityType, List<Daemon> daemons) {
    }

    private record Daemon(ResourceList requests, List<List<NodeRequirement>> typeTerms) {
    }

    private static final int TABLES_KEPT = 256;
    private static final Map<TablesKey, Tables> TABLES = java.util.Collections.synchronizedMap(new java.util.LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<TablesKey, Tables> eldest) {
            return size() > TABLES_KEPT;
        }
    });

    private Tables tables(List<ResolvedInstanceType> candidates, List<Pod> daemonSets, NodeRequirements reqs, NodeRequirement zoneReq,
                          NodeRequirement ctReq) {
        List<NodeRequirement> typeReqs = new ArrayList<>();
        for (NodeRequirement r : reqs.all()) if (TYPE_KEYS.contains(r.key())) typeReqs.add(r);
        List<Daemon> daemons = new ArrayList<>();
        for (Pod d : daemonSets) {
            List<List<NodeRequirement>> typeTerms = DaemonSets.typeTerms(d, taints, reqs);
            if (!typeTerms.isEmpty()) daemons.add(new Daemon(d.requests(), typeTerms));
        }
        TablesKey key = new TablesKey(List.copyOf(candidates), List.copyOf(typeReqs), zoneReq, ctReq, List.copyOf(daemons));
        Tables cached = TABLES.get(key);
        if (cached != null) return cached;
        Tables built = build(key);
        TABLES.put(key, built);
        return built;
    }

    private static Tables build(TablesKey key) {
        List<ResolvedInstanceType> kept = new ArrayList<>();
        List<long[]> rooms = new ArrayList<>();
        List<Double> prices = new ArrayList<>();
        for (ResolvedInstanceType t : key.candidates) {
            if (!typeLabelsMatch(t, key.typeRequirements)) continue;
            double best = Double.POSITIVE_INFINITY;
            for (Offering o : t.offerings()) {
                if (key.zone.allows(o.zone()) && key.capacityType.allows(o.capacityType())) best = Math.min(best, o.pricePerHour());
            }
            if (best == Double.POSITIVE_INFINITY) continue;
            long[] r = room(t, key.daemons);
            if (r == null) continue;
            kept.add(t);
            rooms.add(r);
            prices.add(best);
        }
        Integer[] byPrice = new Integer[kept.size()];
        for (int i = 0; i < byPrice.length; i++) byPrice[i] = i;
        java.util.Arrays.sort(byPrice, Comparator.<Integer>comparingDouble(prices::get).thenComparing(i -> kept.get(i).name()));
        int n = byPrice.length;
        ResolvedInstanceType[] types = new ResolvedInstanceType[n];
        long[][] room = new long[n][];
        long[][] capacity = new long[n][];
        double[] price = new double[n];
        long[] minCapacity = {Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE};
        long[] maxCapacity = new long[3];
        for (int i = 0; i < n; i++) {
            int k = byPrice[i];
            types[i] = kept.get(k);
            room[i] = rooms.get(k);
            price[i] = prices.get(k);
            ResourceList cap = types[i].capacity();
            capacity[i] = new long[] {cap.cpuMillis(), cap.memoryBytes(), cap.gpus()};
            for (int d = 0; d < 3; d++) {
                minCapacity[d] = Math.min(minCapacity[d], capacity[i][d]);
                maxCapacity[d] = Math.max(maxCapacity[d], capacity[i][d]);
            }
        }
        Offering[][] allowed = new Offering[n][];
        for (int i = 0; i < n; i++) {
            List<Offering> out = new ArrayList<>();
            for (Offering o : types[i].offerings()) if (key.zone.allows(o.zone()) && key.capacityType.allows(o.capacityType())) out.add(o);
            allowed[i] = out.toArray(new Offering[0]);
        }
        ThresholdIndex[] roomIndex = new ThresholdIndex[5];
        ThresholdIndex[] capacityIndex = new ThresholdIndex[3];
        for (int d = 0; d < 5; d++) roomIndex[d] = new ThresholdIndex(column(room, d));
        for (int d = 0; d < 3; d++) capacityIndex[d] = new ThresholdIndex(column(capacity, d));
        return new Tables(types, room, capacity, price, roomIndex, capacityIndex, TypeSet.all(n),
                new PriceFrontier(column(room, CPU), column(room, MEM), price), minCapacity, maxCapacity, allowed);
    }

    public NodePool pool() {
        return pool;
    }

    public String name() {
        return pool.name();
    }

    public int typeCount() {
        return types.length;
    }

    public ResolvedInstanceType type(int i) {
        return types[i];
    }

    /** Types with an allowed offering in one of {@code zones} with one of {@code capacityTypes}. */
    TypeSet offered(long zones, int capacityTypes) {
        TypeSet out = TypeSet.empty(types.length);
        for (long m = zones; m != 0; m &= m - 1) {
            TypeSet[] byCt = offerings[Long.numberOfTrailingZeros(m)];
            for (int ct = 0; ct < byCt.length; ct++) {
                if ((capacityTypes & (1 << ct)) != 0 && byCt[ct] != null) out.or(byCt[ct]);
            }
        }
        return out;
    }

    /** The zones among {@code zones} where type {@code i} has an allowed offering of one of the capacity types. */
    long offeredZones(int i, long zones, int capacityTypes) {
        long out = 0;
        long[] byCt = typeZones[i];
        for (int ct = 0; ct < byCt.length; ct++) if ((capacityTypes & (1 << ct)) != 0) out |= byCt[ct];
        return out & zones;
    }

    /** Whether type {@code i} has an allowed offering in one of the zones with one of the capacity types. */
    boolean offers(int i, long zones, int capacityTypes) {
        return offeredZones(i, zones, capacityTypes) != 0;
    }

    /**
     * Per type, the price of its cheapest offering in one of {@code zones} with one of
     * {@code capacityTypes} (infinite when it has none there); cached per place, shared: do not mutate.
     */
    double[] cheapest(long zones, int capacityTypes) {
        return cheapestByPlace.computeIfAbsent(List.of(zones, (long) capacityTypes), k -> {
            double[] out = new double[types.length];
            for (int i = 0; i < types.length; i++) {
                out[i] = Double.POSITIVE_INFINITY;
                for (Offering o : types[i].offerings()) {
                    int z = domains.indexOf(o.zone());
                    int ct = Domains.capacityType(o.capacityType());
                    if (z >= 0 && ct >= 0 && (zones & (1L << z)) != 0 && (capacityTypes & (1 << ct)) != 0) out[i] = Math.min(out[i], o.pricePerHour());
                }
            }
            return out;
        });
    }

    /** Types whose room holds {@code cpu, mem, eph, gpu, pods}. A new set. */
    TypeSet fitting(long cpu, long mem, long eph, long gpu, long pods) {
        TypeSet s = roomIndex[CPU].atLeast(cpu).copy();
        s.and(roomIndex[MEM].atLeast(mem));
        if (eph > 0) s.and(roomIndex[EPH].atLeast(eph));
        if (gpu > 0) s.and(roomIndex[GPU].atLeast(gpu));
        return s.and(roomIndex[PODS].atLeast(pods));
    }

    /** Types whose capacity stays within {@code cpu, mem, gpu} (what limits count). A new set. */
    TypeSet withinCapacity(long cpu, long mem, long gpu) {
        TypeSet s = capacityIndex[0].atMost(cpu).copy();
        s.and(capacityIndex[1].atMost(mem));
        return s.and(capacityIndex[2].atMost(gpu));
    }

    /** Types whose well-known labels satisfy {@code requirement}; cached, shared. */
    TypeSet matching(NodeRequirement requirement) {
        TypeSet cached = typeMatches.get(requirement);
        if (cached != null) return cached;
        TypeSet s = TypeSet.empty(types.length);
        for (int i = 0; i < types.length; i++) if (requirement.matches(types[i].label(requirement.key()))) s.set(i);
        typeMatches.put(requirement, s);
        return s;
    }

    static boolean isTypeKey(String key) {
        return TYPE_KEYS.contains(key);
    }

    private static boolean typeLabelsMatch(ResolvedInstanceType t, List<NodeRequirement> typeRequirements) {
        for (NodeRequirement r : typeRequirements) {
            if (!r.matches(t.label(r.key()))) return false;
        }
        return true;
    }

    /** Allocatable minus the DaemonSets that would run on this type; null when they do not fit. */
    private static long[] room(ResolvedInstanceType t, List<Daemon> daemons) {
        ResourceList alloc = t.allocatable();
        long[] r = {alloc.cpuMillis(), alloc.memoryBytes(), alloc.ephemeralBytes(), alloc.gpus(), alloc.pods()};
        for (Daemon d : daemons) {
            if (!DaemonSets.runsOnType(d.typeTerms(), t.labels())) continue;
            ResourceList q = d.requests();
            r[CPU] -= q.cpuMillis();
            r[MEM] -= q.memoryBytes();
            r[EPH] -= q.ephemeralBytes();
            r[GPU] -= q.gpus();
            r[PODS] -= 1;
        }
        for (long v : r) if (v < 0) return null;
        return r;
    }

    private static long[] column(long[][] rows, int d) {
        long[] out = new long[rows.length];
        for (int i = 0; i < rows.length; i++) out[i] = rows[i][d];
        return out;
    }

    /** Whether {@code tolerations} tolerate this pool's taints; PreferNoSchedule binds unless relaxed. */
    Taint untolerated(List<Toleration> tolerations, boolean preferNoScheduleBinds) {
        return Toleration.firstUntolerated(taints, tolerations, preferNoScheduleBinds);
    }
}
