package dev.jig.api.karpenter.rules;

import static dev.jig.api.karpenter.rules.Case.accepts;
import static dev.jig.api.karpenter.rules.Case.cel;
import static dev.jig.api.karpenter.rules.Case.pattern;
import static dev.jig.api.karpenter.rules.Case.schema;
import static dev.jig.api.karpenter.rules.Fixtures.with;
import static dev.jig.api.karpenter.rules.Fixtures.without;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The EC2NodeClass spec outside selector terms and kubelet: identity, block devices, options, network, tags. */
class EC2NodeClassRulesTest {

    private static final ObjectNode CLASS = Fixtures.ec2NodeClass();
    private static final String BDM = "/spec/blockDeviceMappings";
    private static final String EBS = BDM + "/0/ebs";

    @Test
    void minimalEC2NodeClassIsAccepted() {
        assertThat(KarpenterRules.validate(CLASS)).isEmpty();
    }

    @Test
    void specIsNotRequiredByTheCrd() {
        assertThat(KarpenterRules.validate(without(CLASS, "/spec"))).isEmpty();
    }

    static Stream<Case> identity() {
        return Stream.of(
                accepts("instanceProfile instead of role", with(without(CLASS, "/spec/role"), "/spec/instanceProfile", "KarpenterProfile")),
                cel("both role and instanceProfile", with(CLASS, "/spec/instanceProfile", "p"), "/spec/instanceProfile",
                        CelRule.ROLE_XOR_INSTANCE_PROFILE),
                cel("neither role nor instanceProfile", without(CLASS, "/spec/role"), "/spec/role", CelRule.ROLE_XOR_INSTANCE_PROFILE),
                cel("empty role", with(CLASS, "/spec/role", "''"), "/spec/role", CelRule.ROLE_NOT_EMPTY),
                cel("empty instanceProfile", with(without(CLASS, "/spec/role"), "/spec/instanceProfile", "''"),
                        "/spec/instanceProfile", CelRule.INSTANCE_PROFILE_NOT_EMPTY),
                schema("unknown spec field", with(CLASS, "/spec/roles", "[a]"), "/spec/roles", "unknown field"),
                schema("role must be a string", with(CLASS, "/spec/role", "[a]"), "/spec/role", "must be a string"));
    }

    static Stream<Case> blockDevices() {
        return Stream.of(
                accepts("encrypted gp3 root volume", with(CLASS, BDM, "[{deviceName: /dev/xvda, rootVolume: true, ebs: {volumeSize: 100Gi,"
                        + " volumeType: gp3, iops: 3000, throughput: 125, encrypted: true, deleteOnTermination: true, kmsKeyID: 'arn:aws:kms:k'}}]")),
                cel("two root volumes", with(CLASS, BDM, "[{rootVolume: true, ebs: {volumeSize: 20Gi}}, {rootVolume: true, ebs: {volumeSize: 20Gi}}]"),
                        BDM, CelRule.ONE_ROOT_VOLUME),
                accepts("one root volume among others", with(CLASS, BDM, "[{rootVolume: true, ebs: {volumeSize: 20Gi}}, {rootVolume: false, ebs: {volumeSize: 20Gi}}]")),
                cel("ebs without size or snapshot", with(CLASS, EBS, "{volumeType: gp3}"), EBS, CelRule.EBS_SNAPSHOT_OR_SIZE),
                accepts("ebs from a snapshot", with(CLASS, EBS, "{snapshotID: snap-1, volumeInitializationRate: 200}")),
                cel("initialization rate without snapshot", with(CLASS, EBS, "{volumeSize: 20Gi, volumeInitializationRate: 200}"),
                        EBS + "/volumeInitializationRate", CelRule.EBS_INITIALIZATION_RATE_NEEDS_SNAPSHOT),
                cel("initialization rate with empty snapshot", with(CLASS, EBS, "{snapshotID: '', volumeInitializationRate: 200}"),
                        EBS + "/volumeInitializationRate", CelRule.EBS_INITIALIZATION_RATE_NEEDS_SNAPSHOT),
                schema("initialization rate below 100", with(CLASS, EBS, "{snapshotID: snap-1, volumeInitializationRate: 99}"),
                        EBS + "/volumeInitializationRate", "must be >= 100"),
                accepts("64T", with(CLASS, EBS, "{volumeSize: 64T}")),
                accepts("59000Gi", with(CLASS, EBS, "{volumeSize: 59000Gi}")),
                accepts("a bare Ti (empty alternative in the CRD pattern)", with(CLASS, EBS, "{volumeSize: Ti}")),
                pattern("0Gi", with(CLASS, EBS, "{volumeSize: 0Gi}"), EBS + "/volumeSize", CrdPattern.VOLUME_SIZE),
                pattern("59001Gi", with(CLASS, EBS, "{volumeSize: 59001Gi}"), EBS + "/volumeSize", CrdPattern.VOLUME_SIZE),
                pattern("Mi are not accepted", with(CLASS, EBS, "{volumeSize: 512Mi}"), EBS + "/volumeSize", CrdPattern.VOLUME_SIZE),
                schema("unknown volume type", with(CLASS, EBS, "{volumeSize: 20Gi, volumeType: gp4}"), EBS + "/volumeType",
                        "must be one of [standard, io1, io2, gp2, sc1, st1, gp3]"),
                schema("encrypted must be a boolean", with(CLASS, EBS, "{volumeSize: 20Gi, encrypted: 'true'}"), EBS + "/encrypted",
                        "must be a boolean"),
                schema("iops must be an integer", with(CLASS, EBS, "{volumeSize: 20Gi, iops: '3000'}"), EBS + "/iops", "must be an integer"));
    }

    static Stream<Case> options() {
        String m = "/spec/metadataOptions";
        String p = "/spec/placementGroupSelector";
        String t = "/spec/connectionTracking";
        return Stream.of(
                accepts("IMDSv2 only", with(CLASS, m, "{httpEndpoint: enabled, httpProtocolIPv6: disabled, httpPutResponseHopLimit: 2, httpTokens: required}")),
                schema("unknown httpTokens", with(CLASS, m, "{httpTokens: sometimes}"), m + "/httpTokens", "must be one of [required, optional]"),
                schema("hop limit 0", with(CLASS, m, "{httpPutResponseHopLimit: 0}"), m + "/httpPutResponseHopLimit", "must be >= 1"),
                schema("hop limit 65", with(CLASS, m, "{httpPutResponseHopLimit: 65}"), m + "/httpPutResponseHopLimit", "must be <= 64"),
                accepts("placement group by name", with(CLASS, p, "{name: my-pg}")),
                accepts("placement group by id", with(CLASS, p, "{id: pg-0abc}")),
                cel("empty placement group selector", with(CLASS, p, "{}"), p, CelRule.PLACEMENT_GROUP_NEEDS_FIELD),
                cel("placement group name and id", with(CLASS, p, "{name: a, id: pg-1}"), p, CelRule.PLACEMENT_GROUP_EXCLUSIVE),
                pattern("placement group id without prefix", with(CLASS, p, "{id: group-1}"), p + "/id", CrdPattern.PLACEMENT_GROUP_ID),
                schema("empty placement group name", with(CLASS, p, "{name: ''}"), p + "/name", "must be at least 1 character"),
                accepts("connection tracking", with(CLASS, t, "{udpTimeout: 30}")),
                cel("empty connection tracking", with(CLASS, t, "{}"), t, CelRule.CONNECTION_TRACKING_NEEDS_TIMEOUT),
                schema("udpTimeout below 30", with(CLASS, t, "{udpTimeout: 29}"), t + "/udpTimeout", "must be >= 30"),
                schema("tcp timeout above 432000", with(CLASS, t, "{tcpEstablishedTimeout: 432001}"), t + "/tcpEstablishedTimeout",
                        "must be <= 432000"),
                accepts("cpu options", with(CLASS, "/spec/cpuOptions", "{nestedVirtualization: enabled}")),
                schema("unknown nested virtualization", with(CLASS, "/spec/cpuOptions", "{nestedVirtualization: on}"),
                        "/spec/cpuOptions/nestedVirtualization", "must be one of [enabled, disabled]"),
                accepts("RAID0 instance store", with(CLASS, "/spec/instanceStorePolicy", "RAID0")),
                schema("unknown instance store policy", with(CLASS, "/spec/instanceStorePolicy", "RAID1"), "/spec/instanceStorePolicy",
                        "must be one of [RAID0]"),
                schema("negative ipPrefixCount", with(CLASS, "/spec/ipPrefixCount", "-1"), "/spec/ipPrefixCount", "must be >= 0"),
                schema("associatePublicIPAddress must be a boolean", with(CLASS, "/spec/associatePublicIPAddress", "'no'"),
                        "/spec/associatePublicIPAddress", "must be a boolean"));
    }

    static Stream<Case> networkInterfaces() {
        String n = "/spec/networkInterfaces";
        return Stream.of(
                accepts("no interfaces", with(CLASS, n, "[]")),
                accepts("primary and efa", with(CLASS, n, "[{networkCardIndex: 0, deviceIndex: 0, interfaceType: interface},"
                        + " {networkCardIndex: 0, deviceIndex: 1, interfaceType: efa-only}, {networkCardIndex: 1, deviceIndex: 0, interfaceType: efa-only}]")),
                cel("no primary interface", with(CLASS, n, "[{networkCardIndex: 0, deviceIndex: 0, interfaceType: efa-only}]"), n,
                        CelRule.NETWORK_INTERFACES_PRIMARY),
                cel("duplicate card and device", with(CLASS, n, "[{networkCardIndex: 0, deviceIndex: 0, interfaceType: interface},"
                        + " {networkCardIndex: 0, deviceIndex: 0, interfaceType: interface}]"), n + "/1", CelRule.NETWORK_INTERFACES_UNIQUE),
                cel("two efa on one card", with(CLASS, n, "[{networkCardIndex: 0, deviceIndex: 0, interfaceType: interface},"
                        + " {networkCardIndex: 1, deviceIndex: 0, interfaceType: efa-only}, {networkCardIndex: 1, deviceIndex: 1, interfaceType: efa-only}]"),
                        n + "/1", CelRule.NETWORK_INTERFACES_UNIQUE),
                schema("interface fields are required", with(CLASS, n, "[{networkCardIndex: 0, deviceIndex: 0}]"), n + "/0/interfaceType",
                        "required"),
                schema("unknown interface type", with(CLASS, n, "[{networkCardIndex: 0, deviceIndex: 0, interfaceType: ena}]"),
                        n + "/0/interfaceType", "must be one of [interface, efa-only]"));
    }

    static Stream<Case> tags() {
        String t = "/spec/tags";
        return Stream.of(
                accepts("ordinary tags", with(CLASS, t, "{team: payments, cost-center: CC-1042, jig.dev/tenant: payments}")),
                cel("empty tag key", with(CLASS, t, "{'': x}"), t + "/", CelRule.TAG_KEY_NOT_EMPTY),
                cel("eks cluster name", with(CLASS, t, "{'eks:eks-cluster-name': x}"), t + "/eks:eks-cluster-name", CelRule.TAG_EKS_CLUSTER_NAME),
                cel("kubernetes.io/cluster/ tag", with(CLASS, t, "{kubernetes.io/cluster/acme: owned}"), t + "/kubernetes.io~1cluster~1acme",
                        CelRule.TAG_KUBERNETES_CLUSTER),
                cel("kubernetes.io/cluster prefix without slash", with(CLASS, t, "{kubernetes.io/clusterx: a}"), t + "/kubernetes.io~1clusterx",
                        CelRule.TAG_KUBERNETES_CLUSTER),
                cel("karpenter.sh/nodepool tag", with(CLASS, t, "{karpenter.sh/nodepool: a}"), t + "/karpenter.sh~1nodepool", CelRule.TAG_NODEPOOL),
                cel("karpenter.sh/nodeclaim tag", with(CLASS, t, "{karpenter.sh/nodeclaim: a}"), t + "/karpenter.sh~1nodeclaim", CelRule.TAG_NODECLAIM),
                cel("karpenter.k8s.aws/ec2nodeclass tag", with(CLASS, t, "{karpenter.k8s.aws/ec2nodeclass: a}"),
                        t + "/karpenter.k8s.aws~1ec2nodeclass", CelRule.TAG_EC2NODECLASS),
                accepts("empty tag value is allowed on resource tags", with(CLASS, t, "{team: ''}")),
                schema("tag value must be a string", with(CLASS, t, "{team: 1}"), t + "/team", "must be a string"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource({"identity", "blockDevices", "options", "networkInterfaces", "tags"})
    void checksTheEC2NodeClassSpec(Case c) {
        c.verify(KarpenterRules::validateEC2NodeClass);
    }
}
