package dev.jig.api.ec2;

import java.util.List;
import java.util.Optional;

/**
 * Jig's catalog file format, {@value #FORMAT}: UTF-8 text, one record per line, {@code \n} line ends.
 * <ul>
 *   <li>{@code # ...} is a comment.</li>
 *   <li>{@code @key value} lines form the header, before any instance type: {@code @format},
 *       {@code @region}, {@code @source}, {@code @price-date}, {@code @generated-by} and {@code @columns},
 *       which must list exactly {@link #COLUMNS}.</li>
 *   <li>Every other line is one instance type: the {@link #COLUMNS} in order, separated by one space,
 *       {@code -} where the type has no value (no GPU, no local NVMe, no hypervisor, no price).
 *       Lines are sorted by name.</li>
 * </ul>
 * Why not CSV or JSON: the loader runs on every CLI start, so the format is positional, needs no
 * quoting and is read by a hand-written scanner ({@code CatalogReader}); the header says
 * where the figures come from. A malformed line is a defect in Jig's own data, reported as an
 * {@link IllegalStateException} naming the line.
 */
public final class CatalogFormat {

    public static final String FORMAT = "jig-catalog/1";
    static final String GENERATED_BY = "dev.jig.api.ec2.CatalogImport";

    /** The columns of an instance type line, in order. Units are in the names. */
    public static final List<String> COLUMNS = List.of(
            "name", "family", "category", "generation", "size", "vcpu", "memory-mib", "arch",
            "cpu-manufacturer", "gpu-name", "gpu-manufacturer", "gpu-count", "gpu-memory-mib",
            "local-nvme-gb", "network-mbps", "hypervisor", "bare-metal", "enis", "ipv4-per-eni",
            "max-pods", "pod-eni", "alloc-cpu-m", "alloc-memory-mib", "price-usd-hour");

    static final String COLUMNS_LINE = String.join(" ", COLUMNS);
    private static final String NONE = "-";

    private CatalogFormat() {
    }

    /** The catalog as text in this format; {@link Catalog#parse(String)} reads it back to an equal catalog. */
    public static String write(Catalog catalog) {
        StringBuilder out = new StringBuilder(128 * (catalog.size() + 10));
        out.append("# Jig EC2 instance catalog. Generated from the reference CSV by CatalogImport: refresh, never edit.\n")
                .append("# One instance type per line; fields as in @columns, separated by one space; \"-\" = none.\n")
                .append("# max-pods: ENI formula. alloc-*: allocatable on AL2023 as Karpenter computes it.\n")
                .append("# price-usd-hour: on-demand, in @region, as of @price-date.\n");
        out.append("@format ").append(FORMAT).append('\n')
                .append("@region ").append(catalog.region()).append('\n')
                .append("@source ").append(catalog.source()).append('\n')
                .append("@price-date ").append(catalog.priceDate()).append('\n')
                .append("@generated-by ").append(GENERATED_BY).append('\n')
                .append("@columns ").append(COLUMNS_LINE).append('\n');
        for (InstanceType t : catalog.all()) {
            Optional<InstanceType.Gpu> gpu = t.gpu();
            token(out, t.name()).append(' ');
            token(out, t.family()).append(' ');
            token(out, t.category()).append(' ');
            out.append(t.generation()).append(' ');
            token(out, t.size()).append(' ');
            out.append(t.vcpu()).append(' ').append(t.memoryMib()).append(' ');
            token(out, t.architecture()).append(' ');
            token(out, t.cpuManufacturer()).append(' ');
            if (gpu.isPresent()) {
                token(out, gpu.get().name()).append(' ');
                token(out, gpu.get().manufacturer()).append(' ');
                out.append(gpu.get().count()).append(' ').append(gpu.get().memoryMib()).append(' ');
            } else {
                out.append("- - - - ");
            }
            if (t.localNvmeGb() > 0) {
                out.append(t.localNvmeGb()).append(' ');
            } else {
                out.append("- ");
            }
            out.append(t.networkBandwidthMbps()).append(' ');
            if (t.hypervisor().isEmpty()) {
                out.append("- ");
            } else {
                token(out, t.hypervisor()).append(' ');
            }
            out.append(t.bareMetal()).append(' ')
                    .append(t.maxInterfaces()).append(' ').append(t.ipv4PerInterface()).append(' ')
                    .append(t.maxPods()).append(' ').append(t.podEni()).append(' ')
                    .append(t.allocatableCpuMillis()).append(' ').append(t.allocatableMemoryMib()).append(' ');
            if (t.onDemandPrice().isPresent()) {
                out.append(t.onDemandPrice().getAsDouble());
            } else {
                out.append(NONE);
            }
            out.append('\n');
        }
        return out.toString();
    }

    /** Appends a field that is one token of printable ASCII without spaces, and not the "none" marker. */
    private static StringBuilder token(StringBuilder out, String value) {
        boolean printable = !value.isEmpty() && !NONE.equals(value);
        for (int i = 0; i < value.length() && printable; i++) {
            printable = value.charAt(i) > ' ' && value.charAt(i) < 0x7f;
        }
        if (!printable) {
            throw new IllegalArgumentException("cannot write \"" + value + "\" as one catalog field");
        }
        return out.append(value);
    }
}
