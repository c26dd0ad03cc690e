package dev.jig.compiler.emit;

import dev.jig.compiler.generate.GeneratedObject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Writes compiled objects: one YAML stream, or one file per object in a directory. A directory is
 * written next to its target first and swapped in only when complete, so readers never see a mix
 * of old and new files and a failure leaves the previous output untouched.
 */
public final class ManifestWriter {

    private ManifestWriter() {
    }

    /** All objects as one YAML stream, each document introduced by {@code ---}. */
    public static String stream(List<GeneratedObject> objects) {
        List<String> documents = objects.parallelStream().map(o -> YamlWriter.write(o.body())).toList();
        StringBuilder out = new StringBuilder(documents.stream().mapToInt(String::length).sum() + 4 * documents.size());
        for (String d : documents) out.append("---\n").append(d);
        return out.toString();
    }

    /** The file name of one object: {@code nodepool-payments-web.yaml}, {@code configmap-jig-system-jig-tenancy.yaml}. */
    public static String fileName(GeneratedObject o) {
        String ns = o.namespace() == null ? "" : o.namespace() + "-";
        return o.kind().toLowerCase(Locale.ROOT) + "-" + ns + o.name() + ".yaml";
    }

    /** Marks a directory as Jig's output, so a later compile may replace it and nothing else. */
    public static final String MARKER = ".jig-output";

    /**
     * Replaces {@code dir} with a directory holding exactly one file per object (and the marker).
     * Refuses to replace a directory that Jig did not write (non-empty, no marker), or one that
     * holds the policies being compiled, so a mistyped {@code --out} can never delete a repository.
     * If the swap fails half-way, the previous output is moved back.
     *
     * @param input the policy directory, which the output must neither be nor contain
     */
    public static void directory(Path dir, Path input, List<GeneratedObject> objects) throws IOException {
        Path target = dir.toAbsolutePath().normalize();
        Path source = input.toAbsolutePath().normalize();
        Path parent = target.getParent();
        if (parent == null) throw new IOException("refusing to write output to " + target);
        if (source.startsWith(target)) {
            throw new IOException("refusing to write output to " + dir + ": it holds the policy directory " + input);
        }
        if (target.startsWith(source)) {
            throw new IOException("refusing to write output to " + dir + ": it is inside the policy directory " + input
                    + ", whose YAML files would be read as policies next time");
        }
        if (Files.exists(target) && !Files.isDirectory(target)) throw new IOException("output path is not a directory: " + dir);
        if (Files.isDirectory(target) && !isEmpty(target) && !Files.exists(target.resolve(MARKER))) {
            throw new IOException("refusing to replace " + dir + ": it is not empty and was not written by jig (no " + MARKER
                    + " file); choose another --out directory or empty it first");
        }
        Files.createDirectories(parent);
        Path staging = Files.createTempDirectory(parent, "." + target.getFileName() + ".staging-");
        Path old = null;
        try {
            setReadable(staging);
            writeAll(staging, objects);
            Files.writeString(staging.resolve(MARKER), "Written by jig compile; replaced as a whole on every compile.\n");
            if (Files.exists(target)) {
                old = parent.resolve("." + target.getFileName() + ".old-" + System.nanoTime());
                move(target, old);
            }
            move(staging, target);
        } catch (IOException | RuntimeException e) {
            if (old != null && !Files.exists(target)) move(old, target);
            deleteTree(staging);
            throw e;
        }
        if (old != null) deleteTree(old);
    }

    private static boolean isEmpty(Path dir) throws IOException {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.findAny().isEmpty();
        }
    }

    /** Temporary directories are created owner-only; output is for everyone who can read the parent. */
    private static void setReadable(Path dir) throws IOException {
        try {
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: its defaults apply
        }
    }

    /** Renders and writes the files in parallel; they are independent of each other. */
    private static void writeAll(Path dir, List<GeneratedObject> objects) throws IOException {
        try {
            objects.parallelStream().forEach(o -> {
                try {
                    Files.writeString(dir.resolve(fileName(o)), YamlWriter.write(o.body()), StandardCharsets.UTF_8);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
        } catch (java.io.UncheckedIOException e) {
            throw e.getCause();
        }
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to);
        }
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) return;
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }
}
