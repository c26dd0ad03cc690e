package dev.jig.compiler.policy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jig.api.karpenter.Quantity;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.api.tenancy.Quota;
import dev.jig.api.yaml.LoadedDocument;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Turns schema-checked documents into policy records and fills in the documented defaults. It is
 * defensive all the same: a value of the wrong type reads as absent rather than throwing, so the
 * loader's fuzz corpus can never crash the compiler here.
 */
public final class PolicyReader {

    public static final String DEFAULT_EXPIRE_AFTER = "720h";
    public static final String DEFAULT_TERMINATION_GRACE_PERIOD = "48h";
    public static final Consolidation DEFAULT_CONSOLIDATION = new Consolidation("WhenEmptyOrUnderutilized", "1m");
    public static final Platform.RootVolume DEFAULT_ROOT_VOLUME = new Platform.RootVolume("100Gi", "gp3", null, null, null);

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private PolicyReader() {
    }

    public static Platform platform(LoadedDocument doc) {
        JsonNode root = doc.root();
        Origin origin = new Origin(doc.positions(), "");
        JsonNode spec = root.path("spec");
        JsonNode cluster = spec.path("cluster");
        JsonNode allowed = spec.path("allowed");
        JsonNode defaults = spec.path("defaults");
        JsonNode tenancy = spec.path("tenancy");

        Platform.GpuAllowance gpus = allowed.has("gpus")
                ? new Platform.GpuAllowance(strings(allowed.path("gpus").path("names")), integer(allowed.path("gpus").path("maxPerNode")))
                : null;
        Platform.Allowed allow = new Platform.Allowed(
                strings(allowed.path("categories")), strings(allowed.path("families")), range(allowed.path("generations")),
                strings(allowed.path("architectures")), strings(allowed.path("capacityTypes")), gpus);

        List<Platform.Reservation> reservations = new ArrayList<>();
        JsonNode res = spec.path("reservations");
        for (int i = 0; i < res.size(); i++) {
            JsonNode r = res.get(i);
            Origin ro = origin.child("spec/reservations/" + i);
            List<Platform.Allocation> allocations = new ArrayList<>();
            JsonNode allocs = r.path("allocations");
            for (int j = 0; j < allocs.size(); j++) {
                JsonNode a = allocs.get(j);
                allocations.add(new Platform.Allocation(ro.child("allocations/" + j), text(a.path("tenant")), a.path("cpu").asLong()));
            }
            reservations.add(new Platform.Reservation(ro, text(r.path("name")), text(r.path("type")),
                    strings(r.path("families")), r.path("cpu").asLong(), List.copyOf(allocations)));
        }

        List<Platform.Freeze> freezes = new ArrayList<>();
        JsonNode fz = spec.path("maintenance").path("freezes");
        for (int i = 0; i < fz.size(); i++) {
            JsonNode f = fz.get(i);
            String tz = f.hasNonNull("timeZone") ? text(f.path("timeZone")) : "UTC";
            freezes.add(new Platform.Freeze(origin.child("spec/maintenance/freezes/" + i), text(f.path("name")),
                    text(f.path("schedule")), text(f.path("duration")), tz, strings(f.path("reasons"))));
        }

        JsonNode rv = defaults.path("rootVolume");
        Platform.RootVolume rootVolume = rv.isObject()
                ? new Platform.RootVolume(
                        or(text(rv.path("size")), DEFAULT_ROOT_VOLUME.size()), or(text(rv.path("type")), DEFAULT_ROOT_VOLUME.type()),
                        integer(rv.path("iops")), integer(rv.path("throughput")), text(rv.path("kmsKeyID")))
                : DEFAULT_ROOT_VOLUME;
        List<Budget> budgets = defaults.has("budgets")
                ? budgets(defaults.path("budgets"), origin.child("spec/defaults/budgets"))
                : List.of(new Budget(origin.child("spec/defaults"), "10%", null, null, List.of()));
        Platform.Defaults defs = new Platform.Defaults(
                or(text(defaults.path("expireAfter")), DEFAULT_EXPIRE_AFTER),
                or(text(defaults.path("terminationGracePeriod")), DEFAULT_TERMINATION_GRACE_PERIOD),
                consolidation(defaults.path("consolidation"), DEFAULT_CONSOLIDATION),
                budgets, object(defaults.path("kubelet")), rootVolume);

        return new Platform(origin, text(root.path("metadata").path("name")),
                new Platform.Cluster(text(cluster.path("name")), text(cluster.path("region")), strings(cluster.path("zones"))),
                stringMap(spec.path("discovery").path("subnetTags")),
                stringMap(spec.path("discovery").path("securityGroupTags")),
                text(spec.path("nodeRole")),
                stringMap(spec.path("images")),
                text(spec.path("defaultImage")),
                allow,
                limits(spec.path("limits")),
                List.copyOf(reservations),
                List.copyOf(freezes),
                defs,
                or(text(tenancy.path("key")), WellKnownLabels.JIG_TENANT),
                strings(tenancy.path("labelAdmins")),
                spec.path("emitNamespaces").asBoolean(false));
    }

    public static Tenant tenant(LoadedDocument doc) {
        JsonNode root = doc.root();
        Origin origin = new Origin(doc.positions(), "");
        JsonNode spec = root.path("spec");
        List<Tenant.Pool> pools = new ArrayList<>();
        JsonNode ps = spec.path("pools");
        for (int i = 0; i < ps.size(); i++) {
            pools.add(pool(ps.get(i), origin.child("spec/pools/" + i)));
        }
        Tenant.Isolation isolation = "dedicated".equals(text(spec.path("isolation")))
                ? Tenant.Isolation.DEDICATED : Tenant.Isolation.SHARED;
        return new Tenant(origin, text(root.path("metadata").path("name")), strings(spec.path("namespaces")),
                strings(spec.path("owners")), text(spec.path("costCenter")), isolation,
                resources(spec.path("quota")), List.copyOf(pools));
    }

    private static Tenant.Pool pool(JsonNode p, Origin o) {
        JsonNode size = p.path("size");
        Tenant.SizeBounds bounds = size.isObject()
                ? new Tenant.SizeBounds(new IntRange(integer(size.path("minCpu")), integer(size.path("maxCpu"))),
                        mebibytes(size.path("minMemory")), mebibytes(size.path("maxMemory")))
                : null;
        JsonNode gpu = p.path("gpu");
        Tenant.GpuRequest gpuRequest = gpu.isObject()
                ? new Tenant.GpuRequest(strings(gpu.path("names")), integer(gpu.path("minPerNode")), integer(gpu.path("maxPerNode")))
                : null;
        String share = text(p.path("share"));
        Integer sharePercent = null;
        if (share != null && share.endsWith("%")) {
            try {
                sharePercent = Integer.parseInt(share.substring(0, share.length() - 1));
            } catch (NumberFormatException e) {
                sharePercent = null;
            }
        }
        JsonNode disruption = p.path("disruption");
        List<dev.jig.api.karpenter.Taint> taints = new ArrayList<>();
        JsonNode ts = p.path("taints");
        for (int i = 0; i < ts.size(); i++) {
            JsonNode t = ts.get(i);
            taints.add(new dev.jig.api.karpenter.Taint(text(t.path("key")), text(t.path("value")), text(t.path("effect"))));
        }
        return new Tenant.Pool(o, text(p.path("name")),
                strings(p.path("capacityTypes")), strings(p.path("architectures")), strings(p.path("categories")),
                strings(p.path("families")), range(p.path("generations")), bounds, gpuRequest, strings(p.path("zones")),
                sharePercent, integer(p.path("weight")),
                disruption.has("consolidation")
                        ? new Consolidation(text(disruption.path("consolidation").path("policy")), text(disruption.path("consolidation").path("after")))
                        : null,
                disruption.has("budgets") ? budgets(disruption.path("budgets"), o.child("disruption/budgets")) : null,
                text(p.path("expireAfter")), text(p.path("terminationGracePeriod")), text(p.path("image")),
                stringMap(p.path("labels")), List.copyOf(taints), object(p.path("kubelet")));
    }

    private static List<Budget> budgets(JsonNode list, Origin o) {
        List<Budget> out = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            JsonNode b = list.get(i);
            out.add(new Budget(o.child(Integer.toString(i)), or(text(b.path("nodes")), "10%"), text(b.path("schedule")),
                    text(b.path("duration")), strings(b.path("reasons"))));
        }
        return List.copyOf(out);
    }

    private static Consolidation consolidation(JsonNode c, Consolidation fallback) {
        if (!c.isObject()) return fallback;
        return new Consolidation(or(text(c.path("policy")), fallback.policy()), or(text(c.path("after")), fallback.after()));
    }

    /** Platform limits: an absent dimension is no cap. */
    private static Quota limits(JsonNode r) {
        return new Quota(
                r.has("cpu") ? Quantity.fromJson(r.get("cpu")).millis() : Quota.UNLIMITED,
                r.has("memory") ? Quantity.fromJson(r.get("memory")).mebibytes() : Quota.UNLIMITED,
                r.has("gpu") ? r.path("gpu").asLong(0) : Quota.UNLIMITED);
    }

    /**
     * A quota or reservation; an absent dimension is zero. The schema has admitted every value, and every
     * value its pattern admits is a quantity, so {@link Quantity#fromJson} throwing here is a bug that
     * fails the compile rather than reading as zero or unlimited.
     */
    private static Quota resources(JsonNode r) {
        long cpu = r.hasNonNull("cpu") ? Quantity.fromJson(r.get("cpu")).millis() : 0;
        Long mem = mebibytes(r.path("memory"));
        return new Quota(cpu, mem == null ? 0 : mem, r.path("gpu").asLong(0));
    }

    private static Long mebibytes(JsonNode n) {
        if (n.isMissingNode() || n.isNull()) return null;
        return Quantity.fromJson(n).mebibytes();
    }

    private static IntRange range(JsonNode n) {
        return n.isObject() ? new IntRange(integer(n.path("min")), integer(n.path("max"))) : IntRange.ANY;
    }

    private static Integer integer(JsonNode n) {
        return n.isIntegralNumber() && n.canConvertToInt() ? n.intValue() : null;
    }

    private static String text(JsonNode n) {
        return n.isValueNode() && !n.isNull() ? n.asText() : null;
    }

    private static String or(String value, String fallback) {
        return value != null ? value : fallback;
    }

    private static List<String> strings(JsonNode n) {
        if (!n.isArray()) return List.of();
        List<String> out = new ArrayList<>(n.size());
        for (JsonNode e : n) {
            if (e.isValueNode() && !e.isNull()) out.add(e.asText());
        }
        return List.copyOf(out);
    }

    private static Map<String, String> stringMap(JsonNode n) {
        Map<String, String> out = new TreeMap<>();
        if (n.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                if (e.getValue().isValueNode() && !e.getValue().isNull()) out.put(e.getKey(), e.getValue().asText());
            }
        }
        return java.util.Collections.unmodifiableMap(out);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> object(JsonNode n) {
        if (!n.isObject()) return Map.of();
        return java.util.Collections.unmodifiableMap(new TreeMap<>(MAPPER.convertValue(n, Map.class)));
    }
}
