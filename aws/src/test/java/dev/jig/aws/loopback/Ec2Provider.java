package dev.jig.aws.loopback;

import dev.jig.aws.ami.AmiProvider;
import dev.jig.aws.cloud.Ec2CloudProvider;
import dev.jig.aws.cloud.Ec2Settings;
import dev.jig.aws.instance.InstanceProvider;
import dev.jig.aws.instancetype.Ec2InstanceTypes;
import dev.jig.aws.instancetype.InstanceTypeProvider;
import dev.jig.aws.launchtemplate.LaunchTemplateProvider;
import dev.jig.aws.nodeclass.NodeClassResolver;
import dev.jig.aws.pricing.PriceProvider;
import dev.jig.aws.securitygroup.SecurityGroupProvider;
import dev.jig.aws.subnet.SubnetProvider;
import dev.jig.aws.userdata.ClusterInfo;
import dev.jig.controller.cloud.UnavailableOfferings;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;

/** The EC2 provider wired as controller-app wires it, against a {@link LoopbackFixture}. */
public final class Ec2Provider {

    public static final ClusterInfo CLUSTER = new ClusterInfo(LoopbackFixture.CLUSTER, "https://ABCDEF.gr7.us-east-1.eks.amazonaws.com",
            "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t", "10.100.0.0/16");

    public final TestNodeClasses.Aliases aliases = new TestNodeClasses.Aliases();
    public final TestNodeClasses.Profiles profiles = new TestNodeClasses.Profiles();
    public final UnavailableOfferings unavailable;
    public final LaunchTemplateProvider templates;
    public final NodeClassResolver resolver;
    public final Ec2CloudProvider provider;

    public Ec2Provider(LoopbackFixture f) {
        this(f, null);
    }

    /** As {@link #Ec2Provider(LoopbackFixture)}, resolving AMI aliases through {@code realAliases} (such as SSM's) when not null. */
    public Ec2Provider(LoopbackFixture f, dev.jig.aws.ami.AmiAliases realAliases) {
        unavailable = new UnavailableOfferings(f.clock, UnavailableOfferings.DEFAULT_TTL);
        Ec2InstanceTypes types = new Ec2InstanceTypes(new InstanceTypeProvider(f.ec2, f.catalog, "us-east-1", f.clock, Duration.ofMinutes(5), false),
                new PriceProvider(f.ec2, f.catalog, f.clock, Duration.ofMinutes(5), false, new SimpleMeterRegistry()), "us-east-1");
        resolver = new NodeClassResolver(new SubnetProvider(f.ec2, f.clock), new SecurityGroupProvider(f.ec2, f.clock),
                new AmiProvider(f.ec2, realAliases == null ? aliases : realAliases, () -> "1.31", f.clock), profiles);
        templates = new LaunchTemplateProvider(f.ec2, LoopbackFixture.CLUSTER, f.clock, Duration.ofMinutes(30));
        provider = new Ec2CloudProvider(new Ec2Settings(CLUSTER, "us-east-1", 3, Duration.ofMillis(20)), resolver, types, templates,
                new InstanceProvider(f.ec2, LoopbackFixture.CLUSTER), unavailable, f.clock);
    }
}
