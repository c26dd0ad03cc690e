package dev.jig.aws.instanceprofile;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class InstanceProfileNameTest {

    @Test
    void hashIsGoFnv1SixtyFourAsHashstructureWritesAString() {
        // reference vectors of FNV-1 (not 1a), 64 bits
        assertThat(InstanceProfileName.fnv1("")).isEqualTo(0xcbf29ce484222325L);
        assertThat(InstanceProfileName.fnv1("a")).isEqualTo(0xaf63bd4c8601b7beL);
        assertThat(InstanceProfileName.fnv1("foobar")).isEqualTo(0x340d8765a4dda9c2L);
    }

    @Test
    void nameIsClusterUnderscoreUnsignedHashOfRegionAndNodeClass() {
        String name = InstanceProfileName.of("acme-prod", "eu-west-1", "team-a");
        assertThat(name).isEqualTo("acme-prod_" + Long.toUnsignedString(InstanceProfileName.fnv1("eu-west-1team-a")));
        assertThat(name).matches("acme-prod_\\d+");
        assertThat(InstanceProfileName.of("acme-prod", "eu-west-1", "team-a")).isEqualTo(name);
        assertThat(InstanceProfileName.of("acme-prod", "us-east-1", "team-a")).isNotEqualTo(name);
    }

    @Test
    void tagsMarkTheClusterAsOwnerAndNameNodeClassAndRegion() {
        assertThat(InstanceProfileName.tags("acme", "eu-west-1", "team-a")).containsExactly(
                java.util.Map.entry("kubernetes.io/cluster/acme", "owned"),
                java.util.Map.entry("eks:eks-cluster-name", "acme"),
                java.util.Map.entry("karpenter.k8s.aws/ec2nodeclass", "team-a"),
                java.util.Map.entry("topology.kubernetes.io/region", "eu-west-1"));
    }

    @Test
    void roleGivenWithPathOrArnIsReducedToItsName() {
        assertThat(InstanceProfileName.roleName("KarpenterNodeRole")).isEqualTo("KarpenterNodeRole");
        assertThat(InstanceProfileName.roleName("nodes/KarpenterNodeRole")).isEqualTo("KarpenterNodeRole");
        assertThat(InstanceProfileName.roleName("arn:aws:iam::123456789012:role/nodes/KarpenterNodeRole")).isEqualTo("KarpenterNodeRole");
    }
}
