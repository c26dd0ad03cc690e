package dev.jig.aws.arch;

import com.tngtech.archunit.core.domain.JavaClasses;
import dev.jig.api.arch.Layering;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * The SSM, IAM and SQS adapters keep their logic in pure classes beside them: every class of the
 * {@code ami}, {@code interruption} and {@code instanceprofile} packages, but the adapters
 * ({@code Ssm*}, {@code Iam*}, {@code Sqs*}, and {@code AmiProvider}, which serves the other AMI terms
 * through EC2's DescribeImages) and the metrics classes ({@code *Metrics}), imports no AWS SDK,
 * Micrometer or server library, so a class added there is held to it too; and nothing in the module
 * reads the wall clock.
 */
class PureCoreArchitectureTest {

    private static final JavaClasses AWS = Layering.mainClasses("dev.jig.aws");
    private static final String ADAPTER = "(Ssm|Iam|Sqs)[A-Za-z0-9]*|AmiProvider|[A-Za-z0-9]*Metrics";

    @Test
    void thePackagesBesideTheAdaptersAreFreeOfAdapterLibraries() {
        noClasses().that().resideInAnyPackage("dev.jig.aws.ami", "dev.jig.aws.interruption", "dev.jig.aws.instanceprofile")
                .and().haveNameNotMatching("dev\\.jig\\.aws\\.[a-z]+\\.(" + ADAPTER + ")(\\$.*)?")
                .should().dependOnClassesThat().resideInAnyPackage(Layering.ADAPTER_LIBRARIES)
                .because("the logic is tested without an endpoint; only the adapters beside it call AWS")
                .check(AWS);
    }

    @Test
    void timeComesFromAnInjectedClock() {
        Layering.coreReadsNoWallClock("dev.jig.aws..").check(AWS);
    }
}
