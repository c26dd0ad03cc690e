package dev.jig.controller.requirements;

import dev.jig.api.karpenter.Requirement;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.model.PoolRequirement;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Requirements on node labels, one {@link NodeRequirement} per key; adding a requirement for a key
 * already present intersects the two (Karpenter's {@code scheduling.Requirements}). Two checks
 * follow Karpenter exactly:
 * <ul>
 *   <li>{@link #intersects}: every key both define has a common value; a NotIn/DoesNotExist pair on
 *       either side counts as compatible, since both admit a node without the label;</li>
 *   <li>{@link #compatible}: like intersects, and additionally a key the other side requires but this
 *       side does not define is refused, unless the key is well known (instance types define it) or
 *       the other side only excludes values.</li>
 * </ul>
 * Mutable, so that a NodeClaim can tighten its requirements pod by pod; {@link #copy()} before sharing.
 */
public final class NodeRequirements {

    /** Keys whose values the instance type or offering supplies, so a NodeClaim need not define them. */
    public static final Set<String> WELL_KNOWN = wellKnown();

    private final Map<String, NodeRequirement> byKey;

    public NodeRequirements() {
        byKey = new LinkedHashMap<>();
    }

    private NodeRequirements(Map<String, NodeRequirement> byKey) {
        this.byKey = new LinkedHashMap<>(byKey);
    }

    public static NodeRequirements of(NodeRequirement... requirements) {
        NodeRequirements r = new NodeRequirements();
        for (NodeRequirement x : requirements) r.add(x);
        return r;
    }

    /** From node selector expressions (pod affinity terms). */
    public static NodeRequirements ofExpressions(Collection<Requirement> expressions) {
        NodeRequirements r = new NodeRequirements();
        for (Requirement x : expressions) r.add(NodeRequirement.of(x));
        return r;
    }

    /** From NodePool requirements with their minValues. */
    public static NodeRequirements ofPool(Collection<PoolRequirement> requirements) {
        NodeRequirements r = new NodeRequirements();
        for (PoolRequirement x : requirements) r.add(NodeRequirement.of(x.requirement(), x.minValues()));
        return r;
    }

    /** One {@code In} requirement per label: what a node (or a NodeClaim template's labels) guarantees. */
    public static NodeRequirements ofLabels(Map<String, String> labels) {
        NodeRequirements r = new NodeRequirements();
        for (Map.Entry<String, String> e : labels.entrySet()) r.add(NodeRequirement.in(e.getKey(), e.getValue()));
        return r;
    }

    public NodeRequirements copy() {
        return new NodeRequirements(byKey);
    }

    public NodeRequirements add(NodeRequirement r) {
        NodeRequirement existing = byKey.get(r.key());
        byKey.put(r.key(), existing == null ? r : r.intersect(existing));
        return this;
    }

    public NodeRequirements addAll(NodeRequirements other) {
        for (NodeRequirement r : other.byKey.values()) add(r);
        return this;
    }

    public boolean has(String key) {
        return byKey.containsKey(key);
    }

    /** The requirement on {@code key}; Exists when undefined. */
    public NodeRequirement get(String key) {
        NodeRequirement r = byKey.get(key);
        return r == null ? NodeRequirement.exists(key) : r;
    }

    public Collection<NodeRequirement> all() {
        return byKey.values();
    }

    public Set<String> keys() {
        return byKey.keySet();
    }

    public boolean isEmpty() {
        return byKey.isEmpty();
    }

    public boolean hasMinValues() {
        for (NodeRequirement r : byKey.values()) if (r.minValues() > 0) return true;
        return false;
    }

    /**
     * Why {@code incoming} cannot be met by a node that meets this, or null when it can: a custom key
     * this side leaves undefined, or a key without common values.
     */
    public String compatible(NodeRequirements incoming) {
        for (NodeRequirement r : incoming.byKey.values()) {
            String key = r.key();
            if (WELL_KNOWN.contains(key) || byKey.containsKey(key) || r.allowsAbsence()) continue;
            return "label \"" + key + "\" does not have known values";
        }
        return intersects(incoming);
    }

    /** Why some key both sides define has no common value, or null when every such key has one. */
    public String intersects(NodeRequirements incoming) {
        Map<String, NodeRequirement> small = byKey.size() <= incoming.byKey.size() ? byKey : incoming.byKey;
        Map<String, NodeRequirement> large = small == byKey ? incoming.byKey : byKey;
        for (String key : small.keySet()) {
            if (!large.containsKey(key)) continue;
            NodeRequirement existing = byKey.get(key);
            NodeRequirement other = incoming.byKey.get(key);
            if (existing.intersects(other)) continue;
            if (other.allowsAbsence() && existing.allowsAbsence()) continue;
            return "key " + key + ", " + other + " not in " + existing;
        }
        return null;
    }

    /** Whether a node with exactly these labels satisfies every requirement. */
    public boolean matchesLabels(Map<String, String> labels) {
        for (NodeRequirement r : byKey.values()) {
            if (!r.matches(labels.get(r.key()))) return false;
        }
        return true;
    }

    /** As NodeSelectorRequirements, in insertion order. */
    public List<Requirement> toRequirements() {
        List<Requirement> out = new ArrayList<>();
        for (NodeRequirement r : byKey.values()) out.addAll(r.toRequirements());
        return out;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof NodeRequirements r && byKey.equals(r.byKey);
    }

    @Override
    public int hashCode() {
        return byKey.hashCode();
    }

    @Override
    public String toString() {
        List<String> parts = new ArrayList<>();
        for (NodeRequirement r : byKey.values()) parts.add(r.toString());
        parts.sort(null);
        return String.join(", ", parts);
    }

    private static Set<String> wellKnown() {
        List<String> keys = new ArrayList<>(WellKnownLabels.ALL);
        keys.add(WellKnownLabels.CAPACITY_TYPE);
        keys.add(WellKnownLabels.ZONE);
        keys.add(WellKnownLabels.NODEPOOL);
        keys.add(WellKnownLabels.REGION);
        keys.add(WellKnownLabels.WINDOWS_BUILD);
        return Set.copyOf(keys);
    }
}
