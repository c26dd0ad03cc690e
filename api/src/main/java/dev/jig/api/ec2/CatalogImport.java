package dev.jig.api.ec2;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Converts a reference CSV of EC2 instance types (one row per type with its vCPUs, memory, network, GPUs and
 * on-demand price, {@code ec2-instance-types-<region>.csv}) into Jig's bundled catalog, so the snapshot can be refreshed when AWS adds types or changes prices:
 * <pre>
 * java -cp compiler/target/classes dev.jig.api.ec2.CatalogImport \
 *     path/to/ec2-instance-types-us-east-1.csv \
 *     api/src/main/resources/dev/jig/api/ec2/ec2-us-east-1.catalog 2026-07-20
 * </pre>
 * The price date is an argument because the CSV does not carry it. The region comes from the price
 * column's name ({@code od_price_usd_hr_us_east_1}). The import checks the rows' internal consistency
 * (name = family.size, the ENI max-pods formula, GPU columns) and writes GPU and CPU names in
 * Karpenter's label convention (lower case, spaces as dashes), so a bad refresh fails here rather than
 * in a user's lint run.
 */
public final class CatalogImport {

    private static final String PRICE_COLUMN_PREFIX = "od_price_usd_hr_";
    private static final String USAGE = "usage: CatalogImport <reference.csv> <output.catalog> <price-date yyyy-mm-dd>";

    private CatalogImport() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 3) {
            System.err.println(USAGE);
            System.exit(2);
        }
        Path csv = Path.of(args[0]);
        Path out = Path.of(args[1]);
        Catalog catalog = fromCsv(Files.readString(csv, StandardCharsets.UTF_8), csv.getFileName().toString(), args[2]);
        if (out.getParent() != null) {
            Files.createDirectories(out.getParent());
        }
        Files.writeString(out, catalog.format(), StandardCharsets.UTF_8);
        System.out.println("wrote " + catalog.size() + " instance types of " + catalog.region() + " to " + out);
    }

    /**
     * The catalog described by the reference CSV.
     *
     * @param csvName   the CSV's file name, recorded as the source
     * @param priceDate the date of the price list in the CSV, {@code yyyy-mm-dd}
     * @throws IllegalArgumentException naming the CSV line, when a row is malformed or inconsistent
     */
    public static Catalog fromCsv(String csvText, String csvName, String priceDate) {
        try {
            LocalDate.parse(priceDate);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("price date must be yyyy-mm-dd, got " + priceDate, e);
        }
        if (csvText.indexOf('"') >= 0) {
            throw new IllegalArgumentException(csvName + ": quoted CSV fields are not supported");
        }
        String[] lines = csvText.split("\r?\n");
        Columns columns = new Columns(lines[0].split(",", -1), csvName);
        String region = columns.region();
        List<InstanceType> types = new ArrayList<>(lines.length);
        for (int i = 1; i < lines.length; i++) {
            if (lines[i].isEmpty()) {
                continue;
            }
            Row row = new Row(columns, lines[i].split(",", -1), csvName + ":" + (i + 1));
            types.add(row.instanceType());
        }
        String source = csvName + " (EC2 instance type figures; on-demand prices from the AWS price list)";
        return Catalog.of(region, source, priceDate, types);
    }

    /** The CSV header: column name to index. */
    private static final class Columns {
        final Map<String, Integer> index = new HashMap<>();
        final String priceColumn;
        final String csvName;

        Columns(String[] names, String csvName) {
            this.csvName = csvName;
            String price = null;
            for (int i = 0; i < names.length; i++) {
                index.put(names[i].trim(), i);
                if (names[i].startsWith(PRICE_COLUMN_PREFIX)) {
                    price = names[i].trim();
                }
            }
            if (price == null) {
                throw new IllegalArgumentException(csvName + ": no " + PRICE_COLUMN_PREFIX + "<region> column");
            }
            this.priceColumn = price;
        }

        String region() {
            return priceColumn.substring(PRICE_COLUMN_PREFIX.length()).replace('_', '-');
        }

        int of(String name) {
            Integer i = index.get(name);
            if (i == null) {
                throw new IllegalArgumentException(csvName + ": missing column " + name);
            }
            return i;
        }

        int size() {
            return index.size();
        }
    }

    /** One CSV row, read by column name. */
    private static final class Row {
        final Columns columns;
        final String[] values;
        final String where;

        Row(Columns columns, String[] values, String where) {
            this.columns = columns;
            this.values = values;
            this.where = where;
            if (values.length != columns.size()) {
                throw fail("expected " + columns.size() + " fields, found " + values.length);
            }
        }

        InstanceType instanceType() {
            String name = text("instance_type");
            String family = text("family");
            String size = text("size");
            String category = text("category");
            int generation = integer("generation");
            if (!name.equals(family + "." + size)) {
                throw fail("instance_type " + name + " is not family.size (" + family + "." + size + ")");
            }
            if (!family.startsWith(category + generation)) {
                throw fail("family " + family + " does not start with category and generation " + category + generation);
            }
            String arch = text("arch");
            if (!arch.equals("amd64") && !arch.equals("arm64")) {
                throw fail("arch must be amd64 or arm64, got " + arch);
            }
            int enis = integer("eni_max_interfaces_default_card");
            int ipv4 = integer("ipv4_per_eni");
            int maxPods = integer("max_pods_eni_formula");
            if (maxPods != enis * (ipv4 - 1) + 2 || maxPods != integer("doc_al2023_alloc_pods")) {
                throw fail("max pods " + maxPods + " does not match ENIs x (IPv4 per ENI - 1) + 2 or the AL2023 pods");
            }
            String bareMetal = text("bare_metal");
            if (!bareMetal.equals("True") && !bareMetal.equals("False")) {
                throw fail("bare_metal must be True or False, got " + bareMetal);
            }
            return new InstanceType(name, family, category, generation, size, integer("vcpu"), integer("memory_mib"),
                    arch, labelValue(text("cpu_manufacturer")), gpu(), optionalInteger("local_nvme_gb"),
                    integer("network_bandwidth_mbps"), labelValue(optional("hypervisor")), bareMetal.equals("True"),
                    enis, ipv4, maxPods, integer("pod_eni_branch"), integer("doc_al2023_alloc_cpu_m"),
                    integer("doc_al2023_alloc_memory_mi"), price());
        }

        private Optional<InstanceType.Gpu> gpu() {
            String name = optional("gpu_name");
            int count = integer("gpu_count");
            if (name.isEmpty()) {
                if (count != 0 || !optional("gpu_manufacturer").isEmpty() || !optional("gpu_memory_mib").isEmpty()) {
                    throw fail("GPU figures without a gpu_name");
                }
                return Optional.empty();
            }
            return Optional.of(new InstanceType.Gpu(labelValue(name), labelValue(text("gpu_manufacturer")), count,
                    integer("gpu_memory_mib")));
        }

        /** The price, which must survive the trip through a double exactly. */
        private OptionalDouble price() {
            String text = optional(columns.priceColumn);
            if (text.isEmpty()) {
                return OptionalDouble.empty();
            }
            try {
                double price = Double.parseDouble(text);
                if (new BigDecimal(text).compareTo(new BigDecimal(Double.toString(price))) != 0) {
                    throw fail("price " + text + " does not survive as a double");
                }
                return OptionalDouble.of(price);
            } catch (NumberFormatException e) {
                throw fail("price is not a number: " + text);
            }
        }

        private String optional(String column) {
            return values[columns.of(column)].trim();
        }

        private String text(String column) {
            String value = optional(column);
            if (value.isEmpty()) {
                throw fail(column + " is empty");
            }
            return value;
        }

        private int integer(String column) {
            String value = text(column);
            try {
                return Integer.parseInt(value);
            } catch (NumberFormatException e) {
                throw fail(column + " is not a whole number: " + value);
            }
        }

        private int optionalInteger(String column) {
            return optional(column).isEmpty() ? 0 : integer(column);
        }

        private IllegalArgumentException fail(String message) {
            return new IllegalArgumentException(where + ": " + message);
        }
    }

    /** Karpenter's convention for names in label values: lower case, spaces as dashes. */
    private static String labelValue(String name) {
        return name.toLowerCase(Locale.ROOT).replace(' ', '-');
    }
}
