package dev.jig.compiler.source;

import dev.jig.api.source.SourceFile;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * The policy files of one repository state: a directory on disk, or a git commit read without a
 * checkout. The compiler core sees only this, never the file system or git.
 */
public interface SourceTree {

    /** The YAML policy files ({@code *.yaml}, {@code *.yml}), sorted by path. */
    List<SourceFile> files() throws IOException;

    /** The git commit id the files come from, when they come from git. */
    Optional<String> revision();
}
