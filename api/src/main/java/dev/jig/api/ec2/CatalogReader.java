package dev.jig.api.ec2;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Reads {@link CatalogFormat} from the raw bytes. The catalog is read on every CLI start, mostly before
 * the JIT has compiled anything, where each method call and each object costs. So a line is split
 * into field bounds by one tight loop, numbers are read from the bytes without making strings of them,
 * and no per-line or per-field substring is built that is not kept.
 * Not thread-safe; one instance reads one text.
 */
final class CatalogReader {

    private static final int FIELDS = CatalogFormat.COLUMNS.size();
    private static final double[] POWERS_OF_TEN = {1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
            1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

    private final byte[] data;
    private final String origin;
    private int pos;
    private int lineStart;
    private int lineNo;
    private final int[] starts = new int[FIELDS + 1];
    private final int[] ends = new int[FIELDS + 1];

    private String format;
    private String region;
    private String source;
    private String priceDate;
    private String generatedBy;
    private String columns;

    private CatalogReader(byte[] data, String origin) {
        this.data = data;
        this.origin = origin;
    }

    /**
     * @param origin names the text in error messages, e.g. the resource path
     * @throws IllegalStateException {@code origin:line: what is wrong}, followed by the line
     */
    static Catalog read(byte[] utf8, String origin) {
        return new CatalogReader(utf8, origin).catalog();
    }

    private Catalog catalog() {
        List<InstanceType> types = new ArrayList<>(1100);
        String previous = null;
        while (pos < data.length) {
            lineStart = pos;
            lineNo++;
            byte first = data[pos];
            if (first == '\n' || first == '\r' || first == '#') {
                skipLine();
            } else if (first == '@') {
                if (previous != null) {
                    throw error("header line after the first instance type");
                }
                header(restOfLine());
            } else {
                if (previous == null) {
                    requireCompleteHeader();
                }
                InstanceType type = instanceType();
                if (previous != null && previous.compareTo(type.name()) >= 0) {
                    throw error("instance type " + type.name() + " is not after " + previous
                            + " (lines must be sorted by name, without duplicates)");
                }
                previous = type.name();
                types.add(type);
            }
        }
        if (previous == null) {
            requireCompleteHeader();
        }
        return Catalog.of(region, source, priceDate, types);
    }

    private void header(String line) {
        int space = line.indexOf(' ');
        String key = space < 0 ? line.substring(1) : line.substring(1, space);
        String value = space < 0 ? "" : line.substring(space + 1).trim();
        if (value.isEmpty()) {
            throw error("header @" + key + " has no value");
        }
        switch (key) {
            case "format":
                if (!CatalogFormat.FORMAT.equals(value)) {
                    throw error("unsupported catalog format " + value + ", expected " + CatalogFormat.FORMAT);
                }
                format = once(format, value, key);
                break;
            case "region": region = once(region, value, key); break;
            case "source": source = once(source, value, key); break;
            case "price-date": priceDate = once(priceDate, value, key); break;
            case "generated-by": generatedBy = once(generatedBy, value, key); break;
            case "columns":
                if (!CatalogFormat.COLUMNS_LINE.equals(value)) {
                    throw error("@columns must be \"" + CatalogFormat.COLUMNS_LINE + "\" in " + CatalogFormat.FORMAT
                            + " but is \"" + value + "\"");
                }
                columns = once(columns, value, key);
                break;
            default:
                throw error("unknown header @" + key);
        }
    }

    private String once(String current, String value, String key) {
        if (current != null) {
            throw error("header @" + key + " given twice");
        }
        return value;
    }

    private void requireCompleteHeader() {
        String missing = format == null ? "@format" : region == null ? "@region" : source == null ? "@source"
                : priceDate == null ? "@price-date" : generatedBy == null ? "@generated-by"
                : columns == null ? "@columns" : null;
        if (missing != null) {
            throw error("header " + missing + " is missing before the first instance type");
        }
    }

    /** Field indexes are positions in {@link CatalogFormat#COLUMNS}. */
    private InstanceType instanceType() {
        split();
        InstanceType type;
        try {
            type = new InstanceType(text(0), text(1), text(2), integer(3), text(4), integer(5), number(6), text(7),
                    text(8), gpu(), isNone(13) ? 0 : integer(13), integer(14), isNone(15) ? "" : text(15), bool(16),
                    integer(17), integer(18), integer(19), integer(20), integer(21), number(22), price(23));
        } catch (IllegalArgumentException e) {
            throw error(e.getMessage());
        }
        skipLine();
        return type;
    }

    /**
     * Records where each field of the line starts and ends, leaving {@code pos} at the line end: the
     * one loop that touches every byte of an instance type line.
     */
    private void split() {
        byte[] d = data;
        int[] fieldStarts = starts;
        int[] fieldEnds = ends;
        int p = pos;
        int field = 0;
        fieldStarts[0] = p;
        while (p < d.length) {
            byte c = d[p];
            if (c > ' ') {
                p++;
            } else if (c == ' ' && field < FIELDS) {
                fieldEnds[field++] = p++;
                fieldStarts[field] = p;
            } else {
                break;
            }
        }
        fieldEnds[field] = p;
        pos = p;
        if (p < d.length && d[p] != '\n' && d[p] != '\r' && field < FIELDS) {
            throw error("column " + CatalogFormat.COLUMNS.get(field) + ": non-ASCII or control character");
        }
        for (int i = 0; i <= field && i < FIELDS; i++) {
            if (fieldStarts[i] == fieldEnds[i]) {
                throw error("column " + CatalogFormat.COLUMNS.get(i) + ": empty field (fields are separated by one space)");
            }
        }
        if (field >= FIELDS) {
            throw error("more than " + FIELDS + " fields, or a space at the end");
        }
        if (field != FIELDS - 1) {
            throw error("expected " + FIELDS + " fields, found " + (field + 1));
        }
    }

    private Optional<InstanceType.Gpu> gpu() {
        if (!isNone(9)) {
            return Optional.of(new InstanceType.Gpu(text(9), text(10), integer(11), number(12)));
        }
        for (int i = 10; i <= 12; i++) {
            if (!isNone(i)) {
                throw error("column " + CatalogFormat.COLUMNS.get(i) + ": must be - when gpu-name is -");
            }
        }
        return Optional.empty();
    }

    /** Whether the field is the "none" marker {@code -}. */
    private boolean isNone(int field) {
        return ends[field] - starts[field] == 1 && data[starts[field]] == '-';
    }

    private String text(int field) {
        return new String(data, starts[field], ends[field] - starts[field], StandardCharsets.ISO_8859_1);
    }

    private int integer(int field) {
        long value = number(field);
        if (value > Integer.MAX_VALUE) {
            throw error("column " + CatalogFormat.COLUMNS.get(field) + ": " + value + " is too large");
        }
        return (int) value;
    }

    private long number(int field) {
        byte[] d = data;
        int start = starts[field];
        int end = ends[field];
        long value = 0;
        int digit = 0;
        for (int p = start; p < end && digit >= 0 && digit <= 9; p++) {
            digit = d[p] - '0';
            value = value * 10 + digit;
        }
        if (digit < 0 || digit > 9 || end - start > 18) {
            throw error("column " + CatalogFormat.COLUMNS.get(field) + ": not a whole number: " + text(field));
        }
        return value;
    }

    private boolean bool(int field) {
        String value = text(field);
        if (value.equals("true") || value.equals("false")) {
            return value.equals("true");
        }
        throw error("column " + CatalogFormat.COLUMNS.get(field) + ": expected true or false, got " + value);
    }

    /**
     * A plain decimal with at most 15 significant digits is the exact quotient of two doubles, which
     * IEEE division rounds correctly: the same double as {@link Double#parseDouble}, without its cost.
     */
    private OptionalDouble price(int field) {
        if (isNone(field)) {
            return OptionalDouble.empty();
        }
        byte[] d = data;
        int start = starts[field];
        int end = ends[field];
        long digits = 0;
        int scale = -1;
        boolean plain = end - start > 1 || d[start] != '.';
        for (int p = start; p < end && plain; p++) {
            byte c = d[p];
            if (c == '.' && scale < 0) {
                scale = 0;
            } else if (c >= '0' && c <= '9' && digits < 100_000_000_000_000L) {
                digits = digits * 10 + (c - '0');
                scale = scale < 0 ? -1 : scale + 1;
            } else {
                plain = false;
            }
        }
        if (plain && scale < POWERS_OF_TEN.length) {
            return OptionalDouble.of(scale <= 0 ? digits : digits / POWERS_OF_TEN[scale]);
        }
        try {
            return OptionalDouble.of(Double.parseDouble(text(field)));
        } catch (NumberFormatException e) {
            throw error("column " + CatalogFormat.COLUMNS.get(field) + ": not a number: " + text(field));
        }
    }

    /** The rest of the current line without its line end, which is consumed. */
    private String restOfLine() {
        int start = pos;
        skipLine();
        int end = pos;
        if (end > start && data[end - 1] == '\n') {
            end--;
        }
        if (end > start && data[end - 1] == '\r') {
            end--;
        }
        return new String(data, start, end - start, StandardCharsets.UTF_8);
    }

    private void skipLine() {
        while (pos < data.length && data[pos] != '\n') {
            pos++;
        }
        if (pos < data.length) {
            pos++;
        }
    }

    private IllegalStateException error(String message) {
        int end = lineStart;
        while (end < data.length && data[end] != '\n' && data[end] != '\r') {
            end++;
        }
        String line = new String(data, lineStart, end - lineStart, StandardCharsets.UTF_8);
        return new IllegalStateException(origin + ":" + lineNo + ": " + message + (line.isEmpty() ? "" : "\n  " + line));
    }
}
