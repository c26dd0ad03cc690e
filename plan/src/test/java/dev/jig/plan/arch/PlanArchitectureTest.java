package dev.jig.plan.arch;

import com.tngtech.archunit.core.domain.JavaClasses;
import dev.jig.api.arch.Layering;
import org.junit.jupiter.api.Test;

/**
 * The plan's core (reading workloads, planning, rendering) is pure: only {@code cli} is an adapter
 * (picocli, JGit through the compiler's policy input, files), and no core package calls it, the
 * controller's Kubernetes adapter or the wall clock.
 */
class PlanArchitectureTest {

    private static final String[] CORE = {"dev.jig.plan.workload..", "dev.jig.plan.engine..", "dev.jig.plan.render.."};
    private static final JavaClasses PLAN = Layering.mainClasses("dev.jig.plan");

    @Test
    void theCoreImportsNoAdapterLibraryNorTheCommand() {
        Layering.coreImportsNone(CORE, Layering.adaptersAnd("dev.jig.plan.cli..", "picocli..", "dev.jig.controller.kube..",
                "dev.jig.compiler.git..")).check(PLAN);
    }

    @Test
    void theCoreReadsNoWallClock() {
        Layering.coreReadsNoWallClock(CORE).check(PLAN);
    }
}
