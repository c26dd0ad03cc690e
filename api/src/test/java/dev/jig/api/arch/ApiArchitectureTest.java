package dev.jig.api.arch;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;

/** jig-api is all core: no adapter library, no wall clock. */
class ApiArchitectureTest {

    private static final String[] CORE = {"dev.jig.api.."};
    private static final JavaClasses API = Layering.mainClasses("dev.jig.api");

    @Test
    void apiImportsNoAdapterLibrary() {
        Layering.coreImportsNone(CORE, Layering.ADAPTER_LIBRARIES).check(API);
    }

    @Test
    void apiReadsNoWallClock() {
        Layering.coreReadsNoWallClock(CORE).check(API);
    }

    @Test
    void theRulesCatchAForbiddenImportAndAWallClockRead() {
        JavaClasses leaky = new ClassFileImporter().importPackages("dev.jig.api.arch.fixture");
        String[] fixture = {"dev.jig.api.arch.fixture.."};
        assertThatThrownBy(() -> Layering.coreImportsNone(fixture, Layering.ADAPTER_LIBRARIES).check(leaky))
                .isInstanceOf(AssertionError.class).hasMessageContaining("com.sun.net.httpserver.HttpServer");
        assertThatThrownBy(() -> Layering.coreReadsNoWallClock(fixture).check(leaky))
                .isInstanceOf(AssertionError.class).hasMessageContaining("Clock.systemUTC()");
    }
}
