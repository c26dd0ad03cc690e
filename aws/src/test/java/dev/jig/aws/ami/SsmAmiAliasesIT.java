package dev.jig.aws.ami;

import dev.jig.aws.loopback.LoopbackClients;
import dev.jig.aws.loopback.LoopbackService.AwsError;
import dev.jig.aws.loopback.LoopbackSsm;
import dev.jig.controller.cloud.CloudOperationException;
import dev.jig.controller.simulate.SimulatedClock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.ssm.SsmClient;

import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SsmAmiAliasesIT {

    private static final String AL2023 = "/aws/service/eks/optimized-ami/1.31/amazon-linux-2023/";

    private final LoopbackSsm ssm = new LoopbackSsm();
    private final SsmClient client = LoopbackClients.at(ssm).ssm();
    private final SimulatedClock clock = new SimulatedClock(Instant.parse("2026-11-25T12:00:00Z"));
    private final SsmAmiAliases aliases = new SsmAmiAliases(client, clock);

    @AfterEach
    void close() {
        client.close();
        ssm.close();
    }

    @Test
    void latestResolvesEveryPublishedArchitectureAndVariantAndSkipsTheRest() {
        ssm.put(AL2023 + "x86_64/standard/recommended/image_id", "ami-0a1")
                .put(AL2023 + "x86_64/nvidia/recommended/image_id", "ami-0a2")
                .put(AL2023 + "arm64/standard/recommended/image_id", "ami-0b1");

        var amis = aliases.resolve("al2023@latest", "1.31");

        assertThat(amis).extracting(AmiAliases.AliasAmi::imageId, AmiAliases.AliasAmi::architecture, AmiAliases.AliasAmi::variant)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("ami-0a1", "amd64", "standard"),
                        org.assertj.core.groups.Tuple.tuple("ami-0a2", "amd64", "nvidia"),
                        org.assertj.core.groups.Tuple.tuple("ami-0b1", "arm64", "standard"));
        assertThat(amis.get(2).ssmParameter()).isEqualTo(AL2023 + "arm64/standard/recommended/image_id");
        assertThat(ssm.count("GetParameter")).isEqualTo(5);
    }

    @Test
    void answersAreCachedAndLatestIsAskedAgainAfterItsTimeToLive() {
        ssm.put(AL2023 + "x86_64/standard/recommended/image_id", "ami-old");
        assertThat(aliases.resolve("al2023@latest", "1.31")).extracting(AmiAliases.AliasAmi::imageId).containsExactly("ami-old");
        ssm.put(AL2023 + "x86_64/standard/recommended/image_id", "ami-new");

        assertThat(aliases.resolve("al2023@latest", "1.31")).extracting(AmiAliases.AliasAmi::imageId).containsExactly("ami-old");
        assertThat(ssm.count("GetParameter")).isEqualTo(5);

        clock.advance(SsmAmiAliases.DEFAULT_LATEST_TTL);
        assertThat(aliases.resolve("al2023@latest", "1.31")).extracting(AmiAliases.AliasAmi::imageId).containsExactly("ami-new");
        assertThat(ssm.count("GetParameter")).isEqualTo(10);
    }

    @Test
    void pinnedBottlerocketReleaseResolvesWithOrWithoutItsV() {
        ssm.put("/aws/service/bottlerocket/aws-k8s-1.31/x86_64/1.20.0/image_id", "ami-br1")
                .put("/aws/service/bottlerocket/aws-k8s-1.31/arm64/1.20.0/image_id", "ami-br2");

        assertThat(aliases.resolve("bottlerocket@v1.20.0", "1.31")).extracting(AmiAliases.AliasAmi::imageId)
                .containsExactly("ami-br1", "ami-br2");
        assertThat(aliases.resolve("bottlerocket@1.20.0", "1.31")).extracting(AmiAliases.AliasAmi::imageId)
                .containsExactly("ami-br1", "ami-br2");
    }

    @Test
    void unknownVersionIsAnErrorNamingTheAliasAndTheParameters() {
        ssm.put(AL2023 + "x86_64/standard/recommended/image_id", "ami-0a1");

        assertThatThrownBy(() -> aliases.resolve("al2023@v20990101", "1.31"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("al2023@v20990101")
                .hasMessageContaining(AL2023 + "x86_64/standard/amazon-eks-node-al2023-x86_64-standard-1.31-v20990101/image_id");
        // SSM's "not found" is believed for a while: a reconcile loop does not ask again at once
        assertThatThrownBy(() -> aliases.resolve("al2023@v20990101", "1.31")).isInstanceOf(IllegalArgumentException.class);
        assertThat(ssm.count("GetParameter")).isEqualTo(5);
    }

    @Test
    void throttlingIsRetriedBySdkAndPersistentServerErrorsAreTransientCloudErrors() {
        ssm.put("/aws/service/ami-windows-latest/Windows_Server-2019-English-Core-EKS_Optimized-1.31/image_id", "ami-win");
        ssm.failNext("GetParameter", 1, new AwsError(400, "ThrottlingException", "Rate exceeded"));
        assertThat(aliases.resolve("windows2019@latest", "1.31")).extracting(AmiAliases.AliasAmi::imageId).containsExactly("ami-win");

        ssm.failNext("GetParameter", 10, new AwsError(500, "InternalServerError", "internal failure"));
        assertThatThrownBy(() -> aliases.resolve("windows2022@latest", "1.31"))
                .isInstanceOfSatisfying(CloudOperationException.class, e -> assertThat(e.retryable()).isTrue())
                .hasMessageContaining("SSM GetParameter")
                .hasMessageContaining("Windows_Server-2022")
                .hasMessageContaining("InternalServerError");
    }

    @Test
    void deniedAccessIsAPermanentCloudError() {
        ssm.failNext("GetParameter", 1, new AwsError(400, "AccessDeniedException",
                "User: arn:aws:sts::123456789012:assumed-role/jig/x is not authorized to perform: ssm:GetParameter"));
        assertThatThrownBy(() -> aliases.resolve("windows2022@latest", "1.31"))
                .isInstanceOfSatisfying(CloudOperationException.class, e -> assertThat(e.retryable()).isFalse())
                .hasMessageContaining("AccessDeniedException").hasMessageContaining("ssm:GetParameter");
    }
}
