package dev.jig.aws.cloud;

import dev.jig.api.ec2.NodeClass;
import dev.jig.aws.instance.Ec2Instance;
import dev.jig.aws.instance.InstanceProvider;
import dev.jig.aws.instancetype.Ec2InstanceTypes;
import dev.jig.aws.launchtemplate.LaunchTemplateProvider;
import dev.jig.aws.instance.InstanceCache;
import dev.jig.aws.nodeclass.NodeClassResolutions;
import dev.jig.aws.nodeclass.ResolvedNodeClass;
import dev.jig.controller.cloud.CloudProvider;
import dev.jig.controller.cloud.Instance;
import dev.jig.controller.cloud.NodeClaimNotFoundException;
import dev.jig.controller.cloud.NodeClassNotReadyException;
import dev.jig.controller.cloud.ResolvedInstanceType;
import dev.jig.controller.cloud.UnavailableOfferings;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.model.NodePool;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The cloud port on EC2 (Karpenter's AWS {@code CloudProvider}). Instance types and offerings come
 * from {@link Ec2InstanceTypes}, node classes from the last resolution {@link NodeClassResolutions}
 * keeps, launches go through the {@link Launcher} (one CreateFleet), and {@link #get}, {@link #list}
 * and {@link #isDrifted} read the {@link InstanceCache}: after the first reads, only launches and
 * terminations call EC2 on the caller's thread; everything else is read in the background.
 *
 * <p>Where it differs from the port's general contract: {@link #create} is idempotent per NodeClaim,
 * because the NodeClaim name is CreateFleet's client token, so a repeated call (after a restart too)
 * gets the same instance instead of a second one. {@link #delete} calls TerminateInstances only for an
 * instance the cache does not know to be shutting down already, so repeating it costs nothing.
 */
public final class Ec2CloudProvider implements CloudProvider {

    private static final Logger LOG = LoggerFactory.getLogger(Ec2CloudProvider.class);

    private final NodeClassResolutions resolutions;
    private final Ec2InstanceTypes types;
    private final InstanceProvider instances;
    private final InstanceCache cache;
    private final UnavailableOfferings unavailable;
    private final Launcher launcher;
    private final Instances convert;

    public Ec2CloudProvider(Ec2Settings settings, NodeClassResolutions resolutions, Ec2InstanceTypes types, LaunchTemplateProvider templates,
                            InstanceProvider instances, InstanceCache cache, UnavailableOfferings unavailable, Clock clock) {
        this.resolutions = resolutions;
        this.types = types;
        this.instances = instances;
        this.cache = cache;
        this.unavailable = unavailable;
        this.launcher = new Launcher(settings, types, templates, instances, unavailable, clock);
        this.convert = new Instances(types);
    }

    @Override
    public String name() {
        return Instances.SCHEME;
    }

    @Override
    public long offeringsVersion() {
        return unavailable.version();
    }

    @Override
    public List<ResolvedInstanceType> instanceTypes(NodePool pool, NodeClass nodeClass) {
        convert.seen(nodeClass);
        try {
            return types.resolve(nodeClass, resolutions.resolve(nodeClass).zones(), unavailable);
        } catch (NodeClassNotReadyException e) {
            LOG.atWarn().addKeyValue("event", "node-class-not-ready").addKeyValue("nodeClass", nodeClass.name()).log("{}", e.getMessage());
            return List.of();
        }
    }

    @Override
    public Instance create(NodeClaim claim, NodeClass nodeClass) {
        convert.seen(nodeClass);
        Ec2Instance launched = launcher.launch(claim, resolutions.resolve(nodeClass));
        cache.launched(launched);
        return convert.toPort(launched);
    }

    @Override
    public void delete(String providerId) {
        String id = Instances.instanceId(providerId);
        if (id == null) throw new NodeClaimNotFoundException(providerId);
        Optional<Ec2Instance> current = cache.get(id);
        if (current.isEmpty()) throw new NodeClaimNotFoundException(providerId);
        if (current.get().terminating()) return;
        Optional<String> state = instances.terminate(id);
        if (state.isEmpty()) {
            cache.gone(id);
            throw new NodeClaimNotFoundException(providerId);
        }
        cache.terminating(id, state.get());
        LOG.atInfo().addKeyValue("event", "instance-terminating").addKeyValue("instance", id).log("terminating {}", id);
    }

    @Override
    public Optional<Instance> get(String providerId) {
        String id = Instances.instanceId(providerId);
        if (id == null) return Optional.empty();
        return cache.get(id).map(this::port);
    }

    /** {@code i} for the port; listed and found even when the catalog lacks its type. */
    private Instance port(Ec2Instance i) {
        Instance port = convert.toPort(i);
        return port != null ? port : convert.toPortOfUnknownType(i);
    }

    @Override
    public List<Instance> list() {
        List<Instance> out = new ArrayList<>();
        for (Ec2Instance i : cache.list()) out.add(port(i));
        return out;
    }

    @Override
    public Optional<String> isDrifted(NodeClaim claim, NodePool pool, NodeClass nodeClass) {
        if (claim.status() == null || claim.status().providerId() == null) return Optional.empty();
        String id = Instances.instanceId(claim.status().providerId());
        Optional<Ec2Instance> instance = id == null ? Optional.empty() : cache.get(id);
        if (instance.isEmpty()) return Optional.empty();
        ResolvedNodeClass node;
        try {
            node = resolutions.resolve(nodeClass);
        } catch (NodeClassNotReadyException e) {
            return Optional.empty();
        }
        Instance port = convert.toPort(instance.get());
        return Drift.reason(instance.get(), port == null ? null : port.type(), pool, node);
    }

    @Override
    public void markUnavailable(String instanceType, String zone, String capacityType) {
        unavailable.markUnavailable(instanceType, zone, capacityType);
    }
}
