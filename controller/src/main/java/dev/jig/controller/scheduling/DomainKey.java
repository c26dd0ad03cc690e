package dev.jig.controller.scheduling;

import dev.jig.api.karpenter.Requirement;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.requirements.NodeRequirement;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A topology key other than hostname, with the domains (label values) a node of this run can have
 * for it, numbered so that domain sets are bit masks (Karpenter's {@code TopologyDomainGroup}). As in
 * Karpenter, the domains come from the NodePools and the nodes: a pool's {@code In} requirements and
 * template labels on the key, the values of its instance types' labels (arch, family, ...), its
 * offerings (zone, capacity type), and the label of every existing node. Where a key's values are
 * known decides how a planned NodeClaim narrows to a domain ({@link Source}).
 *
 * <p>At most 63 domains per key; bit 63 ({@link #NONE}) stands for "the node lacks the label", which
 * no constraint counts or picks. A key with more domains is refused (fail closed).
 */
final class DomainKey {

    /** Where a planned NodeClaim's domains for the key come from, and so how it is narrowed. */
    enum Source {
        /** The NodeClaim's zone mask ({@link Domains} zone indexes). */
        ZONE,
        /** The NodeClaim's capacity type mask ({@link Domains#CAPACITY_TYPES} order). */
        CAPACITY_TYPE,
        /** The labels of its instance types (arch, instance family, ...): narrowing drops types. */
        TYPE_LABEL,
        /** Its requirements (pool requirements and labels, narrowed by its pods): narrowing adds {@code key In [...]}. */
        LABEL
    }

    static final long NONE = Domains.NO_ZONE;
    static final int MAX_DOMAINS = 63;

    final String name;
    final Source source;
    private final List<String> values = new ArrayList<>();
    private final Map<String, Integer> indexOf = new HashMap<>();
    /** Per template: the domains its NodeClaims can have. */
    private final long[] templateMasks;
    /** TYPE_LABEL only, per template and domain: the instance types with that label value. */
    private final TypeSet[][] valueTypes;
    private boolean overflow;

    private DomainKey(String name, Source source, int templates) {
        this.name = name;
        this.source = source;
        this.templateMasks = new long[templates];
        this.valueTypes = source == Source.TYPE_LABEL ? new TypeSet[templates][] : null;
    }

    /** The key {@code name} with every domain the pools and nodes of this run offer. */
    static DomainKey of(String name, Domains domains, List<PoolTemplate> templates, List<NodeSlot> nodes) {
        Source source = name.equals(WellKnownLabels.ZONE) ? Source.ZONE
                : name.equals(WellKnownLabels.CAPACITY_TYPE) ? Source.CAPACITY_TYPE
                : PoolTemplate.isTypeKey(name) ? Source.TYPE_LABEL : Source.LABEL;
        DomainKey k = new DomainKey(name, source, templates.size());
        // Zones and capacity types keep the indexes the scheduler's masks already use.
        if (source == Source.ZONE) for (int z = 0; z < domains.zoneCount(); z++) k.register(domains.zoneName(z));
        if (source == Source.CAPACITY_TYPE) for (String ct : Domains.CAPACITY_TYPES) k.register(ct);
        for (PoolTemplate t : templates) k.templateMasks[t.order] = k.discover(t);
        for (NodeSlot n : nodes) {
            String v = n.node.labels().get(name);
            if (v != null) k.register(v);
        }
        return k;
    }

    private long discover(PoolTemplate t) {
        switch (source) {
            case ZONE:
                return t.zoneMask;
            case CAPACITY_TYPE:
                return t.capacityTypeMask;
            case TYPE_LABEL: {
                Map<Integer, TypeSet> byValue = new HashMap<>();
                long mask = 0;
                for (int i = 0; i < t.typeCount(); i++) {
                    String v = t.types[i].label(name);
                    if (v == null) continue;
                    int d = register(v);
                    if (d < 0) continue;
                    byValue.computeIfAbsent(d, x -> TypeSet.empty(t.typeCount())).set(i);
                    mask |= 1L << d;
                }
                valueTypes[t.order] = new TypeSet[MAX_DOMAINS];
                byValue.forEach((d, s) -> valueTypes[t.order][d] = s);
                return mask;
            }
            default: {
                NodeRequirement r = t.requirements.get(name);
                if (r.operator() != Requirement.Operator.In) return 0;
                long mask = 0;
                for (String v : r.values()) {
                    int d = register(v);
                    if (d >= 0) mask |= 1L << d;
                }
                return mask;
            }
        }
    }

    private int register(String value) {
        Integer i = indexOf.get(value);
        if (i != null) return i;
        if (values.size() == MAX_DOMAINS) {
            overflow = true;
            return -1;
        }
        values.add(value);
        indexOf.put(value, values.size() - 1);
        return values.size() - 1;
    }

    /** Whether the pools and nodes offer more domains than a mask holds; constraints on the key are then refused. */
    boolean overflow() {
        return overflow;
    }

    String value(int domain) {
        return values.get(domain);
    }

    /** Every domain the pools and nodes offer. */
    long all() {
        return values.isEmpty() ? 0 : -1L >>> (64 - values.size());
    }

    /** The domains a NodeClaim of {@code t} can have. */
    long of(PoolTemplate t) {
        return templateMasks[t.order];
    }

    /** The domain of a node with these labels, or {@link #NONE} when it lacks the label. */
    long ofNode(Map<String, String> labels) {
        Integer d = indexOf.get(labels.get(name));
        return d == null ? NONE : 1L << d;
    }

    /**
     * The domains a planned NodeClaim can still have, given its zones, capacity types, instance types
     * and requirements; {@link #NONE} when its nodes will lack the label.
     */
    long ofClaim(ClaimPlan c) {
        PoolTemplate t = c.template;
        return switch (source) {
            case ZONE -> c.zones;
            case CAPACITY_TYPE -> c.capacityTypes;
            case TYPE_LABEL -> {
                long out = 0;
                TypeSet[] byValue = valueTypes[t.order];
                for (long m = templateMasks[t.order]; m != 0; m &= m - 1) {
                    int d = Long.numberOfTrailingZeros(m);
                    if (TypeSet.intersects(c.candidates, byValue[d])) out |= 1L << d;
                }
                yield out == 0 ? NONE : out;
            }
            case LABEL -> templateMasks[t.order] == 0 ? NONE : allowed(c.requirements().get(name)) & templateMasks[t.order];
        };
    }

    /** The domains {@code requirement} (on this key) allows. */
    long allowed(NodeRequirement requirement) {
        long out = 0;
        for (int d = 0; d < values.size(); d++) if (requirement.allows(values.get(d))) out |= 1L << d;
        return out;
    }

    /** TYPE_LABEL: the instance types of {@code t} whose label value is one of {@code mask}. A new set. */
    TypeSet types(PoolTemplate t, long mask) {
        TypeSet out = TypeSet.empty(t.typeCount());
        TypeSet[] byValue = valueTypes[t.order];
        for (long m = mask & templateMasks[t.order]; m != 0; m &= m - 1) out.or(byValue[Long.numberOfTrailingZeros(m)]);
        return out;
    }

    /** {@code key In [domains of mask]}. */
    NodeRequirement requirement(long mask) {
        List<String> out = new ArrayList<>();
        for (long m = mask & ~NONE; m != 0; m &= m - 1) out.add(values.get(Long.numberOfTrailingZeros(m)));
        return NodeRequirement.in(name, out.toArray(new String[0]));
    }
}
