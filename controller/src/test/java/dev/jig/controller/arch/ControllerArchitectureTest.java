package dev.jig.controller.arch;

import com.tngtech.archunit.core.domain.JavaClasses;
import dev.jig.api.arch.Layering;
import org.junit.jupiter.api.Test;

/**
 * The controller library's core (state, schedule, decide, actuate through ports) is pure: only
 * {@code kube} (fabric8) and {@code metrics} (Micrometer) are adapters, and no core package calls
 * them.
 */
class ControllerArchitectureTest {

    private static final String[] CORE = {
        "dev.jig.controller.model..", "dev.jig.controller.requirements..", "dev.jig.controller.state..", "dev.jig.controller.cloud..",
        "dev.jig.controller.scheduling..", "dev.jig.controller.provisioning..", "dev.jig.controller.lifecycle..",
        "dev.jig.controller.disruption..", "dev.jig.controller.termination..", "dev.jig.controller.loop..",
        "dev.jig.controller.simulate..", "dev.jig.controller.manifest..", "dev.jig.controller.interruption..", "dev.jig.controller.run..",
    };
    private static final JavaClasses CONTROLLER = Layering.mainClasses("dev.jig.controller");

    @Test
    void theCoreImportsNoAdapterLibraryNorTheControllersAdapters() {
        Layering.coreImportsNone(CORE, Layering.adaptersAnd("dev.jig.controller.kube..", "dev.jig.controller.metrics..")).check(CONTROLLER);
    }

    @Test
    void theCoreReadsNoWallClock() {
        Layering.coreReadsNoWallClock(CORE).check(CONTROLLER);
    }
}
