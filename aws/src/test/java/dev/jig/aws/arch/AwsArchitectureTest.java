package dev.jig.aws.arch;

import com.tngtech.archunit.core.domain.JavaClasses;
import dev.jig.api.arch.Layering;
import org.junit.jupiter.api.Test;

/**
 * The provider's pure packages (fleet planning and tags, user data, cache) import neither the AWS
 * SDK nor the fabric8 client nor any other adapter library, and read no wall clock; the SDK is
 * reached only through the {@code sdk} package's interface. Everything else in the module is an
 * adapter by design.
 */
class AwsArchitectureTest {

    private static final String[] CORE = {"dev.jig.aws.fleet..", "dev.jig.aws.userdata..", "dev.jig.aws.cache..", "dev.jig.aws.nodeclass.."};
    private static final JavaClasses AWS = Layering.mainClasses("dev.jig.aws");

    @Test
    void theCoreImportsNoAdapterLibrary() {
        Layering.coreImportsNone(CORE, Layering.adaptersAnd("dev.jig.aws.sdk..", "dev.jig.aws.cloud..", "dev.jig.aws.kube..")).check(AWS);
    }

    @Test
    void theCoreReadsNoWallClock() {
        Layering.coreReadsNoWallClock(CORE).check(AWS);
    }

    @Test
    void onlyTheSdkPackageCallsTheSdkClients() {
        // the clients live in ...services.ec2 itself; the providers see only request and response types (...services.ec2.model)
        Layering.onlyPackagesUse("software.amazon.awssdk.services.ec2", "dev.jig.aws.sdk..").check(AWS);
    }

    @Test
    void theCloudPortAndNodeClassResolutionNeverSeeSdkTypes() {
        Layering.coreImportsNone(new String[] {"dev.jig.aws.cloud..", "dev.jig.aws.nodeclass.."}, "software.amazon.awssdk..").check(AWS);
    }
}
