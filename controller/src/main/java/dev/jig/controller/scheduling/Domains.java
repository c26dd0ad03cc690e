package dev.jig.controller.scheduling;

import dev.jig.controller.cloud.Offering;
import dev.jig.controller.requirements.NodeRequirement;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The zones and capacity types of one scheduling run, numbered so that a NodeClaim's allowed zones
 * and capacity types are bit masks. At most 63 zones (a region has fewer than 10).
 */
public final class Domains {

    public static final String[] CAPACITY_TYPES = {Offering.ON_DEMAND, Offering.SPOT, "reserved"};
    /** The zone bit of a node without a zone label: in no zone domain, so zone constraints exclude it. */
    public static final long NO_ZONE = 1L << 63;

    private final List<String> zones = new ArrayList<>();
    private final Map<String, Integer> zoneIndex = new HashMap<>();

    /** The index of {@code zone}, registering it on first sight. */
    public int zone(String zone) {
        Integer i = zoneIndex.get(zone);
        if (i != null) return i;
        if (zones.size() == 63) throw new IllegalStateException("more than 63 zones");
        zones.add(zone);
        zoneIndex.put(zone, zones.size() - 1);
        return zones.size() - 1;
    }

    /** The index of {@code zone}, or −1 when it is not registered. */
    public int indexOf(String zone) {
        Integer i = zoneIndex.get(zone);
        return i == null ? -1 : i;
    }

    public String zoneName(int i) {
        return zones.get(i);
    }

    public int zoneCount() {
        return zones.size();
    }

    /** Every registered zone as a mask. */
    public long allZones() {
        return (1L << zones.size()) - 1;
    }

    /** The zones of {@code mask} that {@code requirement} allows. */
    public long zonesAllowed(NodeRequirement requirement, long mask) {
        long out = 0;
        for (long m = mask; m != 0; m &= m - 1) {
            int z = Long.numberOfTrailingZeros(m);
            if (requirement.allows(zones.get(z))) out |= 1L << z;
        }
        return out;
    }

    public static int capacityType(String name) {
        for (int i = 0; i < CAPACITY_TYPES.length; i++) if (CAPACITY_TYPES[i].equals(name)) return i;
        return -1;
    }

    /** The capacity types {@code requirement} allows, as a mask. */
    public static int capacityTypesAllowed(NodeRequirement requirement) {
        int out = 0;
        for (int i = 0; i < CAPACITY_TYPES.length; i++) if (requirement.allows(CAPACITY_TYPES[i])) out |= 1 << i;
        return out;
    }

    /** Zone names of a mask, in index order. */
    public List<String> names(long mask) {
        List<String> out = new ArrayList<>();
        for (long m = mask; m != 0; m &= m - 1) out.add(zones.get(Long.numberOfTrailingZeros(m)));
        return out;
    }
}
