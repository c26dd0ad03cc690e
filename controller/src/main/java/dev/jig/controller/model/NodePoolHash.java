package dev.jig.controller.model;

import dev.jig.api.karpenter.Annotations;
import dev.jig.api.karpenter.Taint;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The one home of the NodePool template hash that tells static drift (Karpenter's
 * {@code NodePool.Hash()} in the {@code karpenter.sh/nodepool-hash} annotation). As in Karpenter it
 * covers the template's static fields (its labels and annotations among them) and leaves out what drifts by other rules or not at all:
 * requirements (checked against the node's labels instead), resources, budgets, weight, limits and
 * the consolidation settings. Lists count as sets (Karpenter's {@code SlicesAsSets}), so reordering
 * taints drifts nothing; unset fields hash as absent ({@code IgnoreZeroValue}).
 *
 * <p>The value is Jig's own (the first 64 bits of a SHA-256, in decimal, as Karpenter prints its
 * 64-bit hash), not Karpenter's FNV hash of Go structs. {@link #VERSION} says so: a NodeClaim
 * stamped by Karpenter carries version {@code v3} and is never compared with a Jig hash, which is
 * the purpose of the version annotation.
 */
public final class NodePoolHash {

    /** The value of {@link Annotations#NODEPOOL_HASH_VERSION} beside a hash computed here. */
    public static final String VERSION = "jig-v1";

    private NodePoolHash() {
    }

    /** The hash of {@code pool}'s template. */
    public static String of(NodePool pool) {
        StringBuilder s = new StringBuilder();
        field(s, "labels", new TreeMap<>(pool.labels()).toString());
        field(s, "annotations", new TreeMap<>(pool.annotations()).toString());
        field(s, "taints", taints(pool.taints()));
        field(s, "startupTaints", taints(pool.startupTaints()));
        field(s, "nodeClassRef", pool.nodeClassName());
        field(s, "expireAfter", pool.disruption().expireAfter());
        field(s, "terminationGracePeriod", pool.disruption().terminationGracePeriod());
        return digest(s.toString());
    }

    /** The first 64 bits of the SHA-256 of {@code fields}, in decimal: the form of every template hash Jig writes. */
    static String digest(String fields) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(fields.getBytes(StandardCharsets.UTF_8));
            long v = 0;
            for (int i = 0; i < 8; i++) v = (v << 8) | (d[i] & 0xff);
            return Long.toUnsignedString(v);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JVM", e);
        }
    }

    /** The annotations a NodeClaim launched for {@code pool} carries: the template's, then the hash and its version. */
    public static Map<String, String> annotations(NodePool pool) {
        Map<String, String> out = new TreeMap<>(pool.annotations());
        out.put(Annotations.NODEPOOL_HASH, of(pool));
        out.put(Annotations.NODEPOOL_HASH_VERSION, VERSION);
        return out;
    }

    /**
     * Whether {@code claim} was launched from another template than {@code pool}'s today. As in
     * Karpenter, a NodeClaim without the hash, or with a hash of another version, has not drifted by
     * this rule.
     */
    public static boolean drifted(NodePool pool, NodeClaim claim) {
        String hash = claim.annotations().get(Annotations.NODEPOOL_HASH);
        String version = claim.annotations().get(Annotations.NODEPOOL_HASH_VERSION);
        if (hash == null || !VERSION.equals(version)) return false;
        return !hash.equals(of(pool));
    }

    static void field(StringBuilder s, String name, String value) {
        if (value == null || value.isEmpty() || value.equals("{}") || value.equals("[]")) return;
        s.append(name).append('=').append(value.length()).append(':').append(value).append('\n');
    }

    private static String taints(List<Taint> taints) {
        List<String> out = new ArrayList<>();
        for (Taint t : taints) out.add(t.key() + "=" + (t.value() == null ? "" : t.value()) + ":" + t.effect());
        out.sort(null);
        return out.toString();
    }
}
