package dev.jig.api.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.util.Arrays;
import java.util.stream.Stream;

/**
 * The layering rules every module's architecture test applies to its own core packages (see
 * ARCHITECTURE.md, "Keep the layering honest in the build"): a core imports no adapter library and
 * reads time only from an injected {@link Clock}. Shared as api's test jar so there is one
 * definition of each rule.
 */
public final class Layering {

    /** The Kubernetes client, HTTP servers, metrics, git, AWS and CLI libraries: adapters only. */
    public static final String[] ADAPTER_LIBRARIES = {
        "io.fabric8.kubernetes.client..", "io.micrometer..", "com.sun.net..", "io.javalin..", "org.eclipse.jetty..",
        "org.eclipse.jgit..", "software.amazon.awssdk..", "picocli..",
    };

    private Layering() {
    }

    /** {@link #ADAPTER_LIBRARIES} plus a module's own adapter packages. */
    public static String[] adaptersAnd(String... modulePackages) {
        return Stream.concat(Arrays.stream(ADAPTER_LIBRARIES), Arrays.stream(modulePackages)).toArray(String[]::new);
    }

    /** The main (not test) classes of the packages under {@code root}. */
    public static JavaClasses mainClasses(String root) {
        return new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages(root);
    }

    /** Classes in {@code core} packages depend on none of {@code forbidden} (ArchUnit package patterns). */
    public static ArchRule coreImportsNone(String[] core, String... forbidden) {
        return noClasses().that().resideInAnyPackage(core)
                .should().dependOnClassesThat().resideInAnyPackage(forbidden)
                .because("a core package is pure: adapters at the edges call it, never the other way round");
    }

    /** Classes in {@code core} packages never read the wall clock: time comes from an injected Clock. */
    public static ArchRule coreReadsNoWallClock(String... core) {
        return noClasses().that().resideInAnyPackage(core)
                .should().callMethod(Clock.class, "systemUTC")
                .orShould().callMethod(Clock.class, "systemDefaultZone")
                .orShould().callMethod(System.class, "currentTimeMillis")
                .orShould().callMethod(Instant.class, "now")
                .orShould().callMethod(LocalDate.class, "now")
                .orShould().callMethod(LocalDateTime.class, "now")
                .orShould().callMethod(OffsetDateTime.class, "now")
                .orShould().callMethod(ZonedDateTime.class, "now")
                .because("time comes from an injected Clock, so tests and simulate control it");
    }

    /**
     * Only classes in {@code allowed} packages depend on classes of {@code library} (an ArchUnit
     * package pattern): one adapter package owns each heavy library, as {@code dev.jig.aws.sdk} owns
     * the AWS SDK's clients.
     */
    public static ArchRule onlyPackagesUse(String library, String... allowed) {
        return noClasses().that().resideOutsideOfPackages(allowed)
                .should().dependOnClassesThat().resideInAPackage(library)
                .because("one adapter package owns " + library + ", so the calls made through it are listed in one place");
    }
}
