package dev.jig.compiler.source;

import dev.jig.api.source.SourceFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** Policy files below a directory. Hidden directories (such as {@code .git}) are skipped. */
public final class DirectorySourceTree implements SourceTree {

    private final Path root;

    public DirectorySourceTree(Path root) {
        this.root = root;
    }

    @Override
    public List<SourceFile> files() throws IOException {
        if (!Files.isDirectory(root)) {
            throw new IOException("not a directory: " + root);
        }
        List<Path> paths;
        try (Stream<Path> walk = Files.walk(root)) {
            paths = walk.filter(Files::isRegularFile)
                    .filter(p -> isPolicyFile(root.relativize(p).toString().replace('\\', '/')))
                    .sorted()
                    .toList();
        }
        List<SourceFile> files = new ArrayList<>(paths.size());
        for (Path p : paths) {
            String rel = root.relativize(p).toString().replace('\\', '/');
            // Lenient decoding, as for git blobs: bad bytes become U+FFFD and the loader reports them.
            files.add(new SourceFile(rel, new String(Files.readAllBytes(p), StandardCharsets.UTF_8)));
        }
        files.sort((a, b) -> a.path().compareTo(b.path()));
        return files;
    }

    @Override
    public Optional<String> revision() {
        return Optional.empty();
    }

    /** True for {@code *.yaml}/{@code *.yml} paths with no hidden segment. Shared with the git source. */
    public static boolean isPolicyFile(String relativePath) {
        if (!(relativePath.endsWith(".yaml") || relativePath.endsWith(".yml"))) return false;
        for (String segment : relativePath.split("/")) {
            if (segment.startsWith(".")) return false;
        }
        return true;
    }
}
