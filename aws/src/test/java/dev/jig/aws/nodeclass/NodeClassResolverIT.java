package dev.jig.aws.nodeclass;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.jig.aws.ami.Ami;
import dev.jig.aws.ami.AmiProvider;
import dev.jig.aws.loopback.LoopbackFixture;
import dev.jig.aws.loopback.TestNodeClasses;
import dev.jig.aws.securitygroup.SecurityGroup;
import dev.jig.aws.securitygroup.SecurityGroupProvider;
import dev.jig.aws.subnet.Subnet;
import dev.jig.aws.subnet.SubnetProvider;
import dev.jig.controller.cloud.NodeClassNotReadyException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class NodeClassResolverIT {

    private final LoopbackFixture f = new LoopbackFixture();
    private final TestNodeClasses.Profiles profiles = new TestNodeClasses.Profiles();
    private final NodeClassResolver resolver = new NodeClassResolver(new SubnetProvider(f.ec2, f.clock), new SecurityGroupProvider(f.ec2, f.clock),
            new AmiProvider(f.ec2, new TestNodeClasses.Aliases(), () -> "1.31", f.clock), profiles);

    @AfterEach
    void close() {
        f.close();
    }

    @Test
    void tagsSelectSubnetsAndGroupsAndTheAliasGivesOneAmiPerArchitecture() {
        ResolvedNodeClass r = resolver.resolve(TestNodeClasses.defaultClass());
        assertThat(r.subnets()).extracting(Subnet::id).containsExactly("subnet-0a", "subnet-0b");
        assertThat(r.zones()).containsExactly("us-east-1a", "us-east-1b");
        assertThat(r.securityGroups()).extracting(SecurityGroup::id).containsExactly("sg-0node");
        assertThat(r.amis()).extracting(Ami::id, Ami::architecture).containsExactlyInAnyOrder(
                org.assertj.core.groups.Tuple.tuple("ami-0amd64", "amd64"), org.assertj.core.groups.Tuple.tuple("ami-0arm64", "arm64"));
        assertThat(r.instanceProfile()).isEqualTo("demo_default_profile");
    }

    @Test
    void idsAndNamesSelectTooAndTheNewestImageOfANameWins() {
        ResolvedNodeClass r = resolver.resolve(TestNodeClasses.read("by-name", """
                {"instanceProfile": "given-profile",
                 "amiSelectorTerms": [{"name": "amazon-eks-node-al2023-x86_64-standard-1.31-*", "owner": "123456789012"}],
                 "subnetSelectorTerms": [{"id": "subnet-0other"}],
                 "securityGroupSelectorTerms": [{"name": "other"}, {"id": "sg-0node"}]}
                """));
        assertThat(r.subnets()).extracting(Subnet::zone).containsExactly("us-east-1c");
        assertThat(r.securityGroups()).extracting(SecurityGroup::id).containsExactly("sg-0node", "sg-0other");
        assertThat(r.amis()).extracting(Ami::id).containsExactly("ami-0amd64");
        assertThat(r.instanceProfile()).isEqualTo("given-profile");
        assertThat(profiles.created).isEmpty();
    }

    @Test
    void aSelectorThatMatchesNothingMakesTheNodeClassNotReadyNamingTheSelector() {
        NodeClassNotReadyException e = catchThrowableOfType(NodeClassNotReadyException.class, () -> resolver.resolve(TestNodeClasses.read("typo", """
                {"role": "r", "amiSelectorTerms": [{"alias": "al2023@latest"}],
                 "subnetSelectorTerms": [{"tags": {"karpenter.sh/discovery": "dmeo"}}],
                 "securityGroupSelectorTerms": [{"tags": {"karpenter.sh/discovery": "demo"}}]}
                """)));
        assertThat(e.nodeClass()).isEqualTo("typo");
        assertThat(e.getMessage()).contains("subnetSelectorTerms", "karpenter.sh/discovery=dmeo", "matched nothing");
    }

    @Test
    void anAliasForAnUnknownVersionAndARefusedRoleAreNotReadyWithTheirCause() {
        assertThat(catchThrowableOfType(NodeClassNotReadyException.class, () -> resolver.resolve(TestNodeClasses.read("old", """
                {"role": "r", "amiSelectorTerms": [{"alias": "al2023@v19990101"}],
                 "subnetSelectorTerms": [{"id": "subnet-0a"}], "securityGroupSelectorTerms": [{"id": "sg-0node"}]}
                """))).getMessage()).contains("amiSelectorTerms", "al2023@v19990101");
        profiles.refused.add("KarpenterNodeRole-demo");
        assertThat(catchThrowableOfType(NodeClassNotReadyException.class, () -> resolver.resolve(TestNodeClasses.defaultClass())).getMessage())
                .contains("role KarpenterNodeRole-demo", "AccessDenied");
    }

    @Test
    void aTermWithNothingToFilterOnSelectsNothingRatherThanEverythingAndSsmParameterTermsAreRefusedByName() {
        assertThat(catchThrowableOfType(NodeClassNotReadyException.class, () -> resolver.resolve(TestNodeClasses.read("empty", """
                {"instanceProfile": "p", "amiSelectorTerms": [{"id": "ami-0amd64"}],
                 "subnetSelectorTerms": [{"tags": {}}], "securityGroupSelectorTerms": [{"id": "sg-0node"}]}
                """))).getMessage()).contains("subnetSelectorTerms", "matched nothing");
        assertThat(catchThrowableOfType(NodeClassNotReadyException.class, () -> resolver.resolve(TestNodeClasses.read("ssm", """
                {"instanceProfile": "p", "amiSelectorTerms": [{"ssmParameter": "/my/ami"}],
                 "subnetSelectorTerms": [{"id": "subnet-0a"}], "securityGroupSelectorTerms": [{"id": "sg-0node"}]}
                """))).getMessage()).contains("ssmParameter /my/ami", "not supported");
    }
}
