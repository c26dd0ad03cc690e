package dev.jig.aws.cloud;

import dev.jig.aws.kube.NodeClassTermination;

import dev.jig.api.ec2.Catalog;
import dev.jig.aws.ami.AmiAliases;
import dev.jig.aws.ami.AmiProvider;
import dev.jig.aws.refresh.BackgroundRefresh;
import dev.jig.aws.refresh.Freshness;
import dev.jig.aws.instance.InstanceCache;
import dev.jig.aws.instance.InstanceProvider;
import dev.jig.aws.instanceprofile.InstanceProfiles;
import dev.jig.aws.instancetype.Ec2InstanceTypes;
import dev.jig.aws.instancetype.InstanceTypeProvider;
import dev.jig.aws.launchtemplate.LaunchTemplateProvider;
import dev.jig.aws.nodeclass.NodeClassResolutions;
import dev.jig.aws.nodeclass.NodeClassResolver;
import dev.jig.aws.pricing.OnDemandPrices;
import dev.jig.aws.pricing.PriceList;
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
import java.util.List;
import java.util.function.Supplier;

/**
 * The EC2 provider put together, for the composition root and the end-to-end tests alike: one
 * {@link Ec2} for every provider; instance types, offerings and spot prices read every
 * {@value #REFRESH_MINUTES} minutes, node class resolutions every {@value #RESOLUTION_SECONDS} s and
 * the cluster's instances every {@link Ec2Settings#instanceRefresh()}, all by one background thread
 * ({@link #start}, {@link #close}); launch templates unused for {@value #TEMPLATE_UNUSED_MINUTES}
 * minutes collected by {@link #launchTemplateCollection()}.
 */
public final class AwsCloud implements AutoCloseable {

    static final int REFRESH_MINUTES = 10;
    static final int RESOLUTION_SECONDS = 60;
    static final int TEMPLATE_UNUSED_MINUTES = 60;
    /** How often the background thread looks for a due refresh. */
    static final Duration TICK = Duration.ofSeconds(1);

    private final Ec2CloudProvider provider;
    private final LaunchTemplateProvider templates;
    private final NodeClassResolutions resolutions;
    private final BackgroundRefresh refresh;
    private final Clock clock;
    private final InstanceProfiles profiles;

    public AwsCloud(Ec2 ec2, Ec2Settings settings, Supplier<String> kubernetesVersion, AmiAliases aliases, InstanceProfiles profiles,
                    Clock clock, MeterRegistry registry) {
        this(ec2, null, settings, kubernetesVersion, aliases, profiles, clock, registry);
    }

    /** @param priceList the Price List API for on-demand prices, or null for the bundled us-east-1 list alone */
    public AwsCloud(Ec2 ec2, PriceList priceList, Ec2Settings settings, Supplier<String> kubernetesVersion, AmiAliases aliases, InstanceProfiles profiles,
                    Clock clock, MeterRegistry registry) {
        this.clock = clock;
        this.profiles = profiles;
        Catalog bundled = Catalog.bundled();
        Duration every = Duration.ofMinutes(REFRESH_MINUTES);
        InstanceTypeProvider typeProvider = new InstanceTypeProvider(ec2, bundled, settings.region(), clock, every, false,
                new Freshness("instance-types", clock, registry));
        OnDemandPrices onDemand = new OnDemandPrices(priceList, settings.region(), bundled, clock, OnDemandPrices.REFRESH, registry,
                new Freshness("on-demand-prices", clock, registry));
        PriceProvider prices = new PriceProvider(ec2, onDemand, clock, every, false, new Freshness("spot-prices", clock, registry));
        Ec2InstanceTypes types = new Ec2InstanceTypes(typeProvider, prices, settings.region());
        NodeClassResolver resolver = new NodeClassResolver(new SubnetProvider(ec2, clock), new SecurityGroupProvider(ec2, clock),
                new AmiProvider(ec2, aliases, kubernetesVersion, clock), profiles);
        this.resolutions = new NodeClassResolutions(resolver, clock, Duration.ofSeconds(RESOLUTION_SECONDS), new Freshness("nodeclass", clock, registry));
        this.templates = new LaunchTemplateProvider(ec2, settings.cluster().name(), clock, Duration.ofMinutes(TEMPLATE_UNUSED_MINUTES));
        InstanceProvider instances = new InstanceProvider(ec2, settings.cluster().name());
        InstanceCache cache = new InstanceCache(instances, clock, settings.instanceRefresh(), new Freshness("instances", clock, registry));
        this.provider = new Ec2CloudProvider(settings, resolutions, types, templates, instances, cache,
                new UnavailableOfferings(clock, UnavailableOfferings.DEFAULT_TTL), clock);
        this.refresh = new BackgroundRefresh(List.of(cache, resolutions, typeProvider, prices), clock);
    }

    public Ec2CloudProvider provider() {
        return provider;
    }

    /** The node class resolutions the provider launches with, for the EC2NodeClass status. */
    public NodeClassResolutions resolver() {
        return resolutions;
    }

    /** The background refreshes; tests run them with {@link BackgroundRefresh#runDue()} instead of starting the thread. */
    public BackgroundRefresh refresh() {
        return refresh;
    }

    /** Starts the background thread that keeps instances, resolutions, types and prices current. */
    public AwsCloud start() {
        refresh.start(TICK);
        return this;
    }

    @Override
    public void close() {
        refresh.close();
    }
    /**
     * Keeps the {@code karpenter.k8s.aws/termination} finalizer on every EC2NodeClass, and lets a deleted one go once its
     * NodeClaims have: its instance profile and launch templates first ({@link NodeClassTermination}).
     */
    public Reconciler nodeClassTermination(io.fabric8.kubernetes.client.KubernetesClient client, MeterRegistry registry) {
        return new NodeClassTermination(client, profiles, templates, clock, Duration.ofSeconds(10), registry);
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
