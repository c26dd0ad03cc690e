package dev.jig.aws.preflight;

import dev.jig.api.ec2.NodeClass;
import dev.jig.aws.ami.Ami;
import dev.jig.aws.fleet.LaunchTags;
import dev.jig.aws.instanceprofile.InstanceProfileName;
import dev.jig.aws.nodeclass.NodeClassResolver;
import dev.jig.aws.sdk.Ec2;
import dev.jig.aws.securitygroup.SecurityGroup;
import dev.jig.aws.subnet.Subnet;
import software.amazon.awssdk.services.ec2.model.InstanceTypeOffering;
import software.amazon.awssdk.services.ec2.model.RunInstancesRequest;
import software.amazon.awssdk.services.ec2.model.Tag;
import software.amazon.awssdk.services.ec2.model.TagSpecification;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * {@code jig-controller aws-preflight}: what an operator gets wrong before the first pod waits, asked of AWS with
 * reads and dry runs only (nothing is created). One {@link Check} per question, in order:
 * <ol>
 *   <li>credentials and region: EC2 answers, and offers instance types in the region;</li>
 *   <li>per EC2NodeClass: its subnets, security groups and AMIs resolve (the controller's own resolver); its instance
 *       profile exists with a role, or its role exists (Jig makes the profile at the first launch); a RunInstances dry
 *       run with its AMI, subnet, security groups and profile, tagged as Jig tags, is allowed (CreateFleet authorizes
 *       the same RunInstances per instance);</li>
 *   <li>the interruption queue, when named: it exists and its policy lets EventBridge send to it;</li>
 *   <li>the spot service-linked role exists, without which every spot launch fails.</li>
 * </ol>
 */
public final class Preflight {

    /** The role EC2 needs to launch spot instances; created once per account. */
    public static final String SPOT_ROLE = "AWSServiceRoleForEC2Spot";

    /** One line of the preflight: what was asked, whether it passed, and what was found or what to do. */
    public record Check(String name, boolean passed, String detail) {
        @Override
        public String toString() {
            return (passed ? "ok    " : "FAIL  ") + name + ": " + detail;
        }
    }

    private final Ec2 ec2;
    private final NodeClassResolver resolver;
    private final PreflightApis apis;
    private final String cluster;
    private final String region;

    public Preflight(Ec2 ec2, NodeClassResolver resolver, PreflightApis apis, String cluster, String region) {
        this.ec2 = ec2;
        this.resolver = resolver;
        this.apis = apis;
        this.cluster = cluster;
        this.region = region;
    }

    /** Every check, for {@code nodeClasses} and the interruption {@code queue} (if any). */
    public List<Check> run(List<NodeClass> nodeClasses, Optional<String> queue) {
        List<Check> out = new ArrayList<>();
        Check reached = ask("credentials and region", () -> {
            List<InstanceTypeOffering> offered = ec2.describeInstanceTypeOfferings();
            if (offered.isEmpty()) return fail("EC2 answered in " + region + " but offers no instance type there: is the region right?");
            TreeSet<String> zones = new TreeSet<>();
            TreeSet<String> types = new TreeSet<>();
            for (InstanceTypeOffering o : offered) {
                zones.add(o.location());
                types.add(o.instanceTypeAsString());
            }
            return pass("EC2 answers in " + region + ": " + types.size() + " instance types in " + zones);
        }, "check the credentials (IRSA or Pod Identity on EKS) and --region");
        out.add(reached);
        if (!reached.passed()) return out;
        for (NodeClass nc : nodeClasses) out.addAll(nodeClass(nc));
        queue.ifPresent(q -> out.add(queue(q)));
        out.add(ask("spot service-linked role", () -> apis.roleExists(SPOT_ROLE) ? pass(SPOT_ROLE + " exists")
                : fail(SPOT_ROLE + " is missing, so every spot launch fails: create it once per account with "
                + "aws iam create-service-linked-role --aws-service-name spot.amazonaws.com"), "iam:GetRole is needed to tell"));
        return out;
    }

    private List<Check> nodeClass(NodeClass nc) {
        String at = "EC2NodeClass " + nc.name();
        List<Check> out = new ArrayList<>();
        List<Subnet> subnets = new ArrayList<>();
        List<SecurityGroup> groups = new ArrayList<>();
        List<Ami> amis = new ArrayList<>();
        out.add(ask(at + " subnets", () -> {
            subnets.addAll(resolver.subnets(nc));
            List<String> each = subnets.stream().map(s -> s.id() + " (" + s.zone() + ", " + s.availableIps() + " free addresses)").toList();
            return pass(String.join(", ", each));
        }, "tag the cluster's subnets as the selector asks, or change spec.subnetSelectorTerms"));
        out.add(ask(at + " security groups", () -> {
            groups.addAll(resolver.securityGroups(nc));
            return pass(String.join(", ", groups.stream().map(g -> g.id() + " (" + g.name() + ")").toList()));
        }, "tag the node security group as the selector asks, or change spec.securityGroupSelectorTerms"));
        out.add(ask(at + " AMIs", () -> {
            amis.addAll(resolver.amis(nc));
            return pass(String.join(", ", amis.stream().map(a -> a.id() + " (" + a.architecture() + (a.name().isEmpty() ? "" : ", " + a.name()) + ")").toList()));
        }, "check spec.amiSelectorTerms (an alias needs ssm:GetParameter on the public EKS parameters)"));
        String profile = profile(nc);
        out.add(ask(at + " instance profile", () -> {
            Optional<List<String>> roles = apis.instanceProfileRoles(profile);
            if (roles.isPresent()) {
                return roles.get().isEmpty() ? fail("instance profile " + profile + " has no role: nodes would launch without credentials to join")
                        : pass("instance profile " + profile + " with role " + String.join(", ", roles.get()));
            }
            String role = nc.launch().role();
            if (nc.launch().instanceProfile() != null || role == null) return fail("instance profile " + profile + " does not exist");
            return apis.roleExists(role) ? pass("role " + role + " exists; Jig makes instance profile " + profile + " for it at the first launch")
                    : fail("role " + role + " does not exist: create the node role, or name the right one in spec.role");
        }, "iam:GetInstanceProfile and iam:GetRole are needed to tell"));
        if (subnets.isEmpty() || groups.isEmpty() || amis.isEmpty()) return out;
        // tagged as a launch is, so that a policy that conditions RunInstances on the request's tags is asked the same
        Map<String, String> tags = LaunchTags.instance(cluster, "aws-preflight", "aws-preflight", nc.name(), nc.launch().tags());
        out.add(ask(at + " launch (dry run)", () -> {
            Ami ami = amis.get(0);
            String type = "arm64".equals(ami.architecture()) ? "m6g.large" : "m5.large";
            RunInstancesRequest request = RunInstancesRequest.builder().imageId(ami.id()).instanceType(type).minCount(1).maxCount(1)
                    .subnetId(subnets.get(0).id()).securityGroupIds(groups.stream().map(SecurityGroup::id).toList())
                    .iamInstanceProfile(p -> p.name(profile))
                    .tagSpecifications(tagged("instance", tags), tagged("volume", tags))
                    .build();
            return ec2.dryRunInstances(request) ? pass("RunInstances of a " + type + " with " + ami.id() + " in " + subnets.get(0).id() + " would succeed")
                    : fail("EC2 launched nothing but did not answer DryRunOperation either");
        }, "the controller's role needs ec2:RunInstances and ec2:CreateFleet with the cluster tag, and iam:PassRole on the node role"));
        return out;
    }

    private static TagSpecification tagged(String resource, Map<String, String> tags) {
        return TagSpecification.builder().resourceType(resource)
                .tags(tags.entrySet().stream().map(e -> Tag.builder().key(e.getKey()).value(e.getValue()).build()).toList()).build();
    }

    /** {@code spec.instanceProfile}, or the name of the one Jig makes for {@code spec.role}. */
    private String profile(NodeClass nc) {
        return nc.launch().instanceProfile() != null ? nc.launch().instanceProfile() : InstanceProfileName.of(cluster, region, nc.name());
    }

    private Check queue(String name) {
        return ask("interruption queue " + name, () -> {
            Optional<String> policy = apis.queuePolicy(name);
            if (policy.isEmpty()) return fail("no such queue in " + region + ": create it (and its EventBridge rules), or fix --interruption-queue");
            boolean events = policy.get().contains("events.amazonaws.com") || policy.get().contains("sqs.amazonaws.com");
            return events && policy.get().contains("sqs:SendMessage") ? pass("exists, and EventBridge may send to it")
                    : fail("its policy does not let EventBridge (events.amazonaws.com) sqs:SendMessage to it: spot interruptions would never arrive");
        }, "sqs:GetQueueUrl and sqs:GetQueueAttributes are needed to tell");
    }

    /** A check's outcome, named later by {@link #ask}. */
    private record Outcome(boolean passed, String detail) {
    }

    private static Outcome pass(String detail) {
        return new Outcome(true, detail);
    }

    private static Outcome fail(String detail) {
        return new Outcome(false, detail);
    }

    /** Asks {@code question}; a refusal or an unreachable AWS fails it with AWS's words and {@code hint}. */
    private static Check ask(String name, Supplier<Outcome> question, String hint) {
        try {
            Outcome o = question.get();
            return new Check(name, o.passed(), o.detail());
        } catch (RuntimeException e) {
            return new Check(name, false, e.getMessage() + " (" + hint + ")");
        }
    }
}
