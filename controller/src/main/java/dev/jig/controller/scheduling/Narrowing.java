package dev.jig.controller.scheduling;

import dev.jig.controller.requirements.NodeRequirements;

/**
 * The domains, per topology key other than zone and hostname, that a NodeClaim must narrow to for
 * a pod ({@link Topology#narrowing()}): its capacity types, its instance types (keys that are
 * instance type labels) or its requirements (keys the pools define), by {@link DomainKey.Source}.
 */
record Narrowing(DomainKey[] keys, long[] masks) {

    /** The instance types of {@code t} in the domains asked for on instance type labels; null when none are asked for. */
    TypeSet types(PoolTemplate t) {
        TypeSet out = null;
        for (int i = 0; i < keys.length; i++) {
            if (keys[i].source != DomainKey.Source.TYPE_LABEL) continue;
            TypeSet s = keys[i].types(t, masks[i]);
            out = out == null ? s : out.and(s);
        }
        return out;
    }

    /** {@code capacityTypes} narrowed to those asked for. */
    int capacityTypes(int capacityTypes) {
        for (int i = 0; i < keys.length; i++) {
            if (keys[i].source == DomainKey.Source.CAPACITY_TYPE) capacityTypes &= (int) masks[i];
        }
        return capacityTypes;
    }

    /** Whether it asks for domains of keys the pools define (so requirements must be narrowed). */
    boolean hasLabels() {
        for (DomainKey k : keys) if (k.source == DomainKey.Source.LABEL) return true;
        return false;
    }

    /** Adds {@code key In [domains]} to {@code requirements} for each key the pools define; false when one is left with no value. */
    boolean narrowLabels(NodeRequirements requirements) {
        for (int i = 0; i < keys.length; i++) {
            DomainKey k = keys[i];
            if (k.source != DomainKey.Source.LABEL) continue;
            requirements.add(k.requirement(masks[i]));
            if (k.allowed(requirements.get(k.name)) == 0) return false;
        }
        return true;
    }
}
