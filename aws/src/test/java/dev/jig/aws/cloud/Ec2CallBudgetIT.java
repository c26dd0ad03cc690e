package dev.jig.aws.cloud;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jig.api.ec2.NodeClass;
import dev.jig.aws.loopback.Ec2Provider;
import dev.jig.aws.loopback.LoopbackFixture;
import dev.jig.aws.loopback.LoopbackService.AwsError;
import dev.jig.aws.loopback.TestNodeClasses;
import dev.jig.controller.cloud.CloudOperationException;
import dev.jig.controller.cloud.Instance;
import dev.jig.controller.cloud.NodeClaimNotFoundException;
import dev.jig.controller.model.NodeClaim;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** What the EC2 provider's routine reads, launches and deletes cost in EC2 calls, counted by the loopback EC2 and by the provider's own metric. */
class Ec2CallBudgetIT {

    private final LoopbackFixture f = new LoopbackFixture();
    private final Ec2Provider ec2 = new Ec2Provider(f);
    private final NodeClass nodeClass = TestNodeClasses.defaultClass();

    @AfterEach
    void close() {
        f.close();
    }

    private NodeClaim launched(String name) {
        NodeClaim claim = Ec2CloudProviderContractIT.claim(name, "on-demand", "m5.large");
        Instance i = ec2.provider.create(claim, nodeClass);
        return claim.withStatus(new NodeClaim.Status(i.providerId(), i.type().name(), i.zone(), i.capacityType(), i.pricePerHour(),
                i.type().capacity(), i.type().allocatable(), null, List.of()));
    }

    private List<String> callsSince(int mark) {
        List<String> all = f.loopback.calls();
        return all.subList(mark, all.size());
    }

    @Test
    void getListAndDriftCostNoCallAfterTheFirstReadAndTheCacheIsReadOncePerRefresh() {
        List<NodeClaim> claims = List.of(launched("a"), launched("b"), launched("c"));
        ec2.provider.list();
        int mark = f.loopback.calls().size();
        for (int i = 0; i < 50; i++) {
            assertThat(ec2.provider.list()).hasSize(3);
            for (NodeClaim c : claims) {
                assertThat(ec2.provider.get(c.status().providerId())).isPresent();
                assertThat(ec2.provider.isDrifted(c, Ec2CloudProviderContractIT.pool(), nodeClass)).isEmpty();
            }
            ec2.provider.instanceTypes(Ec2CloudProviderContractIT.pool(), nodeClass);
        }
        assertThat(callsSince(mark)).isEmpty();
        f.clock.advance(Ec2Provider.INSTANCE_REFRESH.minusSeconds(1));
        ec2.refreshDue();
        assertThat(callsSince(mark)).as("not due yet").isEmpty();
        f.clock.advance(java.time.Duration.ofSeconds(1));
        ec2.refreshDue();
        assertThat(callsSince(mark)).containsExactly("DescribeInstances");
    }

    @Test
    void aLaunchCostsOneCreateFleetAndIsFoundAtOnce() {
        launched("warm");
        int mark = f.loopback.calls().size();
        NodeClaim claim = launched("second");
        assertThat(callsSince(mark)).containsExactly("CreateFleet");
        assertThat(ec2.provider.get(claim.status().providerId())).isPresent();
        assertThat(ec2.provider.list()).extracting(Instance::nodeClaim).contains("second");
        assertThat(callsSince(mark)).as("the first read of the cache").containsExactly("CreateFleet", "DescribeInstances");
    }

    @Test
    void aDeleteTerminatesOnceAndRepeatsCostNothingUntilARefreshShowsTheInstanceGone() {
        NodeClaim claim = launched("d");
        String id = claim.status().providerId();
        ec2.provider.list();
        int mark = f.loopback.calls().size();
        ec2.provider.delete(id);
        ec2.provider.delete(id);
        ec2.provider.delete(id);
        assertThat(callsSince(mark)).containsExactly("TerminateInstances");
        assertThat(ec2.provider.get(id)).as("shutting down may still be shown").isPresent();
        f.clock.advance(Ec2Provider.INSTANCE_REFRESH);
        ec2.refreshDue();
        ec2.provider.delete(id);
        f.clock.advance(Ec2Provider.INSTANCE_REFRESH);
        ec2.refreshDue();
        assertThatThrownBy(() -> ec2.provider.delete(id)).isInstanceOf(NodeClaimNotFoundException.class);
        assertThat(ec2.provider.get(id)).isEmpty();
        assertThat(callsSince(mark)).containsExactly("TerminateInstances", "DescribeInstances", "DescribeInstances");
    }

    @Test
    void anInstanceAnotherProcessIsShuttingDownIsNotTerminatedAgain() {
        NodeClaim claim = launched("e");
        String id = claim.status().providerId();
        ec2.provider.list();
        new Ec2Provider(f).provider.delete(id);
        f.clock.advance(Ec2Provider.INSTANCE_REFRESH);
        ec2.refreshDue();
        long terminations = f.loopback.count("TerminateInstances");
        ec2.provider.delete(id);
        assertThat(f.loopback.count("TerminateInstances")).isEqualTo(terminations);
    }

    @Test
    void everyCallIsCountedByServiceActionAndOutcomeWithItsDuration() {
        launched("m");
        f.loopback.failNext("DescribeInstances", 1, new AwsError(403, "UnauthorizedOperation", "You are not authorized to perform this operation."));
        assertThatThrownBy(ec2.provider::list).hasMessageContaining("UnauthorizedOperation");
        assertThat(f.registry.get("jig_aws_calls_total").tags("service", "ec2", "action", "CreateFleet", "outcome", "success").counter().count()).isEqualTo(1);
        assertThat(f.registry.get("jig_aws_calls_total").tags("service", "ec2", "action", "DescribeInstances", "outcome", "UnauthorizedOperation").counter().count()).isEqualTo(1);
        assertThat(f.registry.get("jig_aws_call_duration_seconds").tags("service", "ec2", "action", "CreateFleet").timer().count()).isEqualTo(1);
        assertThat(f.registry.get("jig_aws_call_attempts_total").tags("service", "ec2", "action", "CreateFleet").counter().count()).isEqualTo(1);
        double total = f.registry.find("jig_aws_calls_total").counters().stream().mapToDouble(c -> c.count()).sum();
        assertThat(total).isEqualTo(f.loopback.calls().size());
    }

    @Test
    void failingRefreshesKeepTheLastViewForAMinuteThenReadersGetAnErrorNotAStaleAnswer() {
        launched("s");
        assertThat(ec2.provider.list()).hasSize(1);
        f.world.faults().serverError("DescribeInstances", 1000);
        f.clock.advance(Ec2Provider.INSTANCE_REFRESH);
        ec2.refreshDue();
        assertThat(ec2.provider.list()).as("the last good view").hasSize(1);
        assertThat(f.registry.get("jig_aws_refresh_failures_total").tag("what", "instances").counter().count()).isEqualTo(1);
        for (int i = 0; i < 4; i++) {
            f.clock.advance(Ec2Provider.INSTANCE_REFRESH);
            ec2.refreshDue();
        }
        assertThatThrownBy(ec2.provider::list).isInstanceOf(CloudOperationException.class).hasMessageContaining("could not be read since");
        f.world.faults().serverError("DescribeInstances", 0);
        f.clock.advance(Ec2Provider.INSTANCE_REFRESH);
        ec2.refreshDue();
        assertThat(ec2.provider.list()).hasSize(1);
    }
}
