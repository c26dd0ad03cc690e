package dev.jig.controller.manifest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jig.api.ec2.AmiFamily;
import dev.jig.api.ec2.NodeClass;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.controller.model.Limits;
import dev.jig.controller.model.NodePool;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class KarpenterManifestsTest {

    private static JsonNode json(String s) throws Exception {
        return new ObjectMapper().readTree(s.replace('\'', '"'));
    }

    @Test
    void readsANodePoolWithMinValuesLimitsTaintsAndDefaults() throws Exception {
        NodePool p = KarpenterManifests.nodePool(json("""
                {'apiVersion': 'karpenter.sh/v1', 'kind': 'NodePool', 'metadata': {'name': 'web'},
                 'spec': {'weight': 30, 'limits': {'cpu': '100', 'memory': '400Gi', 'nvidia.com/gpu': '2', 'nodes': '10'},
                  'template': {'metadata': {'labels': {'tier': 'web'}},
                   'spec': {'nodeClassRef': {'group': 'karpenter.k8s.aws', 'kind': 'EC2NodeClass', 'name': 'default'},
                    'requirements': [{'key': 'karpenter.k8s.aws/instance-family', 'operator': 'Exists', 'minValues': 3},
                                     {'key': 'karpenter.k8s.aws/instance-cpu', 'operator': 'Gte', 'values': ['4']}],
                    'taints': [{'key': 'tier', 'value': 'web', 'effect': 'NoSchedule'}],
                    'startupTaints': [{'key': 'cilium', 'effect': 'NoExecute'}]}}}}"""));
        assertThat(p.weight()).isEqualTo(30);
        assertThat(p.limits()).isEqualTo(new Limits(100_000, 400 * ResourceList.GIB, 2, 10));
        assertThat(p.requirements().get(0).minValues()).isEqualTo(3);
        assertThat(p.labels()).containsEntry("tier", "web");
        assertThat(p.taints()).hasSize(1);
        assertThat(p.startupTaints().get(0).effect()).isEqualTo("NoExecute");
        assertThat(p.nodeClassName()).isEqualTo("default");
        assertThat(p.disruption().expireAfter()).isEqualTo("720h");
    }

    @Test
    void readsTheAmiFamilyKubeletAndRootVolumeOfAnEc2NodeClass() throws Exception {
        Path file = Path.of(System.getProperty("jig.repo.root", ".."), "controller", "src", "test", "resources", "dev", "jig", "controller", "manifest", "bottlerocket.json");
        NodeClass c = KarpenterManifests.nodeClass(new ObjectMapper().readTree(Files.readString(file)));
        assertThat(c.amiFamily()).isEqualTo(AmiFamily.BOTTLEROCKET);
        assertThat(c.kubelet().maxPods()).isEqualTo(110);
        assertThat(c.ephemeralBytes()).isEqualTo(100 * ResourceList.GIB);
        assertThat(c.raid0()).isFalse();
    }

    @Test
    void readsTheWholeKubeletBlock() throws Exception {
        NodeClass c = KarpenterManifests.nodeClass(json("{'apiVersion': 'karpenter.k8s.aws/v1', 'kind': 'EC2NodeClass', 'metadata': {'name': 'd'},"
                + " 'spec': {'amiSelectorTerms': [{'alias': 'al2023@latest'}], 'kubelet': {'clusterDNS': ['10.0.0.10'],"
                + " 'evictionSoft': {'memory.available': '10%'}, 'evictionSoftGracePeriod': {'memory.available': '1m'},"
                + " 'evictionMaxPodGracePeriod': 60, 'imageGCHighThresholdPercent': 85, 'imageGCLowThresholdPercent': 80, 'cpuCFSQuota': false}}}"));
        assertThat(c.kubelet().clusterDNS()).containsExactly("10.0.0.10");
        assertThat(c.kubelet().evictionSoft()).containsEntry("memory.available", "10%");
        assertThat(c.kubelet().evictionSoftGracePeriod()).containsEntry("memory.available", "1m");
        assertThat(c.kubelet().evictionMaxPodGracePeriod()).isEqualTo(60);
        assertThat(c.kubelet().imageGCHighThresholdPercent()).isEqualTo(85);
        assertThat(c.kubelet().imageGCLowThresholdPercent()).isEqualTo(80);
        assertThat(c.kubelet().cpuCFSQuota()).isFalse();
        NodeClass plain = KarpenterManifests.nodeClass(json("{'apiVersion': 'karpenter.k8s.aws/v1', 'kind': 'EC2NodeClass', 'metadata': {'name': 'd'},"
                + " 'spec': {'amiSelectorTerms': [{'alias': 'al2023@latest'}]}}"));
        assertThat(plain.kubelet()).isEqualTo(dev.jig.api.ec2.Kubelet.DEFAULT);
    }

    @Test
    void al2023AliasWithoutBlockDevicesUsesTheDefaultVolume() throws Exception {
        NodeClass c = KarpenterManifests.nodeClass(json("{'apiVersion': 'karpenter.k8s.aws/v1', 'kind': 'EC2NodeClass', 'metadata': {'name': 'd'}, 'spec': {'amiSelectorTerms': [{'alias': 'al2023@latest'}], 'instanceStorePolicy': 'RAID0'}}"));
        assertThat(c.amiFamily()).isEqualTo(AmiFamily.AL2023);
        assertThat(c.ephemeralBytes()).isZero();
        assertThat(c.raid0()).isTrue();
    }

    @Test
    void nodeClassCarriesItsSelectorTermsTyped() throws Exception {
        NodeClass c = KarpenterManifests.nodeClass(json("{'apiVersion': 'karpenter.k8s.aws/v1', 'kind': 'EC2NodeClass', 'metadata': {'name': 'd'},"
                + " 'spec': {'amiSelectorTerms': [{'alias': 'al2023@latest'}], 'subnetSelectorTerms': [{'tags': {'tier': 'private'}}],"
                + " 'securityGroupSelectorTerms': [{'id': 'sg-0123'}]}}"));
        assertThat(c.selectors().amis().get(0).alias()).isEqualTo("al2023@latest");
        assertThat(c.selectors().subnets().get(0).tags()).containsEntry("tier", "private");
        assertThat(c.selectors().securityGroups().get(0).id()).isEqualTo("sg-0123");
        assertThat(c.selectors().capacityReservations()).isEmpty();
    }
}
