package dev.jig.compiler.arch;

import com.tngtech.archunit.core.domain.JavaClasses;
import dev.jig.api.arch.Layering;
import org.junit.jupiter.api.Test;

/**
 * The compiler's pipeline (load, check, generate, emit) is a pure core; git (JGit), files and the
 * CLI (picocli) are adapters around it.
 */
class CompilerArchitectureTest {

    private static final String[] CORE = {
        "dev.jig.compiler.policy..", "dev.jig.compiler.schema..", "dev.jig.compiler.check..", "dev.jig.compiler.generate..",
        "dev.jig.compiler.schedule..", "dev.jig.compiler.emit..", "dev.jig.compiler.pipeline..", "dev.jig.compiler.diff..",
        "dev.jig.compiler.explain..", "dev.jig.compiler.report..", "dev.jig.compiler.validate..",
    };
    private static final JavaClasses COMPILER = Layering.mainClasses("dev.jig.compiler");

    @Test
    void theCoreImportsNoAdapterLibraryNorTheCompilersOwnAdapters() {
        Layering.coreImportsNone(CORE, Layering.adaptersAnd("dev.jig.compiler.git..", "dev.jig.compiler.cli..")).check(COMPILER);
    }

    @Test
    void theCoreReadsNoWallClock() {
        Layering.coreReadsNoWallClock(CORE).check(COMPILER);
    }
}
