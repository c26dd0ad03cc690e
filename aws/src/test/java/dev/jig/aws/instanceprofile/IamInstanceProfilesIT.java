package dev.jig.aws.instanceprofile;

import dev.jig.aws.loopback.LoopbackClients;
import dev.jig.aws.loopback.LoopbackIam;
import dev.jig.aws.loopback.LoopbackService.AwsError;
import dev.jig.controller.cloud.CloudOperationException;
import dev.jig.controller.simulate.SimulatedClock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.iam.IamClient;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class IamInstanceProfilesIT {

    private final LoopbackIam iam = new LoopbackIam().role("NodeRole").role("OtherRole");
    private final IamClient client = LoopbackClients.at(iam).iam();
    private final SimulatedClock clock = new SimulatedClock(Instant.parse("2026-11-25T12:00:00Z"));
    private final IamInstanceProfiles profiles = new IamInstanceProfiles(client, "acme", "eu-west-1", clock);
    private final String expectedName = InstanceProfileName.of("acme", "eu-west-1", "team-a");

    @AfterEach
    void close() {
        client.close();
        iam.close();
    }

    @Test
    void createsTheProfileWithTagsAndAddsTheRoleOnce() {
        assertThat(profiles.ensure("team-a", "NodeRole")).isEqualTo(expectedName);

        LoopbackIam.Profile created = iam.profile(expectedName);
        assertThat(created.roles()).containsExactly("NodeRole");
        assertThat(created.tags()).containsEntry("kubernetes.io/cluster/acme", "owned")
                .containsEntry("eks:eks-cluster-name", "acme")
                .containsEntry("karpenter.k8s.aws/ec2nodeclass", "team-a")
                .containsEntry("topology.kubernetes.io/region", "eu-west-1");
        assertThat(iam.calls()).containsExactly("GetInstanceProfile", "CreateInstanceProfile", "AddRoleToInstanceProfile");

        // cached: a reconcile loop asks IAM nothing more
        assertThat(profiles.ensure("team-a", "NodeRole")).isEqualTo(expectedName);
        assertThat(iam.calls()).hasSize(3);
    }

    @Test
    void aRestartedControllerFindsTheProfileItMadeAndChecksItAgainAfterTheCacheExpires() {
        profiles.ensure("team-a", "NodeRole");
        var restarted = new IamInstanceProfiles(client, "acme", "eu-west-1", clock);

        assertThat(restarted.ensure("team-a", "NodeRole")).isEqualTo(expectedName);
        assertThat(iam.calls()).endsWith("AddRoleToInstanceProfile", "GetInstanceProfile");
        assertThat(iam.profileNames()).containsExactly(expectedName);

        clock.advance(IamInstanceProfiles.PROFILE_TTL);
        restarted.ensure("team-a", "NodeRole");
        assertThat(iam.count("GetInstanceProfile")).isEqualTo(3);
    }

    @Test
    void aChangedRoleReplacesTheOldOneInTheSameProfile() {
        profiles.ensure("team-a", "NodeRole");
        assertThat(profiles.ensure("team-a", "arn:aws:iam::123456789012:role/OtherRole")).isEqualTo(expectedName);

        assertThat(iam.profile(expectedName).roles()).containsExactly("OtherRole");
        assertThat(iam.calls()).endsWith("GetInstanceProfile", "RemoveRoleFromInstanceProfile", "AddRoleToInstanceProfile");
    }

    @Test
    void aMissingRoleIsAnErrorNamingTheRoleAndIamsAnswerAndIsNotAskedAgainAtOnce() {
        assertThatThrownBy(() -> profiles.ensure("team-a", "NoSuchRole"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("role 'NoSuchRole'")
                .hasMessageContaining("NoSuchEntity: The role with name NoSuchRole cannot be found.");
        int asked = iam.calls().size();

        assertThatThrownBy(() -> profiles.ensure("team-a", "NoSuchRole")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("NoSuchRole");
        assertThat(iam.calls()).hasSize(asked);

        iam.role("NoSuchRole");
        clock.advance(IamInstanceProfiles.REFUSAL_TTL);
        assertThat(profiles.ensure("team-a", "NoSuchRole")).isEqualTo(expectedName);
        assertThat(iam.profile(expectedName).roles()).containsExactly("NoSuchRole");
    }

    @Test
    void twoReplicasAddingTheRoleAtOnceBothGetTheProfileAndNoRefusalIsCached() {
        var otherReplica = new IamInstanceProfiles(client, "acme", "eu-west-1", clock);
        // the other replica reads, creates and adds the role between this one's read and its add
        iam.beforeNext("AddRoleToInstanceProfile", () -> assertThat(otherReplica.ensure("team-a", "NodeRole")).isEqualTo(expectedName));

        assertThat(profiles.ensure("team-a", "NodeRole")).isEqualTo(expectedName);

        assertThat(iam.count("AddRoleToInstanceProfile")).as("both added; the second got LimitExceeded").isEqualTo(2);
        assertThat(iam.profile(expectedName).roles()).containsExactly("NodeRole");
        assertThat(iam.calls()).endsWith("AddRoleToInstanceProfile", "GetInstanceProfile");
        int asked = iam.calls().size();
        assertThat(profiles.ensure("team-a", "NodeRole")).as("cached as held, not as refused").isEqualTo(expectedName);
        assertThat(iam.calls()).hasSize(asked);
    }

    @Test
    void aProfileHoldingAnotherRoleAfterLimitExceededIsARefusalKeyedByProfileAndRole() {
        iam.beforeNext("AddRoleToInstanceProfile", () -> new IamInstanceProfiles(client, "acme", "eu-west-1", clock).ensure("team-a", "OtherRole"));

        assertThatThrownBy(() -> profiles.ensure("team-a", "NodeRole")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("LimitExceeded").hasMessageContaining("role 'NodeRole'");

        // the refusal is for team-a's profile only: another node class with the same role still gets its own
        assertThat(profiles.ensure("team-b", "NodeRole")).isEqualTo(InstanceProfileName.of("acme", "eu-west-1", "team-b"));
        assertThat(iam.profile(InstanceProfileName.of("acme", "eu-west-1", "team-b")).roles()).containsExactly("NodeRole");
    }

    @Test
    void aDeniedPermissionIsAnErrorNamingTheRoleAndTheIamError() {
        iam.failNext("AddRoleToInstanceProfile", 1, new AwsError(403, "AccessDenied",
                "User: arn:aws:sts::123456789012:assumed-role/jig-controller/i is not authorized to perform: iam:PassRole on resource: NodeRole"));

        assertThatThrownBy(() -> profiles.ensure("team-a", "NodeRole"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("role 'NodeRole'")
                .hasMessageContaining("AccessDenied")
                .hasMessageContaining("iam:PassRole");
    }

    @Test
    void throttlingIsRetriedAndAnOutageIsATransientCloudError() {
        iam.failNext("GetInstanceProfile", 1, new AwsError(400, "Throttling", "Rate exceeded"));
        assertThat(profiles.ensure("team-a", "NodeRole")).isEqualTo(expectedName);

        iam.failNext("GetInstanceProfile", 10, new AwsError(503, "ServiceUnavailable", "Service is unavailable"));
        assertThatThrownBy(() -> profiles.ensure("team-b", "NodeRole"))
                .isInstanceOfSatisfying(CloudOperationException.class, e -> assertThat(e.retryable()).isTrue())
                .hasMessageContaining("IAM GetInstanceProfile");
    }

    @Test
    void aProfileIamDoesNotShowYetIsATransientErrorAndTheNextReconcileCompletesIt() {
        iam.failNext("AddRoleToInstanceProfile", 1, new AwsError(404, "NoSuchEntity", "Instance Profile " + expectedName + " cannot be found."));

        assertThatThrownBy(() -> profiles.ensure("team-a", "NodeRole"))
                .isInstanceOfSatisfying(CloudOperationException.class, e -> assertThat(e.retryable()).isTrue())
                .hasMessageContaining(expectedName);
        assertThat(profiles.ensure("team-a", "NodeRole")).isEqualTo(expectedName);
        assertThat(iam.profile(expectedName).roles()).containsExactly("NodeRole");
        assertThat(iam.count("CreateInstanceProfile")).isEqualTo(1);
    }

    @Test
    void deleteRemovesTheRoleThenTheProfileAndIsSafeToRepeat() {
        profiles.ensure("team-a", "NodeRole");
        profiles.ensure("team-b", "NodeRole");

        profiles.delete("team-a");
        assertThat(iam.profileNames()).containsExactly(InstanceProfileName.of("acme", "eu-west-1", "team-b"));
        assertThat(iam.calls()).endsWith("GetInstanceProfile", "RemoveRoleFromInstanceProfile", "DeleteInstanceProfile");

        profiles.delete("team-a");
        assertThat(iam.calls()).last().isEqualTo("GetInstanceProfile");

        // and ensure after delete makes it again rather than trusting its cache
        profiles.ensure("team-a", "NodeRole");
        assertThat(iam.profile(expectedName).roles()).isEqualTo(List.of("NodeRole"));
    }
}
