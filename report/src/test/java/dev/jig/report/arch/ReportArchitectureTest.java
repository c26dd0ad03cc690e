package dev.jig.report.arch;

import com.tngtech.archunit.core.domain.JavaClasses;
import dev.jig.api.arch.Layering;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/** jig-report is all core: pure functions from JSON to HTML, no adapter library, no wall clock, no I/O. */
class ReportArchitectureTest {

    private static final String[] CORE = {"dev.jig.report.."};
    private static final JavaClasses REPORT = Layering.mainClasses("dev.jig.report");

    @Test
    void reportImportsNoAdapterLibrary() {
        Layering.coreImportsNone(CORE, Layering.ADAPTER_LIBRARIES).check(REPORT);
    }

    @Test
    void reportReadsNoWallClock() {
        Layering.coreReadsNoWallClock(CORE).check(REPORT);
    }

    @Test
    void theChartToolkitKnowsNothingOfReports() {
        noClasses().that().resideInAPackage("dev.jig.report.chart..").should().dependOnClassesThat().resideInAPackage("com.fasterxml..")
                .orShould().dependOnClassesThat().resideInAPackage("dev.jig.report")
                .because("the charts take plain values, so both reports and their tests share them").check(REPORT);
    }

    @Test
    void reportsWriteNoFiles() {
        noClasses().that().resideInAPackage("dev.jig.report..").should().dependOnClassesThat().resideInAnyPackage("java.io..", "java.nio.file..")
                .because("rendering is a pure function; the commands write the result").check(REPORT);
    }
}
