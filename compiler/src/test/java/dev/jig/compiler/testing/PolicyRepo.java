package dev.jig.compiler.testing;

import dev.jig.api.source.SourceFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Writes a fixture's files into a directory, as a policy repository on disk. */
public final class PolicyRepo {

    private PolicyRepo() {
    }

    public static Path write(Path dir, List<SourceFile> files) throws IOException {
        for (SourceFile f : files) {
            Path p = dir.resolve(f.path());
            Files.createDirectories(p.getParent());
            Files.writeString(p, f.text());
        }
        return dir;
    }
}
