package dev.jig.controller.cloud;

import dev.jig.api.ec2.NodeClass;
import dev.jig.api.karpenter.Requirement;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.NodePool;
import dev.jig.controller.model.PoolRequirement;
import dev.jig.controller.requirements.NodeRequirements;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * The {@link CloudProvider} contract as tests: every provider extends this class and supplies a
 * fresh provider per test, the pool and node class it launches for, a NodeClaim it can launch,
 * and the two ways to make launches fail. The simulated cloud runs it in {@code SimulatedCloudTest};
 * the EC2 provider runs it against a loopback EC2 endpoint.
 */
public abstract class CloudProviderContract {

    /** The provider under test; the same instance for the whole of one test. */
    protected abstract CloudProvider provider();

    protected abstract NodePool nodePool();

    protected abstract NodeClass nodeClass();

    /** A NodeClaim of {@code nodePool()} that the provider can launch while it has capacity. */
    protected abstract NodeClaim launchableClaim(String name);

    /** From now on, every offering {@link #launchableClaim} allows is out of capacity. */
    protected abstract void exhaustCapacity();

    /** From now on, {@link #nodeClass()} is not ready. */
    protected abstract void makeNodeClassNotReady();

    /** The NodeClaim as the launch controller records it once {@code instance} runs for it. */
    protected static NodeClaim launched(NodeClaim claim, Instance instance) {
        NodeClaim.Status status = new NodeClaim.Status(instance.providerId(), instance.type().name(), instance.zone(),
                instance.capacityType(), instance.pricePerHour(), instance.type().capacity(), instance.type().allocatable(), null, List.of());
        return claim.withStatus(NodeClaim.condition(status, NodeClaim.LAUNCHED, true, NodeClaim.LAUNCHED, "", instance.launchedAt()));
    }

    private Instance launch(String name) {
        return provider().create(launchableClaim(name), nodeClass());
    }

    @Test
    void aLaunchedInstanceCanBeGotAndIsListed() {
        Instance i = launch("a");
        assertThat(i.providerId()).startsWith(provider().name() + ":");
        assertThat(i.nodeClaim()).isEqualTo("a");
        assertThat(provider().get(i.providerId())).contains(i);
        assertThat(provider().list()).contains(i);
    }

    @Test
    void aLaunchUsesAnOfferingTheNodeClaimAllowsAndCarriesItsRegion() {
        NodeClaim claim = launchableClaim("a");
        Instance i = provider().create(claim, nodeClass());
        NodeRequirements reqs = NodeRequirements.ofExpressions(claim.requirements());
        assertThat(reqs.get(WellKnownLabels.INSTANCE_TYPE).allows(i.type().name())).isTrue();
        assertThat(reqs.get(WellKnownLabels.ZONE).allows(i.zone())).isTrue();
        assertThat(reqs.get(WellKnownLabels.CAPACITY_TYPE).allows(i.capacityType())).isTrue();
        assertThat(claim.requests().fitsIn(i.type().allocatable())).isTrue();
        assertThat(i.region()).isNotBlank();
    }

    @Test
    void getOfAnUnknownIdIsEmpty() {
        assertThat(provider().get(provider().name() + ":///nowhere/i-unknown")).isEmpty();
    }

    @Test
    void deleteOfAnInstanceNeverLaunchedIsNotFound() {
        String id = provider().name() + ":///nowhere/i-unknown";
        NodeClaimNotFoundException e = catchThrowableOfType(NodeClaimNotFoundException.class, () -> provider().delete(id));
        assertThat(e.providerId()).isEqualTo(id);
        assertThat(e.retryable()).isFalse();
    }

    @Test
    void deletingUntilNotFoundLeavesNoTraceInGetOrList() {
        Instance i = launch("a");
        boolean gone = false;
        for (int attempt = 0; attempt < 10 && !gone; attempt++) {
            try {
                provider().delete(i.providerId());
            } catch (NodeClaimNotFoundException e) {
                gone = true;
            }
        }
        assertThat(gone).as("delete ends in not found").isTrue();
        assertThat(provider().get(i.providerId())).isEmpty();
        assertThat(provider().list()).extracting(Instance::providerId).doesNotContain(i.providerId());
    }

    @Test
    void listKeepsInstancesWhoseNodeClaimIsGoneForGarbageCollection() {
        Instance orphan = launch("deleted-before-it-registered");
        Instance kept = launch("b");
        assertThat(provider().list()).extracting(Instance::nodeClaim).contains("deleted-before-it-registered", "b");
        assertThat(provider().list()).contains(orphan, kept);
    }

    @Test
    protected void createIsNotIdempotentSoBothLaunchesAreListed() {
        Instance first = launch("a");
        Instance second = launch("a");
        assertThat(second.providerId()).isNotEqualTo(first.providerId());
        assertThat(provider().list()).contains(first, second);
    }

    @Test
    void insufficientCapacityNamesTheOfferingsThatRanOutAndIsRetryable() {
        NodeClaim claim = launchableClaim("a");
        exhaustCapacity();
        InsufficientCapacityException e = catchThrowableOfType(InsufficientCapacityException.class, () -> provider().create(claim, nodeClass()));
        assertThat(e.retryable()).isTrue();
        assertThat(e.failed()).isNotEmpty();
        NodeRequirements reqs = NodeRequirements.ofExpressions(claim.requirements());
        assertThat(e.failed()).allSatisfy(f -> {
            assertThat(reqs.get(WellKnownLabels.INSTANCE_TYPE).allows(f.instanceType())).isTrue();
            assertThat(reqs.get(WellKnownLabels.ZONE).allows(f.offering().zone())).isTrue();
        });
        assertThat(provider().list()).isEmpty();
    }

    @Test
    void instanceTypesKeepTypesWhoseOfferingsAreAllUnavailable() {
        Set<String> before = names(provider().instanceTypes(nodePool(), nodeClass()));
        exhaustCapacity();
        assertThatThrownBy(() -> launch("a")).isInstanceOf(InsufficientCapacityException.class);
        List<ResolvedInstanceType> after = provider().instanceTypes(nodePool(), nodeClass());
        assertThat(names(after)).isEqualTo(before);
    }

    @Test
    void aNodeClassThatIsNotReadyFailsTheLaunchRetryably() {
        makeNodeClassNotReady();
        NodeClassNotReadyException e = catchThrowableOfType(NodeClassNotReadyException.class, () -> launch("a"));
        assertThat(e.nodeClass()).isEqualTo(nodeClass().name());
        assertThat(e.retryable()).isTrue();
        assertThat(provider().list()).isEmpty();
    }

    @Test
    void aNodeClaimThatHasNotLaunchedHasNotDrifted() {
        assertThat(provider().isDrifted(launchableClaim("a"), nodePool(), nodeClass())).isEmpty();
    }

    @Test
    void aFreshlyLaunchedNodeClaimHasNotDrifted() {
        NodeClaim claim = launchableClaim("a");
        NodeClaim running = launched(claim, provider().create(claim, nodeClass()));
        assertThat(provider().isDrifted(running, nodePool(), nodeClass())).isEmpty();
    }

    @Test
    void aNodeClaimWhosePoolNoLongerAllowsItsZoneHasDriftedDeterministically() {
        NodeClaim claim = launchableClaim("a");
        Instance i = provider().create(claim, nodeClass());
        NodePool p = nodePool();
        List<PoolRequirement> narrowed = new ArrayList<>(p.requirements());
        narrowed.add(PoolRequirement.of(new Requirement(WellKnownLabels.ZONE, Requirement.Operator.NotIn, List.of(i.zone()))));
        NodePool moved = new NodePool(p.name(), p.weight(), p.labels(), narrowed, p.taints(), p.startupTaints(), p.nodeClassName(),
                p.limits(), p.disruption());
        var reason = provider().isDrifted(launched(claim, i), moved, nodeClass());
        assertThat(reason).hasValueSatisfying(r -> assertThat(r).isNotBlank());
        assertThat(provider().isDrifted(launched(claim, i), moved, nodeClass())).isEqualTo(reason);
    }

    private static Set<String> names(List<ResolvedInstanceType> types) {
        return types.stream().map(ResolvedInstanceType::name).collect(Collectors.toSet());
    }
}
