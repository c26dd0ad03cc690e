package dev.jig.aws.cloud;

import dev.jig.api.ec2.NodeClass;
import dev.jig.aws.instance.Ec2Instance;
import dev.jig.aws.instance.InstanceProvider;
import dev.jig.aws.instancetype.Ec2InstanceTypes;
import dev.jig.aws.launchtemplate.LaunchTemplateProvider;
import dev.jig.aws.nodeclass.NodeClassResolver;
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
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The cloud port on EC2 (Karpenter's AWS {@code CloudProvider}). Instance types and offerings come
 * from {@link Ec2InstanceTypes}, node classes resolve through {@link NodeClassResolver}, launches go
 * through the {@link Launcher} (CreateFleet), and {@link #get}, {@link #list} and {@link #delete}
 * through DescribeInstances and TerminateInstances on the instances tagged for this cluster.
 *
 * <p>Where it differs from the port's general contract: {@link #create} is idempotent per NodeClaim,
 * because the NodeClaim name is CreateFleet's client token, so a repeated call (after a restart too)
 * gets the same instance instead of a second one. EC2 is eventually consistent: an instance
 * CreateFleet just launched may be missing from DescribeInstances for a while, so launches not yet
 * shown are remembered for {@value #RECENT_MINUTES} minutes and {@link #get} and {@link #list}
 * include them.
 */
public final class Ec2CloudProvider implements CloudProvider {

    static final int RECENT_MINUTES = 5;
    private static final Logger LOG = LoggerFactory.getLogger(Ec2CloudProvider.class);

    private final NodeClassResolver resolver;
    private final Ec2InstanceTypes types;
    private final InstanceProvider instances;
    private final UnavailableOfferings unavailable;
    private final Clock clock;
    private final Launcher launcher;
    private final Instances convert;
    private final Map<String, Ec2Instance> recent = new ConcurrentHashMap<>();

    public Ec2CloudProvider(Ec2Settings settings, NodeClassResolver resolver, Ec2InstanceTypes types, LaunchTemplateProvider templates,
                            InstanceProvider instances, UnavailableOfferings unavailable, Clock clock) {
        this(settings, resolver, types, templates, instances, unavailable, clock, d -> Thread.sleep(d.toMillis()));
    }

    Ec2CloudProvider(Ec2Settings settings, NodeClassResolver resolver, Ec2InstanceTypes types, LaunchTemplateProvider templates,
                     InstanceProvider instances, UnavailableOfferings unavailable, Clock clock, Launcher.Sleeper sleeper) {
        this.resolver = resolver;
        this.types = types;
        this.instances = instances;
        this.unavailable = unavailable;
        this.clock = clock;
        this.launcher = new Launcher(settings, types, templates, instances, unavailable, clock, sleeper);
        this.convert = new Instances(types);
    }

    @Override
    public String name() {
        return Instances.SCHEME;
    }

    @Override
    public List<ResolvedInstanceType> instanceTypes(NodePool pool, NodeClass nodeClass) {
        convert.seen(nodeClass);
        try {
            return types.resolve(nodeClass, resolver.resolve(nodeClass).zones(), unavailable);
        } catch (NodeClassNotReadyException e) {
            LOG.atWarn().addKeyValue("event", "node-class-not-ready").addKeyValue("nodeClass", nodeClass.name()).log("{}", e.getMessage());
            return List.of();
        }
    }

    @Override
    public Instance create(NodeClaim claim, NodeClass nodeClass) {
        convert.seen(nodeClass);
        Launcher.Launched launched = launcher.launch(claim, resolver.resolve(nodeClass));
        if (!launched.confirmed()) recent.put(launched.instance().id(), launched.instance());
        return convert.toPort(launched.instance());
    }

    @Override
    public void delete(String providerId) {
        String id = Instances.instanceId(providerId);
        if (id == null) throw new NodeClaimNotFoundException(providerId);
        Optional<Ec2Instance> current = instances.describe(id);
        if (current.isEmpty() && recent.containsKey(id)) current = Optional.of(recent.get(id));
        if (current.isEmpty() || current.get().terminated()) {
            recent.remove(id);
            throw new NodeClaimNotFoundException(providerId);
        }
        if (instances.terminate(id).isEmpty()) {
            recent.remove(id);
            throw new NodeClaimNotFoundException(providerId);
        }
        LOG.atInfo().addKeyValue("event", "instance-terminating").addKeyValue("instance", id).log("terminating {}", id);
    }

    @Override
    public Optional<Instance> get(String providerId) {
        String id = Instances.instanceId(providerId);
        if (id == null) return Optional.empty();
        Optional<Ec2Instance> found = instances.describe(id);
        if (found.isPresent()) {
            recent.remove(id);
            return found.get().terminated() ? Optional.empty() : Optional.ofNullable(convert.toPort(found.get()));
        }
        return Optional.ofNullable(fresh(recent.get(id))).map(convert::toPort);
    }

    @Override
    public List<Instance> list() {
        List<Instance> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (Ec2Instance i : instances.list()) {
            seen.add(i.id());
            recent.remove(i.id());
            Instance port = convert.toPort(i);
            if (port != null) out.add(port);
        }
        for (Ec2Instance i : List.copyOf(recent.values())) {
            Instance port = seen.contains(i.id()) || fresh(i) == null ? null : convert.toPort(i);
            if (port != null) out.add(port);
        }
        return out;
    }

    @Override
    public Optional<String> isDrifted(NodeClaim claim, NodePool pool, NodeClass nodeClass) {
        if (claim.status() == null || claim.status().providerId() == null) return Optional.empty();
        String id = Instances.instanceId(claim.status().providerId());
        Optional<Ec2Instance> instance = id == null ? Optional.empty() : instances.describe(id);
        if (instance.isEmpty() || instance.get().terminated()) return Optional.empty();
        ResolvedNodeClass node;
        try {
            node = resolver.resolve(nodeClass);
        } catch (NodeClassNotReadyException e) {
            return Optional.empty();
        }
        Instance port = convert.toPort(instance.get());
        return Drift.reason(instance.get(), port == null ? null : port.type(), pool, node);
    }

    /** {@code i} while it is younger than the eventual-consistency window; else forgotten. */
    private Ec2Instance fresh(Ec2Instance i) {
        if (i == null) return null;
        if (i.launchTime().plus(Duration.ofMinutes(RECENT_MINUTES)).isBefore(clock.instant())) {
            recent.remove(i.id());
            return null;
        }
        return i;
    }
}
