package dev.jig.aws.preflight;

import dev.jig.aws.ami.AmiProvider;
import dev.jig.aws.instanceprofile.InstanceProfileName;
import dev.jig.aws.loopback.LoopbackClients;
import dev.jig.aws.loopback.LoopbackFixture;
import dev.jig.aws.loopback.LoopbackIam;
import dev.jig.aws.loopback.LoopbackService.AwsError;
import dev.jig.aws.loopback.LoopbackSqs;
import dev.jig.aws.loopback.TestNodeClasses;
import dev.jig.aws.nodeclass.NodeClassResolver;
import dev.jig.aws.securitygroup.SecurityGroupProvider;
import dev.jig.aws.subnet.SubnetProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** aws-preflight over the real SDK against the loopback EC2, IAM and SQS: each check passes on a sound account and fails, saying why, on a broken one. */
class PreflightIT {

    private static final String QUEUE = "demo-interruption";
    private static final String EVENTBRIDGE_POLICY = """
            {"Version":"2012-10-17","Statement":[{"Effect":"Allow","Principal":{"Service":["events.amazonaws.com","sqs.amazonaws.com"]},
             "Action":"sqs:SendMessage","Resource":"arn:aws:sqs:us-east-1:123456789012:demo-interruption"}]}""";

    private final LoopbackFixture f = new LoopbackFixture();
    private final LoopbackIam iam = new LoopbackIam().role("KarpenterNodeRole-demo").role(Preflight.SPOT_ROLE);
    private final LoopbackSqs sqs = new LoopbackSqs().createQueue(QUEUE).policy(QUEUE, EVENTBRIDGE_POLICY);
    private final NodeClassResolver resolver = new NodeClassResolver(new SubnetProvider(f.ec2, f.clock), new SecurityGroupProvider(f.ec2, f.clock),
            new AmiProvider(f.ec2, new TestNodeClasses.Aliases(), () -> "1.31", f.clock), new TestNodeClasses.Profiles());

    @AfterEach
    void close() {
        f.close();
        iam.close();
        sqs.close();
    }

    private List<Preflight.Check> run(String... nodeClassSpecs) {
        SdkPreflightApis apis = new SdkPreflightApis(LoopbackClients.at(iam).iam(), LoopbackClients.at(sqs).sqs());
        List<dev.jig.api.ec2.NodeClass> classes = new java.util.ArrayList<>();
        for (int i = 0; i < nodeClassSpecs.length; i++) classes.add(TestNodeClasses.read(i == 0 ? "default" : "class-" + i, nodeClassSpecs[i]));
        return new Preflight(f.ec2, resolver, apis, LoopbackFixture.CLUSTER, "us-east-1").run(classes, Optional.of(QUEUE));
    }

    private static Preflight.Check check(List<Preflight.Check> checks, String name) {
        return checks.stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow(() -> new AssertionError("no check " + name + " in " + checks));
    }

    @Test
    void aSoundAccountPassesEveryCheckOneLineEach() {
        List<Preflight.Check> checks = run(TestNodeClasses.DEFAULT_SPEC);
        assertThat(checks).extracting(Preflight.Check::name).containsExactly("credentials and region", "EC2NodeClass default subnets",
                "EC2NodeClass default security groups", "EC2NodeClass default AMIs", "EC2NodeClass default instance profile",
                "EC2NodeClass default launch (dry run)", "interruption queue " + QUEUE, "spot service-linked role");
        assertThat(checks).allSatisfy(c -> assertThat(c.passed()).as(c.toString()).isTrue());
        assertThat(check(checks, "credentials and region").detail()).startsWith("EC2 answers in us-east-1: 4 instance types in [us-east-1a, us-east-1b]");
        assertThat(check(checks, "EC2NodeClass default subnets").detail()).contains("subnet-0a (us-east-1a", "subnet-0b (us-east-1b");
        assertThat(check(checks, "EC2NodeClass default instance profile").detail())
                .isEqualTo("role KarpenterNodeRole-demo exists; Jig makes instance profile " + InstanceProfileName.of("demo", "us-east-1", "default")
                        + " for it at the first launch");
        assertThat(check(checks, "EC2NodeClass default launch (dry run)").toString()).startsWith("ok    EC2NodeClass default launch (dry run): RunInstances of a ");
        assertThat(f.world.running()).as("nothing launched").isEmpty();
        assertThat(iam.profileNames()).as("nothing created").isEmpty();
    }

    @Test
    void whatAnOperatorGetsWrongFailsItsLineWithTheReasonAndTheRestIsStillAsked() {
        LoopbackIam noRoles = new LoopbackIam();
        SdkPreflightApis apis = new SdkPreflightApis(LoopbackClients.at(noRoles).iam(), LoopbackClients.at(sqs).sqs());
        sqs.policy(QUEUE, "{\"Version\":\"2012-10-17\",\"Statement\":[]}");
        f.loopback.failNext("RunInstances", 1, new AwsError(403, "UnauthorizedOperation", "You are not authorized to perform this operation."));
        String typo = TestNodeClasses.DEFAULT_SPEC.replace("\"subnetSelectorTerms\": [{\"tags\": {\"karpenter.sh/discovery\": \"demo\"}}]",
                "\"subnetSelectorTerms\": [{\"tags\": {\"karpenter.sh/discovery\": \"dmeo\"}}]");
        assertThat(typo).isNotEqualTo(TestNodeClasses.DEFAULT_SPEC);
        try (noRoles) {
            List<Preflight.Check> checks = new Preflight(f.ec2, resolver, apis, LoopbackFixture.CLUSTER, "us-east-1")
                    .run(List.of(TestNodeClasses.read("default", TestNodeClasses.DEFAULT_SPEC), TestNodeClasses.read("typo", typo)), Optional.of(QUEUE));
            assertThat(check(checks, "EC2NodeClass default instance profile").toString())
                    .isEqualTo("FAIL  EC2NodeClass default instance profile: role KarpenterNodeRole-demo does not exist: create the node role, or name the right one in spec.role");
            assertThat(check(checks, "EC2NodeClass default launch (dry run)").detail()).contains("UnauthorizedOperation", "ec2:RunInstances");
            assertThat(check(checks, "EC2NodeClass typo subnets").passed()).isFalse();
            assertThat(check(checks, "EC2NodeClass typo subnets").detail()).contains("subnetSelectorTerms", "dmeo");
            assertThat(checks).extracting(Preflight.Check::name).as("no launch to try without subnets").doesNotContain("EC2NodeClass typo launch (dry run)");
            assertThat(check(checks, "interruption queue " + QUEUE).detail()).contains("does not let EventBridge");
            assertThat(check(checks, "spot service-linked role").detail()).contains("create-service-linked-role --aws-service-name spot.amazonaws.com");
        }
        Preflight.Check missing = new Preflight(f.ec2, resolver, apis, LoopbackFixture.CLUSTER, "us-east-1").run(List.of(), Optional.of("nope")).get(1);
        assertThat(missing.toString()).startsWith("FAIL  interruption queue nope: no such queue in us-east-1");
    }

    @Test
    void withoutCredentialsOrTheRightRegionOnlyTheFirstLineIsAsked() {
        f.loopback.failNext("DescribeInstanceTypeOfferings", 5, new AwsError(403, "AuthFailure", "AWS was not able to validate the provided access credentials"));
        List<Preflight.Check> checks = run(TestNodeClasses.DEFAULT_SPEC);
        assertThat(checks).singleElement().satisfies(c -> {
            assertThat(c.passed()).isFalse();
            assertThat(c.detail()).contains("AuthFailure", "check the credentials");
        });
    }
}
