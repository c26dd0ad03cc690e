package dev.jig.aws.loopback;

import dev.jig.api.ec2.Catalog;
import dev.jig.api.ec2.InstanceType;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The state behind the loopback EC2 endpoint: the region's instance types (from the bundled catalog)
 * and the zones they are offered in, spot prices, subnets, security groups, images, launch
 * templates, fleets by client token, and instances. Tests seed it and read what the provider did.
 * Every action holds the world's lock, so the state is consistent across Javalin's threads.
 */
public final class Ec2World {

    final Clock clock;
    final Catalog catalog;
    final List<InstanceType> types = new ArrayList<>();
    final Map<String, List<String>> zonesByType = new LinkedHashMap<>();
    final Map<String, Double> spotPrices = new LinkedHashMap<>();
    final List<Resources.Subnet> subnets = new ArrayList<>();
    final List<Resources.SecurityGroup> securityGroups = new ArrayList<>();
    final List<Resources.Image> images = new ArrayList<>();
    final Map<String, Resources.LaunchTemplate> launchTemplates = new LinkedHashMap<>();
    /** CreateFleet's answers by client token, with the request (token aside) that got each: a reuse must repeat it. */
    final Map<String, TokenUse> fleetsByToken = new ConcurrentHashMap<>();

    record TokenUse(Map<String, String> request, String response) {
    }
    final Map<String, Resources.Instance> instances = new LinkedHashMap<>();
    final List<Params> fleetRequests = new ArrayList<>();
    final Faults faults = new Faults();
    private final AtomicLong ids = new AtomicLong(0x1000);

    public Ec2World(Clock clock, Catalog catalog) {
        this.clock = clock;
        this.catalog = catalog;
    }

    public Faults faults() {
        return faults;
    }

    /** Offers {@code type} (from the catalog) in {@code zones}, with a spot price per zone of {@code spotShare} × on-demand. */
    public synchronized Ec2World offer(String type, double spotShare, String... zones) {
        InstanceType t = catalog.find(type).orElseThrow();
        if (!zonesByType.containsKey(type)) types.add(t);
        zonesByType.put(type, List.of(zones));
        for (String z : zones) spotPrices.put(type + "/" + z, Math.round(t.onDemandPrice().orElse(1) * spotShare * 10000) / 10000.0);
        return this;
    }

    public synchronized Ec2World subnet(String id, String zone, Map<String, String> tags) {
        return subnet(id, zone, 250, tags);
    }

    /** A subnet of {@code addresses} free addresses before any instance: each instance not terminated takes its type's addresses per interface. */
    public synchronized Ec2World subnet(String id, String zone, int addresses, Map<String, String> tags) {
        subnets.add(new Resources.Subnet(id, zone, "use1-az" + (subnets.size() + 1), "vpc-0a", addresses, tags));
        return this;
    }

    /** The free addresses of {@code s}: its own less the primary interfaces (the type's addresses per interface) of its instances not terminated. */
    synchronized int freeAddresses(Resources.Subnet s) {
        int used = 0;
        for (Resources.Instance i : instances.values()) if (s.id().equals(i.subnetId) && !i.state.equals("terminated")) used += addresses(i.type);
        return s.availableIps() - used;
    }

    /** The addresses an instance of {@code type} takes: its addresses per interface (the VPC CNI fills the primary interface). */
    int addresses(String type) {
        return catalog.find(type).map(InstanceType::ipv4PerInterface).orElse(1);
    }

    public synchronized Ec2World securityGroup(String id, String name, Map<String, String> tags) {
        securityGroups.add(new Resources.SecurityGroup(id, name, "vpc-0a", tags));
        return this;
    }

    public synchronized Ec2World image(String id, String name, String architecture, String creationDate, Map<String, String> tags) {
        images.add(new Resources.Image(id, name, architecture, creationDate, "123456789012", tags));
        return this;
    }

    public synchronized void removeSubnets() {
        subnets.clear();
    }

    /** Every instance ever launched, terminated ones included. */
    public synchronized List<LaunchedInstance> instances() {
        List<LaunchedInstance> out = new ArrayList<>();
        for (Resources.Instance i : instances.values()) {
            out.add(new LaunchedInstance(i.id, i.type, i.zone, i.subnetId, i.imageId, i.lifecycle, i.state, Map.copyOf(i.tags), i.launchTemplate));
        }
        return out;
    }

    /** Instances not terminated and not shutting down. */
    public synchronized List<LaunchedInstance> running() {
        return instances().stream().filter(i -> i.state().equals("running") || i.state().equals("pending")).toList();
    }

    /** The form parameters of every CreateFleet call, in order. */
    public synchronized List<Map<String, String>> fleetRequests() {
        return fleetRequests.stream().map(Params::values).toList();
    }

    /** The data of the launch template {@code name}: its {@code LaunchTemplateData.*} parameters and tags. */
    public synchronized Optional<Map<String, String>> launchTemplate(String name) {
        return Optional.ofNullable(launchTemplates.get(name)).map(t -> t.data().values());
    }

    public synchronized List<String> launchTemplateNames() {
        return List.copyOf(launchTemplates.keySet());
    }

    /** Deletes a launch template behind the provider's back. */
    public synchronized void deleteLaunchTemplate(String name) {
        launchTemplates.remove(name);
    }

    /** Terminates an instance behind the provider's back (a spot reclaim, a user). */
    /** A running instance of {@code type} (known to the catalog or not) that the cluster's NodeClaim {@code nodeClaim} launched. */
    public synchronized String running(String type, String zone, String cluster, String nodeClaim) {
        String id = nextId("i");
        instances.put(id, new Resources.Instance(id, type, zone, "subnet-0a", "ami-0amd64", "on-demand", clock.instant(),
                Map.of("kubernetes.io/cluster/" + cluster, "owned", "karpenter.sh/nodeclaim", nodeClaim), List.of("sg-0node"), null));
        return id;
    }

    public synchronized void terminate(String instanceId) {
        instances.get(instanceId).state = "terminated";
    }

    String nextId(String prefix) {
        return prefix + "-0" + Long.toHexString(ids.incrementAndGet()) + "abcdef0123";
    }

    /** What a test sees of an instance. */
    public record LaunchedInstance(String id, String type, String zone, String subnetId, String imageId, String lifecycle,
                                   String state, Map<String, String> tags, String launchTemplate) {
    }
}
