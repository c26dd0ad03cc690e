package dev.jig.aws.loopback;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The EC2 actions that change state: launch templates, CreateFleet (type instant), DescribeInstances and TerminateInstances. */
final class LaunchActions {

    private final Ec2World w;

    LaunchActions(Ec2World world) {
        this.w = world;
    }

    void register(LoopbackEc2 ec2) {
        ec2.on("CreateLaunchTemplate", this::createLaunchTemplate);
        ec2.on("DescribeLaunchTemplates", this::describeLaunchTemplates);
        ec2.on("DeleteLaunchTemplate", this::deleteLaunchTemplate);
        ec2.on("CreateFleet", this::createFleet);
        ec2.on("DescribeInstances", this::describeInstances);
        ec2.on("TerminateInstances", this::terminateInstances);
        ec2.on("RunInstances", this::runInstances);
    }

    private String createLaunchTemplate(Params p) {
        String name = p.get("LaunchTemplateName");
        synchronized (w) {
            if (w.launchTemplates.containsKey(name)) {
                throw new Ec2Fault(400, "InvalidLaunchTemplateName.AlreadyExistsException",
                        "Launch template name already in use.");
            }
            Map<String, String> data = new LinkedHashMap<>();
            p.values().forEach((k, v) -> {
                if (k.startsWith("LaunchTemplateData.")) data.put(k.substring("LaunchTemplateData.".length()), v);
            });
            var t = new Resources.LaunchTemplate(w.nextId("lt"), name, w.clock.instant(), p.tagSpecification("launch-template"), new Params(data));
            w.launchTemplates.put(name, t);
            return template(new Xml().open("launchTemplate"), t).close("launchTemplate").toString();
        }
    }

    private static Xml template(Xml x, Resources.LaunchTemplate t) {
        return x.el("launchTemplateId", t.id()).el("launchTemplateName", t.name()).el("createTime", t.created().toString())
                .el("createdBy", "arn:aws:iam::123456789012:role/jig").el("defaultVersionNumber", 1).el("latestVersionNumber", 1)
                .tags("tagSet", t.tags());
    }

    private String describeLaunchTemplates(Params p) {
        Xml x = new Xml().open("launchTemplates");
        List<String> names = p.list("LaunchTemplateName");
        synchronized (w) {
            for (String n : names) {
                if (!w.launchTemplates.containsKey(n)) {
                    throw new Ec2Fault(400, "InvalidLaunchTemplateName.NotFoundException", "At least one of the launch templates specified in the request does not exist.");
                }
            }
            for (Resources.LaunchTemplate t : w.launchTemplates.values()) {
                if (t.matches(p.filters()) && (names.isEmpty() || names.contains(t.name()))) template(x.open("item"), t).close("item");
            }
        }
        return x.close("launchTemplates").toString();
    }

    private String deleteLaunchTemplate(Params p) {
        synchronized (w) {
            Resources.LaunchTemplate t = w.launchTemplates.remove(p.get("LaunchTemplateName"));
            if (t == null) {
                throw new Ec2Fault(400, "InvalidLaunchTemplateName.NotFoundException", "The specified launch template, with template name "
                        + p.get("LaunchTemplateName") + ", does not exist.");
            }
            return template(new Xml().open("launchTemplate"), t).close("launchTemplate").toString();
        }
    }

    /** One override of a fleet request, with the launch template it belongs to. */
    private record Override(String template, String type, String subnetId, String zone, String imageId, double price) {
    }

    /** What EC2 lets an {@code instant} CreateFleet tag. */
    private static final List<String> INSTANT_FLEET_TAGGED = List.of("instance", "volume", "fleet");

    private String createFleet(Params p) {
        synchronized (w) {
            w.fleetRequests.add(p);
            String token = p.get("ClientToken");
            if (token != null && token.length() > 64) {
                throw new Ec2Fault(400, "InvalidParameterValue", "The client token must be no longer than 64 characters.");
            }
            Map<String, String> request = new java.util.TreeMap<>(p.values());
            request.remove("ClientToken");
            if (token != null && w.fleetsByToken.containsKey(token)) {
                Ec2World.TokenUse used = w.fleetsByToken.get(token);
                if (!used.request().equals(request)) {
                    throw new Ec2Fault(400, "IdempotentParameterMismatch", "The client token you have provided is associated with a request "
                            + "that has different parameters.");
                }
                return used.response();
            }
            if (!"instant".equals(p.get("Type"))) throw new Ec2Fault(400, "InvalidParameterValue", "only instant fleets are served here");
            for (Params spec : p.members("TagSpecification")) {
                if (!INSTANT_FLEET_TAGGED.contains(spec.get("ResourceType"))) {
                    throw new Ec2Fault(400, "InvalidParameterValue", "The value '" + spec.get("ResourceType")
                            + "' is not valid for the 'ResourceType' parameter of an instant fleet. Valid values: instance, volume, fleet.");
                }
            }
            String lifecycle = p.get("TargetCapacitySpecification.DefaultTargetCapacityType", "on-demand");
            List<Override> overrides = new ArrayList<>();
            for (Params config : p.members("LaunchTemplateConfigs")) {
                String template = config.get("LaunchTemplateSpecification.LaunchTemplateName");
                if (!w.launchTemplates.containsKey(template)) {
                    throw new Ec2Fault(400, "InvalidLaunchTemplateName.NotFoundException", "The specified launch template, with template name "
                            + template + ", does not exist.");
                }
                for (Params o : config.members("Overrides")) {
                    Resources.Subnet subnet = w.subnets.stream().filter(s -> s.id().equals(o.get("SubnetId"))).findFirst()
                            .orElseThrow(() -> new Ec2Fault(400, "InvalidSubnetID.NotFound", "The subnet ID '" + o.get("SubnetId") + "' does not exist"));
                    String type = o.get("InstanceType");
                    double price = lifecycle.equals("spot") ? w.spotPrices.getOrDefault(type + "/" + subnet.zone(), 99.0)
                            : w.catalog.find(type).orElseThrow().onDemandPrice().orElse(99);
                    String image = o.get("ImageId", w.launchTemplates.get(template).data().get("ImageId"));
                    overrides.add(new Override(template, type, subnet.id(), subnet.zone(), image, price));
                }
            }
            if (overrides.size() > 300) throw new Ec2Fault(400, "InvalidFleetConfiguration", "too many overrides");
            overrides.sort(Comparator.comparingDouble(Override::price));
            Xml errors = new Xml().open("errorSet");
            Xml launched = new Xml().open("fleetInstanceSet");
            boolean partial = w.faults.takePartialFleet();
            int tried = 0;
            for (Override o : overrides) {
                tried++;
                boolean offered = w.zonesByType.getOrDefault(o.type(), List.of()).contains(o.zone());
                String refused = w.faults.fleetError(lifecycle);
                if (refused != null) {
                    overrideXml(errors.open("item"), o).el("lifecycle", lifecycle).el("errorCode", refused)
                            .el("errorMessage", "The request was refused: " + refused + " (loopback fault)").close("item");
                    continue;
                }
                if (!offered || (partial && tried <= (overrides.size() + 1) / 2) || w.faults.outOfCapacity(o.type(), o.zone(), lifecycle)) {
                    String code = offered ? "InsufficientInstanceCapacity" : "Unsupported";
                    overrideXml(errors.open("item"), o).el("lifecycle", lifecycle).el("errorCode", code)
                            .el("errorMessage", "We currently do not have sufficient " + o.type() + " capacity in the Availability Zone you requested (" + o.zone() + ").")
                            .close("item");
                    continue;
                }
                Resources.Subnet subnet = w.subnets.stream().filter(x -> x.id().equals(o.subnetId())).findFirst().orElseThrow();
                if (w.freeAddresses(subnet) < w.addresses(o.type())) {
                    overrideXml(errors.open("item"), o).el("lifecycle", lifecycle).el("errorCode", "InsufficientFreeAddressesInSubnet")
                            .el("errorMessage", "There are not enough free addresses in subnet '" + o.subnetId() + "' to satisfy the requested number of instances.")
                            .close("item");
                    continue;
                }
                if (partial) break;
                Resources.Instance i = launch(p, o, lifecycle);
                overrideXml(launched.open("item"), o).el("lifecycle", lifecycle).items("instanceIds", List.of(i.id))
                        .el("instanceType", o.type()).el("platform", "Linux/UNIX").close("item");
                break;
            }
            String body = new Xml().el("fleetId", "fleet-" + w.nextId("f").substring(2)) + errors.close("errorSet").toString()
                    + launched.close("fleetInstanceSet");
            if (token != null) w.fleetsByToken.put(token, new Ec2World.TokenUse(request, body));
            return body;
        }
    }

    private static Xml overrideXml(Xml x, Override o) {
        return x.open("launchTemplateAndOverrides").open("launchTemplateSpecification").el("launchTemplateName", o.template())
                .el("version", "$Latest").close("launchTemplateSpecification")
                .open("overrides").el("instanceType", o.type()).el("subnetId", o.subnetId()).el("availabilityZone", o.zone())
                .el("imageId", o.imageId()).close("overrides").close("launchTemplateAndOverrides");
    }

    private Resources.Instance launch(Params p, Override o, String lifecycle) {
        Params data = w.launchTemplates.get(o.template()).data();
        Resources.Instance i = new Resources.Instance(w.nextId("i"), o.type(), o.zone(), o.subnetId(), o.imageId(), lifecycle,
                w.clock.instant(), p.tagSpecification("instance"), data.list("SecurityGroupId"), o.template());
        i.hiddenFor = w.faults.takeHiddenCalls();
        w.instances.put(i.id, i);
        return i;
    }

    private String describeInstances(Params p) {
        List<String> ids = p.list("InstanceId");
        Map<String, List<String>> filters = p.filters();
        Xml x = new Xml().open("reservationSet");
        String next = null;
        synchronized (w) {
            for (String id : ids) {
                Resources.Instance i = w.instances.get(id);
                if (i == null || i.hiddenFor > 0) {
                    if (i != null) i.hiddenFor--;
                    throw new Ec2Fault(400, "InvalidInstanceID.NotFound", "The instance ID '" + id + "' does not exist");
                }
            }
            int max = p.get("MaxResults") == null ? Integer.MAX_VALUE : Integer.parseInt(p.get("MaxResults"));
            int skip = p.get("NextToken") == null ? 0 : Integer.parseInt(p.get("NextToken"));
            int index = 0;
            int shown = 0;
            for (Resources.Instance i : w.instances.values()) {
                if ((!ids.isEmpty() && !ids.contains(i.id)) || !i.matches(filters)) continue;
                if (ids.isEmpty() && i.hiddenFor > 0) {
                    i.hiddenFor--;
                    continue;
                }
                if (index++ < skip) continue;
                if (shown++ == max) {
                    next = String.valueOf(skip + max);
                    break;
                }
                x.open("item").el("reservationId", "r-" + i.id.substring(2)).el("ownerId", "123456789012").open("instancesSet").open("item")
                        .el("instanceId", i.id).el("imageId", i.imageId).open("instanceState").el("code", code(i.state)).el("name", i.state)
                        .close("instanceState").el("instanceType", i.type).el("launchTime", i.launchTime.toString())
                        .open("placement").el("availabilityZone", i.zone).close("placement").el("subnetId", i.subnetId).el("vpcId", "vpc-0a")
                        .open("groupSet");
                i.securityGroups.forEach(g -> x.open("item").el("groupId", g).close("item"));
                x.close("groupSet").el("instanceLifecycle", i.lifecycle.equals("spot") ? "spot" : null).tags("tagSet", i.tags)
                        .close("item").close("instancesSet").close("item");
                if (i.state.equals("shutting-down")) i.state = "terminated";
            }
        }
        return x.close("reservationSet").toString() + (next == null ? "" : new Xml().el("nextToken", next).toString());
    }

    private String terminateInstances(Params p) {
        Xml x = new Xml().open("instancesSet");
        synchronized (w) {
            for (String id : p.list("InstanceId")) {
                Resources.Instance i = w.instances.get(id);
                if (i == null) throw new Ec2Fault(400, "InvalidInstanceID.NotFound", "The instance ID '" + id + "' does not exist");
                String before = i.state;
                if (!before.equals("terminated")) i.state = "shutting-down";
                x.open("item").el("instanceId", id).open("currentState").el("code", code(i.state)).el("name", i.state).close("currentState")
                        .open("previousState").el("code", code(before)).el("name", before).close("previousState").close("item");
            }
        }
        return x.close("instancesSet").toString();
    }

    private static int code(String state) {
        return switch (state) {
            case "pending" -> 0;
            case "running" -> 16;
            case "shutting-down" -> 32;
            case "terminated" -> 48;
            case "stopping" -> 64;
            default -> 80;
        };
    }

    /**
     * RunInstances, as a dry run only (Jig launches with CreateFleet; aws-preflight asks RunInstances with DryRun): EC2
     * checks the request, then answers {@code DryRunOperation} (HTTP 412) for one it would have run. A test denies it
     * with {@code failNext("RunInstances", ...)}, as IAM would.
     */
    private String runInstances(Params p) {
        if (!"true".equals(p.get("DryRun", "false"))) {
            throw new Ec2Fault(400, "UnsupportedOperation", "The loopback EC2 runs RunInstances as a dry run only.");
        }
        String image = p.get("ImageId");
        synchronized (w) {
            if (w.images.stream().noneMatch(i -> i.id().equals(image))) {
                throw new Ec2Fault(400, "InvalidAMIID.NotFound", "The image id '[" + image + "]' does not exist");
            }
            String subnet = p.get("SubnetId", "");
            if (!subnet.isEmpty() && w.subnets.stream().noneMatch(s -> s.id().equals(subnet))) {
                throw new Ec2Fault(400, "InvalidSubnetID.NotFound", "The subnet ID '" + subnet + "' does not exist");
            }
        }
        throw new Ec2Fault(412, "DryRunOperation", "Request would have succeeded, but DryRun flag is set.");
    }
}
