package dev.jig.aws.cloud;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jig.aws.ami.SsmAmiAliases;
import dev.jig.aws.loopback.Ec2Provider;
import dev.jig.aws.loopback.LoopbackClients;
import dev.jig.aws.loopback.LoopbackFixture;
import dev.jig.aws.loopback.LoopbackSsm;
import dev.jig.aws.loopback.TestNodeClasses;
import dev.jig.controller.cloud.Instance;
import dev.jig.controller.cloud.InsufficientCapacityException;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.ssm.SsmClient;

/**
 * An {@code al2023@latest} node class resolved through SSM (loopback) launches its nvidia AMI on GPU
 * types only and its standard AMI on the others, as Karpenter's AMI requirements do.
 */
class AmiVariantLaunchIT {

    private static final String AL2023 = "/aws/service/eks/optimized-ami/1.31/amazon-linux-2023/";

    private final LoopbackFixture f = new LoopbackFixture();
    private final LoopbackSsm ssm = new LoopbackSsm();
    private final SsmClient client = LoopbackClients.at(ssm).ssm();
    private final Ec2Provider ec2 = new Ec2Provider(f, new SsmAmiAliases(client, f.clock));

    AmiVariantLaunchIT() {
        f.world.offer("g5.xlarge", 0.4, "us-east-1a", "us-east-1b");
        ssm.put(AL2023 + "x86_64/standard/recommended/image_id", "ami-0standard")
                .put(AL2023 + "x86_64/nvidia/recommended/image_id", "ami-0nvidia")
                .put(AL2023 + "x86_64/neuron/recommended/image_id", "ami-0neuron")
                .put(AL2023 + "arm64/standard/recommended/image_id", "ami-0standardarm");
    }

    @AfterEach
    void close() {
        client.close();
        ssm.close();
        f.close();
    }

    @Test
    void aGpuTypeLaunchesTheNvidiaAmiAndAPlainTypeTheStandardOne() {
        Instance gpu = ec2.provider.create(Ec2CloudProviderContractIT.claim("gpu", "on-demand", "g5.xlarge"), TestNodeClasses.defaultClass());
        Instance plain = ec2.provider.create(Ec2CloudProviderContractIT.claim("plain", "on-demand", "m5.large"), TestNodeClasses.defaultClass());

        assertThat(f.world.running()).extracting(i -> i.type() + "=" + i.imageId())
                .containsExactlyInAnyOrder("g5.xlarge=ami-0nvidia", "m5.large=ami-0standard");
        assertThat(gpu.type().name()).isEqualTo("g5.xlarge");
        assertThat(plain.type().name()).isEqualTo("m5.large");
    }

    @Test
    void aClaimThatAllowsBothButAsksForNoGpuLeavesTheGpuTypeOutAsExotic() {
        ec2.provider.create(Ec2CloudProviderContractIT.claim("both", "on-demand", "g5.xlarge", "m5.large"), TestNodeClasses.defaultClass());

        List<String> templates = f.world.launchTemplateNames();
        assertThat(templates).as("only the standard AMI's template: the GPU type is a last resort").hasSize(1);
        assertThat(f.world.launchTemplate(templates.get(0)).orElseThrow().get("ImageId")).isEqualTo("ami-0standard");
        assertThat(f.world.running()).singleElement().satisfies(i -> assertThat(i.imageId()).isEqualTo("ami-0standard"));
    }

    @Test
    void withoutAnNvidiaAmiAGpuTypeIsNotLaunchedWithTheStandardOne() {
        ssm.put(AL2023 + "x86_64/nvidia/recommended/image_id", "not-an-ami");
        SsmAmiAliases fresh = new SsmAmiAliases(client, f.clock);
        Ec2Provider onlyStandard = new Ec2Provider(f, fresh);

        assertThatThrownBy(() -> onlyStandard.provider.create(Ec2CloudProviderContractIT.claim("gpu", "on-demand", "g5.xlarge"),
                TestNodeClasses.defaultClass())).isInstanceOf(InsufficientCapacityException.class);
        assertThat(f.world.running()).isEmpty();
        assertThat(f.world.fleetRequests()).isEmpty();
    }
}
