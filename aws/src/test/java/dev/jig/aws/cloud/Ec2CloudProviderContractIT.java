package dev.jig.aws.cloud;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jig.api.ec2.NodeClass;
import dev.jig.api.karpenter.Requirement;
import dev.jig.api.karpenter.ResourceList;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.aws.loopback.Ec2Provider;
import dev.jig.aws.loopback.LoopbackFixture;
import dev.jig.aws.loopback.TestNodeClasses;
import dev.jig.controller.cloud.CloudProvider;
import dev.jig.controller.cloud.CloudProviderContract;
import dev.jig.controller.cloud.Instance;
import dev.jig.controller.model.Disruption;
import dev.jig.controller.model.Limits;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.NodePool;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The cloud port's contract, run by the EC2 provider through the real SDK against the loopback EC2. */
class Ec2CloudProviderContractIT extends CloudProviderContract {

    private final LoopbackFixture f = new LoopbackFixture();
    private final Ec2Provider ec2 = new Ec2Provider(f);
    private NodeClass nodeClass = TestNodeClasses.defaultClass();

    @AfterEach
    void close() {
        f.close();
    }

    static NodePool pool() {
        return new NodePool("default", 0, Map.of(), List.of(), List.of(), List.of(), "default", Limits.NONE, Disruption.DEFAULT);
    }

    static NodeClaim claim(String name, String capacityType, String... types) {
        return new NodeClaim(name, "default", "default", Map.of(WellKnownLabels.NODEPOOL, "default", "team", "payments"),
                List.of(new Requirement(WellKnownLabels.INSTANCE_TYPE, Requirement.Operator.In, List.of(types)),
                        new Requirement(WellKnownLabels.CAPACITY_TYPE, Requirement.Operator.In, List.of(capacityType))),
                ResourceList.of(500, 1024), List.of(), List.of(), java.time.Instant.parse("2026-11-25T11:59:00Z"), false, null);
    }

    /**
     * The provider as the controller calls it: the contract's callers retry {@code delete} until not found,
     * once a tick, and EC2 shows an instance shutting down until the provider's next instance refresh. So
     * between two deletes of the same instance, one refresh interval passes and the due refreshes run.
     */
    private final CloudProvider retryingOncePerRefresh = new CloudProvider() {
        private final java.util.Set<String> deleted = java.util.concurrent.ConcurrentHashMap.newKeySet();

        @Override
        public List<dev.jig.controller.cloud.ResolvedInstanceType> instanceTypes(NodePool pool, NodeClass nodeClass) {
            return ec2.provider.instanceTypes(pool, nodeClass);
        }

        @Override
        public Instance create(NodeClaim claim, NodeClass nodeClass) {
            return ec2.provider.create(claim, nodeClass);
        }

        @Override
        public void delete(String providerId) {
            if (!deleted.add(providerId)) {
                f.clock.advance(Ec2Provider.INSTANCE_REFRESH);
                ec2.refreshDue();
            }
            ec2.provider.delete(providerId);
        }

        @Override
        public java.util.Optional<Instance> get(String providerId) {
            return ec2.provider.get(providerId);
        }

        @Override
        public List<Instance> list() {
            return ec2.provider.list();
        }

        @Override
        public java.util.Optional<String> isDrifted(NodeClaim claim, NodePool pool, NodeClass nodeClass) {
            return ec2.provider.isDrifted(claim, pool, nodeClass);
        }

        @Override
        public String name() {
            return ec2.provider.name();
        }
    };

    @Override
    protected CloudProvider provider() {
        return retryingOncePerRefresh;
    }

    @Override
    protected NodePool nodePool() {
        return pool();
    }

    @Override
    protected NodeClass nodeClass() {
        return nodeClass;
    }

    @Override
    protected NodeClaim launchableClaim(String name) {
        return claim(name, "on-demand", "m5.large", "c5.large");
    }

    @Override
    protected void exhaustCapacity() {
        f.world.faults().noCapacity("*", "*", "*");
    }

    @Override
    protected void makeNodeClassNotReady() {
        nodeClass = TestNodeClasses.read("default", TestNodeClasses.DEFAULT_SPEC.replace("\"subnetSelectorTerms\": [{\"tags\": {\"karpenter.sh/discovery\": \"demo\"}}]",
                "\"subnetSelectorTerms\": [{\"tags\": {\"karpenter.sh/discovery\": \"nowhere\"}}]"));
    }

    /**
     * Where EC2 departs from the port's general contract, on purpose: the NodeClaim name is
     * CreateFleet's client token, so launching the same NodeClaim twice gets the one instance back.
     */
    @Override
    @Test
    protected void createIsNotIdempotentSoBothLaunchesAreListed() {
        Instance first = provider().create(launchableClaim("a"), nodeClass());
        Instance second = provider().create(launchableClaim("a"), nodeClass());
        assertThat(second.providerId()).isEqualTo(first.providerId());
        assertThat(provider().list()).containsExactly(first);
        assertThat(f.world.running()).hasSize(1);
    }
}
