package dev.jig.aws.cloud;

import dev.jig.api.ec2.Catalog;
import dev.jig.aws.ami.AmiAliases;
import dev.jig.aws.ami.AmiProvider;
import dev.jig.aws.instance.InstanceProvider;
import dev.jig.aws.instanceprofile.InstanceProfiles;
import dev.jig.aws.instancetype.Ec2InstanceTypes;
import dev.jig.aws.instancetype.InstanceTypeProvider;
import dev.jig.aws.launchtemplate.LaunchTemplateProvider;
import dev.jig.aws.nodeclass.NodeClassResolver;
import dev.jig.aws.pricing.PriceProvider;
import dev.jig.aws.sdk.Ec2;
import dev.jig.aws.securitygroup.SecurityGroupProvider;
import dev.jig.aws.subnet.SubnetProvider;
import dev.jig.controller.cloud.UnavailableOfferings;
import dev.jig.controller.loop.Reconciler;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Supplier;

/**
 * The EC2 provider put together, for the composition root and the end-to-end tests alike: one
 * {@link Ec2} for every provider, instance types and spot prices refreshed every
 * {@value #REFRESH_MINUTES} minutes, launch templates unused for {@value #TEMPLATE_UNUSED_MINUTES}
 * minutes collected by {@link #launchTemplateCollection()}.
 */
public final class AwsCloud {

    static final int REFRESH_MINUTES = 10;
    static final int TEMPLATE_UNUSED_MINUTES = 60;

    private final Ec2CloudProvider provider;
    private final LaunchTemplateProvider templates;
    private final NodeClassResolver resolver;
    private final Clock clock;

    public AwsCloud(Ec2 ec2, Ec2Settings settings, Supplier<String> kubernetesVersion, AmiAliases aliases, InstanceProfiles profiles,
                    Clock clock, MeterRegistry registry) {
        this.clock = clock;
        Catalog bundled = Catalog.bundled();
        Duration refresh = Duration.ofMinutes(REFRESH_MINUTES);
        Ec2InstanceTypes types = new Ec2InstanceTypes(new InstanceTypeProvider(ec2, bundled, settings.region(), clock, refresh, false),
                new PriceProvider(ec2, bundled, clock, refresh, false, registry), settings.region());
        this.resolver = new NodeClassResolver(new SubnetProvider(ec2, clock), new SecurityGroupProvider(ec2, clock),
                new AmiProvider(ec2, aliases, kubernetesVersion, clock), profiles);
        this.templates = new LaunchTemplateProvider(ec2, settings.cluster().name(), clock, Duration.ofMinutes(TEMPLATE_UNUSED_MINUTES));
        this.provider = new Ec2CloudProvider(settings, resolver, types, templates, new InstanceProvider(ec2, settings.cluster().name()),
                new UnavailableOfferings(clock, UnavailableOfferings.DEFAULT_TTL), clock);
    }

    public Ec2CloudProvider provider() {
        return provider;
    }

    public NodeClassResolver resolver() {
        return resolver;
    }

    /** Deletes unused launch templates, at most every ten minutes however often the loop runs it. */
    public Reconciler launchTemplateCollection() {
        Instant[] next = {Instant.MIN};
        return Reconciler.of("launch-template-collection", () -> {
            Instant now = clock.instant();
            if (now.isBefore(next[0])) return;
            next[0] = now.plus(Duration.ofMinutes(10));
            templates.collect();
        });
    }
}
