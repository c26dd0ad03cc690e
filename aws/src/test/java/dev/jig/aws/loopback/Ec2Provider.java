package dev.jig.aws.loopback;

import dev.jig.aws.ami.AmiProvider;
import dev.jig.aws.refresh.BackgroundRefresh;
import dev.jig.aws.refresh.Freshness;
import dev.jig.aws.cloud.Ec2CloudProvider;
import dev.jig.aws.cloud.Ec2Settings;
import dev.jig.aws.instance.InstanceCache;
import dev.jig.aws.instance.InstanceProvider;
import dev.jig.aws.instancetype.Ec2InstanceTypes;
import dev.jig.aws.instancetype.InstanceTypeProvider;
import dev.jig.aws.launchtemplate.LaunchTemplateProvider;
import dev.jig.aws.nodeclass.NodeClassResolutions;
import dev.jig.aws.nodeclass.NodeClassResolver;
import dev.jig.aws.pricing.PriceProvider;
import dev.jig.aws.securitygroup.SecurityGroupProvider;
import dev.jig.aws.subnet.SubnetProvider;
import dev.jig.aws.userdata.ClusterInfo;
import dev.jig.controller.cloud.UnavailableOfferings;
import java.time.Duration;
import java.util.List;

/**
 * The EC2 provider wired as controller-app wires it, against a {@link LoopbackFixture}: instance types and
 * prices refreshed every 5 minutes, resolutions every minute, instances every {@link #INSTANCE_REFRESH}. The
 * background thread is not started: tests move the fixture's clock and call {@link #refreshDue()}.
 */
public final class Ec2Provider {

    public static final ClusterInfo CLUSTER = new ClusterInfo(LoopbackFixture.CLUSTER, "https://ABCDEF.gr7.us-east-1.eks.amazonaws.com",
            "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t", "10.100.0.0/16");
    public static final Duration INSTANCE_REFRESH = Duration.ofSeconds(15);

    public final TestNodeClasses.Aliases aliases = new TestNodeClasses.Aliases();
    public final TestNodeClasses.Profiles profiles = new TestNodeClasses.Profiles();
    public final UnavailableOfferings unavailable;
    public final LaunchTemplateProvider templates;
    public final NodeClassResolver resolver;
    public final NodeClassResolutions resolutions;
    public final InstanceCache instances;
    public final Ec2CloudProvider provider;
    private final BackgroundRefresh refresh;

    public Ec2Provider(LoopbackFixture f) {
        this(f, null);
    }

    /** As {@link #Ec2Provider(LoopbackFixture)}, resolving AMI aliases through {@code realAliases} (such as SSM's) when not null. */
    public Ec2Provider(LoopbackFixture f, dev.jig.aws.ami.AmiAliases realAliases) {
        unavailable = new UnavailableOfferings(f.clock, UnavailableOfferings.DEFAULT_TTL);
        InstanceTypeProvider typeProvider = new InstanceTypeProvider(f.ec2, f.catalog, "us-east-1", f.clock, Duration.ofMinutes(5), false,
                new Freshness("instance-types", f.clock, f.registry));
        PriceProvider prices = new PriceProvider(f.ec2, f.catalog, f.clock, Duration.ofMinutes(5), false, f.registry,
                new Freshness("spot-prices", f.clock, f.registry));
        Ec2InstanceTypes types = new Ec2InstanceTypes(typeProvider, prices, "us-east-1");
        resolver = new NodeClassResolver(new SubnetProvider(f.ec2, f.clock), new SecurityGroupProvider(f.ec2, f.clock),
                new AmiProvider(f.ec2, realAliases == null ? aliases : realAliases, () -> "1.31", f.clock), profiles);
        resolutions = new NodeClassResolutions(resolver, f.clock, Duration.ofMinutes(1), new Freshness("nodeclass", f.clock, f.registry));
        templates = new LaunchTemplateProvider(f.ec2, LoopbackFixture.CLUSTER, f.clock, Duration.ofMinutes(30));
        InstanceProvider ec2Instances = new InstanceProvider(f.ec2, LoopbackFixture.CLUSTER);
        instances = new InstanceCache(ec2Instances, f.clock, INSTANCE_REFRESH, new Freshness("instances", f.clock, f.registry));
        provider = new Ec2CloudProvider(new Ec2Settings(CLUSTER, "us-east-1", INSTANCE_REFRESH), resolutions, types, templates,
                ec2Instances, instances, unavailable, f.clock);
        refresh = new BackgroundRefresh(List.of(instances, resolutions, typeProvider, prices), f.clock);
    }

    /** Runs the refreshes that are due, as the provider's background thread does. */
    public void refreshDue() {
        refresh.runDue();
    }
}
