package dev.jig.api.source;

/**
 * A place in a policy file, 1-based, as editors and CI annotations count lines and columns.
 * {@code line == 0} means "the file as a whole" (no better place is known).
 */
public record Position(String file, int line, int column) implements Comparable<Position> {

    public static Position ofFile(String file) {
        return new Position(file, 0, 0);
    }

    @Override
    public int compareTo(Position o) {
        int c = file.compareTo(o.file);
        if (c != 0) return c;
        c = Integer.compare(line, o.line);
        return c != 0 ? c : Integer.compare(column, o.column);
    }

    @Override
    public String toString() {
        return line == 0 ? file : file + ":" + line + ":" + column;
    }
}
