package dev.jig.aws.cloud;

import dev.jig.api.ec2.NodeClass;
import dev.jig.api.karpenter.Taint;
import dev.jig.api.karpenter.TaintKeys;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.aws.ami.Ami;
import dev.jig.aws.fleet.Candidate;
import dev.jig.aws.fleet.ClientToken;
import dev.jig.aws.fleet.FleetPlan;
import dev.jig.aws.fleet.LaunchTags;
import dev.jig.aws.instance.Ec2Instance;
import dev.jig.aws.instance.InstanceProvider;
import dev.jig.aws.instance.LaunchResult;
import dev.jig.aws.instancetype.Ec2InstanceTypes;
import dev.jig.aws.launchtemplate.LaunchTemplateProvider;
import dev.jig.aws.launchtemplate.TemplateSpec;
import dev.jig.aws.nodeclass.ResolvedNodeClass;
import dev.jig.aws.sdk.AwsErrors;
import dev.jig.aws.securitygroup.SecurityGroup;
import dev.jig.aws.subnet.Subnet;
import dev.jig.aws.subnet.SubnetUsage;
import dev.jig.aws.userdata.NodeBootstrap;
import dev.jig.aws.userdata.UserData;
import dev.jig.controller.cloud.CloudOperationException;
import dev.jig.controller.cloud.InsufficientCapacityException;
import dev.jig.controller.cloud.InsufficientCapacityException.FailedOffering;
import dev.jig.controller.cloud.Offering;
import dev.jig.controller.cloud.ResolvedInstanceType;
import dev.jig.controller.cloud.UnavailableOfferings;
import dev.jig.controller.model.NodeClaim;
import dev.jig.controller.requirements.NodeRequirement;
import dev.jig.controller.requirements.NodeRequirements;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Launches one instance for a NodeClaim: every (type, zone, capacity type) the NodeClaim allows and
 * the node class can launch becomes a candidate in the zone's subnet with the most free addresses, counting those
 * launches took since the subnet was last described and choosing last a subnet EC2 said ran out ({@link SubnetUsage});
 * {@link FleetPlan} picks the capacity type and the cheapest 60; one launch template per AMI and max
 * pods carries the user data; CreateFleet launches with a {@link ClientToken} of the NodeClaim and attempt. When
 * EC2 answers that the token was used by a different request, the instance is looked up by its NodeClaim tag
 * instead of being launched twice (or the NodeClaim deleted and its instance leaked). Overrides
 * that ran out of capacity go into {@link UnavailableOfferings} and the launch is tried again with
 * what is left, up to {@value #ATTEMPTS} times. The launched instance is built from CreateFleet's
 * answer (the override that got it, the node class's AMI, subnet and groups), as Karpenter does, so a
 * launch costs one CreateFleet and never waits for DescribeInstances to show the instance.
 */
final class Launcher {

    static final int ATTEMPTS = 3;

    private final Ec2Settings settings;
    private final Ec2InstanceTypes types;
    private final LaunchTemplateProvider templates;
    private final InstanceProvider instances;
    private final UnavailableOfferings unavailable;
    private final SubnetUsage subnets;
    private final Clock clock;

    Launcher(Ec2Settings settings, Ec2InstanceTypes types, LaunchTemplateProvider templates, InstanceProvider instances,
             UnavailableOfferings unavailable, Clock clock) {
        this.subnets = new SubnetUsage(clock);
        this.settings = settings;
        this.types = types;
        this.templates = templates;
        this.instances = instances;
        this.unavailable = unavailable;
        this.clock = clock;
    }

    /** Launches an instance for {@code claim}; see the class's contract. */
    Ec2Instance launch(NodeClaim claim, ResolvedNodeClass node) {
        NodeRequirements reqs = NodeRequirements.ofExpressions(claim.requirements());
        List<FailedOffering> failed = new ArrayList<>();
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            Map<String, Group> groups = new HashMap<>();
            List<Candidate> candidates = candidates(claim, reqs, node, groups);
            if (candidates.isEmpty()) break;
            FleetPlan draft = FleetPlan.of(candidates);
            Map<String, String> templateByGroup = new HashMap<>();
            List<Candidate> overrides = new ArrayList<>();
            for (Candidate c : draft.overrides()) {
                String template = templateByGroup.computeIfAbsent(c.launchTemplate(),
                        g -> templates.ensure(template(claim, node, groups.get(g), draft.capacityType())));
                overrides.add(c.withTemplate(template));
            }
            FleetPlan plan = new FleetPlan(draft.capacityType(), draft.allocationStrategy(), overrides);
            Map<String, String> tags = LaunchTags.instance(settings.cluster().name(), claim.nodePool(), claim.name(), node.nodeClass().name(),
                    node.nodeClass().launch().tags());
            LaunchResult result;
            try {
                result = launch(ClientToken.of(claim.name(), attempt), plan, tags);
            } catch (CloudOperationException e) {
                if (!AwsErrors.IDEMPOTENT_PARAMETER_MISMATCH.equals(AwsErrors.code(e.getCause()))) throw e;
                // the token was used by a request that differed (a restart with new prices, types or templates): the
                // instance it launched, if any, carries the NodeClaim's tag; if none, the next attempt's token is fresh
                Optional<Ec2Instance> launched = instances.findByNodeClaim(claim.name());
                if (launched.isPresent()) return launched.get();
                continue;
            }
            result.subnetsOutOfAddresses().forEach(subnets::exhausted);
            for (Candidate c : result.outOfCapacity()) {
                // a subnet out of addresses is the subnet's shortage, not the offering's, while its zone has another
                // subnet: the next attempt goes there (upstream marks the offering, with one subnet a zone)
                if (result.subnetsOutOfAddresses().contains(c.subnetId()) && subnets.best(node.subnets(), c.zone())
                        .filter(other -> !subnets.isExhausted(other.id())).isPresent()) continue;
                unavailable.markUnavailable(c.instanceType(), c.zone(), c.capacityType());
                failed.add(new FailedOffering(c.instanceType(), new Offering(settings.region(), c.zone(), c.capacityType(), c.price(), false)));
            }
            if (result.instanceId() != null) return launched(result, node, tags);
            if (spotRoleMissing(result) && Offering.SPOT.equals(plan.capacityType())) {
                // no spot in this account until the service-linked role exists: spot is unavailable, on-demand is tried next
                for (Candidate c : candidates) {
                    if (!Offering.SPOT.equals(c.capacityType())) continue;
                    unavailable.markUnavailable(c.instanceType(), c.zone(), c.capacityType());
                    failed.add(new FailedOffering(c.instanceType(), new Offering(settings.region(), c.zone(), c.capacityType(), c.price(), false)));
                }
                continue;
            }
            if (!result.errors().isEmpty() || result.outOfCapacity().isEmpty()) {
                // an answer with any error but capacity is that error, not a capacity shortage, even beside capacity errors
                throw CloudOperationException.permanentFailure("CreateFleet launched nothing for NodeClaim " + claim.name() + ": "
                        + (result.errors().isEmpty() ? "no instance and no error" : String.join("; ", result.errors())), null);
            }
        }
        throw new InsufficientCapacityException("no capacity for NodeClaim " + claim.name()
                + (failed.isEmpty() ? ": every allowed offering is unavailable" : ": " + failed), failed);
    }

    private static boolean spotRoleMissing(LaunchResult result) {
        return result.errors().stream().anyMatch(e -> e.startsWith(AwsErrors.SPOT_ROLE_MISSING + ":"));
    }

    /**
     * One CreateFleet; when EC2 no longer knows a launch template (deleted behind Jig's back), the
     * templates are forgotten and the failure is transient: the next attempt creates them again.
     */
    private LaunchResult launch(String token, FleetPlan plan, Map<String, String> tags) {
        LaunchResult result;
        try {
            result = instances.launch(token, plan, tags);
        } catch (CloudOperationException e) {
            if (!missingTemplate(e.getMessage())) throw e;
            plan.overrides().forEach(c -> templates.forget(c.launchTemplate()));
            throw CloudOperationException.transientFailure(e.getMessage() + " (launch templates will be created again)", e);
        }
        if (result.instanceId() == null && result.errors().stream().anyMatch(Launcher::missingTemplate)) {
            plan.overrides().forEach(c -> templates.forget(c.launchTemplate()));
            throw CloudOperationException.transientFailure("CreateFleet: " + String.join("; ", result.errors())
                    + " (launch templates will be created again)", null);
        }
        return result;
    }

    private static boolean missingTemplate(String message) {
        return message != null && message.contains("InvalidLaunchTemplate") && message.contains("NotFound");
    }

    /** The launch template group of a candidate: its AMI and max pods. */
    private record Group(Ami ami, long maxPods) {
    }

    private List<Candidate> candidates(NodeClaim claim, NodeRequirements reqs, ResolvedNodeClass node, Map<String, Group> groups) {
        List<Candidate> out = new ArrayList<>();
        for (ResolvedInstanceType t : types.resolve(node.nodeClass(), node.zones(), unavailable)) {
            if (!allows(reqs, t) || !claim.requests().fitsIn(t.allocatable())) continue;
            Ami ami = node.ami(t.type());
            if (ami == null) continue;
            Group group = new Group(ami, t.capacity().pods());
            String key = ami.id() + "/" + group.maxPods();
            groups.put(key, group);
            boolean exotic = exotic(t, claim);
            for (Offering o : t.offerings()) {
                if (!reqs.get(WellKnownLabels.ZONE).allows(o.zone()) || !reqs.get(WellKnownLabels.CAPACITY_TYPE).allows(o.capacityType())) continue;
                subnets.best(node.subnets(), o.zone()).ifPresent(s -> out.add(new Candidate(t.name(), o.zone(), s.id(), o.capacityType(), o.pricePerHour(), key, exotic)));
            }
        }
        return out;
    }

    /** Bare metal, or GPUs or accelerators the NodeClaim does not request: Karpenter launches these only as a last resort. */
    private static boolean exotic(ResolvedInstanceType t, NodeClaim claim) {
        if (t.name().contains("metal")) return true;
        boolean accelerated = positive(t.labels().get(WellKnownLabels.INSTANCE_GPU_COUNT))
                || positive(t.labels().get(WellKnownLabels.INSTANCE_ACCELERATOR_COUNT));
        return accelerated && claim.requests().gpus() == 0;
    }

    private static boolean positive(String count) {
        try {
            return count != null && Integer.parseInt(count) > 0;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static boolean allows(NodeRequirements reqs, ResolvedInstanceType t) {
        if (!reqs.get(WellKnownLabels.INSTANCE_TYPE).allows(t.name())) return false;
        for (NodeRequirement r : reqs.all()) {
            String value = t.label(r.key());
            if (value != null && !r.allows(value)) return false;
        }
        return true;
    }

    private TemplateSpec template(NodeClaim claim, ResolvedNodeClass node, Group group, String capacityType) {
        NodeClass nc = node.nodeClass();
        Map<String, String> labels = new LinkedHashMap<>();
        claim.labels().forEach((k, v) -> {
            if (kubeletMaySet(k)) labels.put(k, v);
        });
        labels.put(WellKnownLabels.NODEPOOL, claim.nodePool());
        labels.put(WellKnownLabels.CAPACITY_TYPE, capacityType);
        List<Taint> taints = new ArrayList<>(claim.taints());
        taints.addAll(claim.startupTaints());
        // as Karpenter: no pod runs on the node before its NodeClaim registers it, which removes this taint
        if (taints.stream().noneMatch(t -> t.key().equals(TaintKeys.UNREGISTERED))) taints.add(new Taint(TaintKeys.UNREGISTERED, null, "NoExecute"));
        String userData = UserData.render(nc.amiFamily(), new NodeBootstrap(settings.cluster(), nc.kubelet(), group.maxPods(), labels, taints,
                nc.launch().userData(), nc.raid0()));
        Map<String, String> tags = new LinkedHashMap<>(nc.launch().tags());
        tags.putAll(LaunchTags.owned(settings.cluster().name(), nc.name()));
        return new TemplateSpec(settings.cluster().name(), nc.name(), nc.amiFamily(), group.ami().id(),
                node.securityGroups().stream().map(SecurityGroup::id).toList(), node.instanceProfile(), userData, nc.launch(), tags);
    }

    /** The kubelet may not label its node in the kubernetes.io and k8s.io domains, except node.kubernetes.io. */
    static boolean kubeletMaySet(String key) {
        int slash = key.indexOf('/');
        if (slash < 0) return true;
        String domain = key.substring(0, slash);
        if (domain.equals("node." + WellKnownLabels.KUBERNETES_DOMAIN) || domain.endsWith(".node." + WellKnownLabels.KUBERNETES_DOMAIN)) return true;
        for (String restricted : new String[] {WellKnownLabels.KUBERNETES_DOMAIN, WellKnownLabels.K8S_DOMAIN}) {
            if (domain.equals(restricted) || domain.endsWith("." + restricted)) return false;
        }
        return true;
    }

    private Ec2Instance launched(LaunchResult result, ResolvedNodeClass node, Map<String, String> tags) {
        Candidate c = result.launched();
        if (c == null) {
            // CreateFleet named an override Jig did not send: only DescribeInstances can say what it is; the same
            // client token gets the same instance on the next attempt, when EC2 shows it
            return instances.describe(result.instanceId()).orElseThrow(() -> CloudOperationException.transientFailure("instance "
                    + result.instanceId() + " launched with an override Jig did not send, and not visible in DescribeInstances yet", null));
        }
        ResolvedInstanceType type = types.of(node.nodeClass(), c.instanceType(), new Offering(settings.region(), c.zone(), c.capacityType(), c.price(), false));
        // the VPC CNI gives the primary interface its type's addresses per interface
        subnets.took(c.subnetId(), type == null ? 1 : type.type().ipv4PerInterface());
        Ami ami = type == null ? null : node.ami(type.type());
        return new Ec2Instance(result.instanceId(), c.instanceType(), c.zone(), c.capacityType(),
                ami == null ? node.amis().get(0).id() : ami.id(), c.subnetId(),
                node.securityGroups().stream().map(SecurityGroup::id).toList(), clock.instant(), "pending", tags);
    }
}
