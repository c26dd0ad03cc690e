package dev.jig.api.ec2;

import dev.jig.api.karpenter.Requirement;
import dev.jig.api.karpenter.WellKnownLabels;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The EC2 instance types of one region, with where their figures come from. Immutable and safe to
 * share between threads.
 *
 * <p>{@link #bundled()} is the snapshot that ships inside Jig (us-east-1), so that {@code jig lint}
 * and {@code jig explain} work offline and give the same answer on every machine. The snapshot is
 * regenerated from the reference CSV with {@link CatalogImport}; its file format is described in
 * {@link CatalogFormat}.
 *
 * <p>Loading is on the CLI's start-up path, so it avoids regular expressions, reflection, lambdas
 * and streams (their first use pays an invokedynamic bootstrap, milliseconds on a cold JVM).
 */
public final class Catalog {

    /** Classpath location of the bundled snapshot. */
    static final String BUNDLED_RESOURCE = "/dev/jig/api/ec2/ec2-us-east-1.catalog";

    private final String region;
    private final String source;
    private final String priceDate;
    private final List<InstanceType> types;
    private final Map<String, InstanceType> byName;
    /** Which types satisfy each requirement seen so far: requirements repeat across pools and tenants. */
    private final Map<Requirement, BitSet> matches = new ConcurrentHashMap<>();

    private Catalog(String region, String source, String priceDate, InstanceType[] sorted) {
        this.region = region;
        this.source = source;
        this.priceDate = priceDate;
        this.types = Collections.unmodifiableList(Arrays.asList(sorted));
        Map<String, InstanceType> index = new HashMap<>(sorted.length * 2);
        for (InstanceType type : sorted) {
            index.put(type.name(), type);
        }
        this.byName = index;
    }

    /**
     * A catalog of the given types, sorted by name.
     *
     * @param region    the AWS region the prices and offerings belong to, e.g. {@code us-east-1}
     * @param source    where the figures come from (file, price list), one line
     * @param priceDate the date of the price list, {@code yyyy-mm-dd}
     * @throws IllegalArgumentException when two types share a name or a text is empty or spans lines
     */
    public static Catalog of(String region, String source, String priceDate, Collection<InstanceType> types) {
        requireLine(region, "region");
        requireLine(source, "source");
        requireLine(priceDate, "priceDate");
        InstanceType[] sorted = types.toArray(new InstanceType[0]);
        if (!isSortedByName(sorted)) {
            Arrays.sort(sorted, ByName.INSTANCE);
        }
        for (int i = 1; i < sorted.length; i++) {
            if (sorted[i - 1].name().equals(sorted[i].name())) {
                throw new IllegalArgumentException("duplicate instance type " + sorted[i].name());
            }
        }
        return new Catalog(region, source, priceDate, sorted);
    }

    /** The snapshot bundled with Jig, read from the classpath once, on first use. */
    public static Catalog bundled() {
        return Bundled.CATALOG;
    }

    /**
     * Reads a catalog in {@link CatalogFormat}.
     *
     * @throws IllegalStateException naming the line, when the text is not a well-formed catalog
     */
    public static Catalog parse(String text) {
        return CatalogReader.read(text.getBytes(StandardCharsets.UTF_8), "catalog");
    }

    /** As {@link #parse(String)}, reading the whole of {@code reader} (which the caller closes). */
    public static Catalog parse(Reader reader) {
        StringBuilder text = new StringBuilder(16_384);
        char[] buffer = new char[8192];
        try {
            for (int n; (n = reader.read(buffer)) >= 0; ) {
                text.append(buffer, 0, n);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return parse(text.toString());
    }

    /** Reads the bundled resource afresh; {@link #bundled()} keeps the first result. */
    static Catalog loadBundled() {
        try (InputStream in = Catalog.class.getResourceAsStream(BUNDLED_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("the instance catalog " + BUNDLED_RESOURCE + " is missing from the classpath");
            }
            return CatalogReader.read(in.readAllBytes(), BUNDLED_RESOURCE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every instance type, sorted by name (plain string order: {@code c5.12xlarge} before {@code c5.large}). */
    public List<InstanceType> all() {
        return types;
    }

    /**
     * The types that satisfy every requirement, in catalog order. Offering requirements (capacity
     * type, zone) do not depend on the type and are skipped. Each distinct requirement is
     * evaluated over the catalog once and remembered, so selecting for thousands of similar pools
     * costs a few bit-set intersections each.
     */
    public List<InstanceType> select(List<Requirement> requirements) {
        BitSet set = selection(requirements);
        List<InstanceType> out = new ArrayList<>(set.cardinality());
        for (int i = set.nextSetBit(0); i >= 0; i = set.nextSetBit(i + 1)) out.add(types.get(i));
        return out;
    }

    /** The index of the first requirement after which no type is left, or -1 when some type satisfies all. */
    public int firstEmptying(List<Requirement> requirements) {
        BitSet set = new BitSet(types.size());
        set.set(0, types.size());
        for (int i = 0; i < requirements.size(); i++) {
            set.and(matching(requirements.get(i)));
            if (set.isEmpty()) return i;
        }
        return -1;
    }

    /** The same selection as {@link #select}, as a set of indexes into {@link #all()}; cheap to intersect. */
    public BitSet selection(List<Requirement> requirements) {
        BitSet set = new BitSet(types.size());
        set.set(0, types.size());
        for (Requirement r : requirements) set.and(matching(r));
        return set;
    }

    private BitSet matching(Requirement r) {
        BitSet cached = matches.get(r);
        if (cached != null) return cached;
        BitSet bits = new BitSet(types.size());
        boolean offering = WellKnownLabels.isOfferingKey(r.key());
        for (int i = 0; i < types.size(); i++) {
            if (offering || r.matches(types.get(i).label(r.key()))) bits.set(i);
        }
        matches.putIfAbsent(r, bits);
        return bits;
    }

    public Optional<InstanceType> find(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    public int size() {
        return types.size();
    }

    /** The AWS region of the prices, e.g. {@code us-east-1}. */
    public String region() {
        return region;
    }

    /** Where the figures come from, one line, for {@code jig explain} and reports. */
    public String source() {
        return source;
    }

    /** The date of the price list, {@code yyyy-mm-dd}. */
    public String priceDate() {
        return priceDate;
    }

    /** Writes this catalog in {@link CatalogFormat}; {@code parse(c.format())} gives an equal catalog. */
    public String format() {
        return CatalogFormat.write(this);
    }

    @Override
    public String toString() {
        return "Catalog[" + region + ", " + types.size() + " types, prices of " + priceDate + "]";
    }

    private static boolean isSortedByName(InstanceType[] types) {
        for (int i = 1; i < types.length; i++) {
            if (types[i - 1].name().compareTo(types[i].name()) > 0) {
                return false;
            }
        }
        return true;
    }

    private static void requireLine(String value, String what) {
        if (value == null || value.isBlank() || value.indexOf('\n') >= 0 || value.indexOf('\r') >= 0) {
            throw new IllegalArgumentException(what + " must be one non-empty line");
        }
    }

    /** Holder idiom: the JVM initialises it once, lazily and thread-safely, on the first {@link #bundled()}. */
    private static final class Bundled {
        static final Catalog CATALOG = loadBundled();
    }

    /** A named comparator rather than a lambda: no invokedynamic bootstrap on the start-up path. */
    private static final class ByName implements Comparator<InstanceType> {
        static final ByName INSTANCE = new ByName();

        @Override
        public int compare(InstanceType a, InstanceType b) {
            return a.name().compareTo(b.name());
        }
    }
}
