package dev.jig.controller.requirements;

import dev.jig.api.karpenter.Requirement;
import dev.jig.api.karpenter.WellKnownLabels;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The set of values one node label may take, in Karpenter's canonical form
 * ({@code sigs.k8s.io/karpenter/pkg/scheduling.Requirement}): a finite set of values, or the
 * complement of one; integer bounds {@code gte}/{@code lte} (Gt n is Gte n+1, Lt n is Lte n−1);
 * and {@code minValues}. Every operator maps onto it: In, NotIn, Exists (empty complement),
 * DoesNotExist (empty set), Gt, Lt, Gte, Lte. Intersection is closed in this form, which is what
 * lets a NodeClaim accumulate the requirements of the pods it takes. As in Karpenter, a deprecated
 * key ({@code beta.kubernetes.io/instance-type}, {@code failure-domain.beta.kubernetes.io/zone}, …) is
 * read as its current key ({@link WellKnownLabels#normalize}), wherever the requirement comes from:
 * a pod's node selector or affinity, a NodePool, a node's labels. Immutable.
 */
public final class NodeRequirement {

    static final long NO_LOWER = Long.MIN_VALUE;
    static final long NO_UPPER = Long.MAX_VALUE;

    private final String key;
    private final boolean complement;
    private final Set<String> values;
    private final long gte;
    private final long lte;
    private final int minValues;

    private NodeRequirement(String key, boolean complement, Set<String> values, long gte, long lte, int minValues) {
        this.key = WellKnownLabels.normalize(key);
        this.complement = complement;
        this.values = values;
        this.gte = gte;
        this.lte = lte;
        this.minValues = minValues;
    }

    public static NodeRequirement in(String key, String... values) {
        return new NodeRequirement(key, false, Set.of(values), NO_LOWER, NO_UPPER, 0);
    }

    public static NodeRequirement exists(String key) {
        return new NodeRequirement(key, true, Set.of(), NO_LOWER, NO_UPPER, 0);
    }

    public static NodeRequirement doesNotExist(String key) {
        return new NodeRequirement(key, false, Set.of(), NO_LOWER, NO_UPPER, 0);
    }

    /** From the compiler's requirement (as NodePools and pod affinities spell it), with {@code minValues} (0 = none). */
    public static NodeRequirement of(Requirement r, int minValues) {
        String key = r.key();
        Set<String> vs = Set.copyOf(r.values());
        return switch (r.operator()) {
            case In -> new NodeRequirement(key, false, vs, NO_LOWER, NO_UPPER, minValues);
            case NotIn -> new NodeRequirement(key, true, vs, NO_LOWER, NO_UPPER, minValues);
            case Exists -> new NodeRequirement(key, true, Set.of(), NO_LOWER, NO_UPPER, minValues);
            case DoesNotExist -> new NodeRequirement(key, false, Set.of(), NO_LOWER, NO_UPPER, minValues);
            case Gt -> bound(key, number(r), 1, true, minValues);
            case Gte -> bound(key, number(r), 0, true, minValues);
            case Lt -> bound(key, number(r), -1, false, minValues);
            case Lte -> bound(key, number(r), 0, false, minValues);
        };
    }

    public static NodeRequirement of(Requirement r) {
        return of(r, 0);
    }

    private static NodeRequirement bound(String key, long n, int shift, boolean lower, int minValues) {
        if (shift > 0 && n == Long.MAX_VALUE || shift < 0 && n == Long.MIN_VALUE) {
            return new NodeRequirement(key, false, Set.of(), NO_LOWER, NO_UPPER, minValues);
        }
        long b = n + shift;
        return lower ? new NodeRequirement(key, true, Set.of(), b, NO_UPPER, minValues)
                : new NodeRequirement(key, true, Set.of(), NO_LOWER, b, minValues);
    }

    private static long number(Requirement r) {
        if (r.values().size() != 1) throw new IllegalArgumentException(r.describe() + ": needs exactly one integer value");
        try {
            return Long.parseLong(r.values().get(0));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(r.describe() + ": value is not an integer");
        }
    }

    public String key() {
        return key;
    }

    public int minValues() {
        return minValues;
    }

    public NodeRequirement withMinValues(int n) {
        return new NodeRequirement(key, complement, values, gte, lte, n);
    }

    /**
     * Whether a node whose label has {@code value} satisfies this, with Kubernetes' meaning of an
     * absent label ({@code value == null}): DoesNotExist and NotIn accept it; In, Exists and the
     * integer bounds do not.
     */
    public boolean matches(String value) {
        if (value == null) {
            return complement ? !values.isEmpty() && gte == NO_LOWER && lte == NO_UPPER : values.isEmpty();
        }
        return allows(value);
    }

    /** Karpenter's {@code Has}: whether {@code value} is one of the allowed values. */
    public boolean allows(String value) {
        return complement ? !values.contains(value) && withinBounds(value) : values.contains(value) && withinBounds(value);
    }

    /** The canonical operator: In, NotIn, Exists (bounds included) or DoesNotExist. */
    public Requirement.Operator operator() {
        if (complement) return values.isEmpty() ? Requirement.Operator.Exists : Requirement.Operator.NotIn;
        return values.isEmpty() ? Requirement.Operator.DoesNotExist : Requirement.Operator.In;
    }

    /** Whether the label may be absent on a matching node (NotIn and DoesNotExist). */
    public boolean allowsAbsence() {
        Requirement.Operator op = operator();
        return op == Requirement.Operator.NotIn || op == Requirement.Operator.DoesNotExist;
    }

    /** The finite values (In), or the excluded ones (NotIn), sorted. */
    public List<String> values() {
        List<String> out = new ArrayList<>(new TreeSet<>(values));
        return Collections.unmodifiableList(out);
    }

    /** The single allowed value when this is an In of one value, else null. */
    public String single() {
        return !complement && values.size() == 1 ? values.iterator().next() : null;
    }

    /** Karpenter's {@code Intersection}: the values both allow, the tighter bounds, the larger minValues. */
    public NodeRequirement intersect(NodeRequirement o) {
        long lo = Math.max(gte, o.gte);
        long hi = Math.min(lte, o.lte);
        int mv = Math.max(minValues, o.minValues);
        if (lo != NO_LOWER && hi != NO_UPPER && lo > hi) {
            return new NodeRequirement(key, false, Set.of(), NO_LOWER, NO_UPPER, mv);
        }
        boolean both = complement && o.complement;
        Set<String> vs;
        if (both) {
            vs = new HashSet<>(values);
            vs.addAll(o.values);
        } else if (complement) {
            vs = difference(o.values, values);
        } else if (o.complement) {
            vs = difference(values, o.values);
        } else {
            vs = new HashSet<>(values);
            vs.retainAll(o.values);
        }
        vs.removeIf(v -> !within(v, lo, hi));
        if (!both) {
            return new NodeRequirement(key, false, Set.copyOf(vs), NO_LOWER, NO_UPPER, mv);
        }
        return new NodeRequirement(key, true, Set.copyOf(vs), lo, hi, mv);
    }

    /** Karpenter's {@code HasIntersection}: whether some value satisfies both, without building the set. */
    public boolean intersects(NodeRequirement o) {
        long lo = Math.max(gte, o.gte);
        long hi = Math.min(lte, o.lte);
        if (lo != NO_LOWER && hi != NO_UPPER && lo > hi) return false;
        if (complement && o.complement) return true;
        if (complement) {
            for (String v : o.values) if (!values.contains(v) && within(v, lo, hi)) return true;
            return false;
        }
        if (o.complement) {
            for (String v : values) if (!o.values.contains(v) && within(v, lo, hi)) return true;
            return false;
        }
        Set<String> small = values.size() <= o.values.size() ? values : o.values;
        Set<String> large = small == values ? o.values : values;
        for (String v : small) if (large.contains(v) && within(v, lo, hi)) return true;
        return false;
    }

    /** Back to NodeSelectorRequirements (two when both bounds are set), for NodeClaim specs. */
    public List<Requirement> toRequirements() {
        List<Requirement> out = new ArrayList<>(2);
        if (gte != NO_LOWER) out.add(new Requirement(key, Requirement.Operator.Gte, List.of(Long.toString(gte))));
        if (lte != NO_UPPER) out.add(new Requirement(key, Requirement.Operator.Lte, List.of(Long.toString(lte))));
        if (!out.isEmpty()) return out;
        out.add(new Requirement(key, operator(), values()));
        return out;
    }

    private boolean withinBounds(String v) {
        return within(v, gte, lte);
    }

    private static boolean within(String v, long lo, long hi) {
        if (lo == NO_LOWER && hi == NO_UPPER) return true;
        long n;
        try {
            n = Long.parseLong(v);
        } catch (NumberFormatException e) {
            return false;
        }
        return n >= lo && n <= hi;
    }

    private static Set<String> difference(Set<String> a, Set<String> b) {
        Set<String> out = new HashSet<>(a);
        out.removeAll(b);
        return out;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof NodeRequirement r && key.equals(r.key) && complement == r.complement && values.equals(r.values)
                && gte == r.gte && lte == r.lte && minValues == r.minValues;
    }

    @Override
    public int hashCode() {
        return ((key.hashCode() * 31 + values.hashCode()) * 31 + Long.hashCode(gte ^ lte)) * 2 + (complement ? 1 : 0);
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder(key).append(' ').append(operator());
        if (!values.isEmpty()) {
            List<String> vs = values();
            s.append(' ').append(vs.size() > 5 ? vs.subList(0, 5) + " and " + (vs.size() - 5) + " others" : vs);
        }
        if (gte != NO_LOWER) s.append(" >=").append(gte);
        if (lte != NO_UPPER) s.append(" <=").append(lte);
        if (minValues > 0) s.append(" minValues ").append(minValues);
        return s.toString();
    }
}
