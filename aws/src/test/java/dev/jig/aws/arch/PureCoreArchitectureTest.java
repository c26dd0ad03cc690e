package dev.jig.aws.arch;

import com.tngtech.archunit.core.domain.JavaClasses;
import dev.jig.api.arch.Layering;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * The SSM, IAM and SQS adapters keep their logic in pure classes beside them: the alias grammar and
 * SSM paths, the instance profile name, the EventBridge parsers and the queue backoff import no AWS
 * SDK, Micrometer or server library; and nothing in the module reads the wall clock.
 */
class PureCoreArchitectureTest {

    private static final JavaClasses AWS = Layering.mainClasses("dev.jig.aws");

    @Test
    void aliasesNamesAndParsersAreFreeOfAdapterLibraries() {
        noClasses().that().haveFullyQualifiedName("dev.jig.aws.ami.AmiAlias")
                .or().haveFullyQualifiedName("dev.jig.aws.ami.AmiParameters")
                .or().haveFullyQualifiedName("dev.jig.aws.instanceprofile.InstanceProfileName")
                .or().haveNameMatching("dev\\.jig\\.aws\\.interruption\\.InterruptionMessages?(\\$.*)?")
                .or().haveFullyQualifiedName("dev.jig.aws.interruption.QueueBackoff")
                .should().dependOnClassesThat().resideInAnyPackage(Layering.ADAPTER_LIBRARIES)
                .because("the logic is tested without an endpoint; only the adapters beside it call AWS")
                .check(AWS);
    }

    @Test
    void timeComesFromAnInjectedClock() {
        Layering.coreReadsNoWallClock("dev.jig.aws..").check(AWS);
    }
}
