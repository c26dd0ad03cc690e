package dev.jig.aws.loopback;

import dev.jig.api.ec2.InstanceType;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The read-only EC2 actions: instance types, their offerings and spot prices, subnets, security groups and images. */
final class DescribeActions {

    private final Ec2World w;

    DescribeActions(Ec2World world) {
        this.w = world;
    }

    void register(LoopbackEc2 ec2) {
        ec2.on("DescribeInstanceTypes", this::instanceTypes);
        ec2.on("DescribeInstanceTypeOfferings", this::offerings);
        ec2.on("DescribeSpotPriceHistory", this::spotPrices);
        ec2.on("DescribeSubnets", this::subnets);
        ec2.on("DescribeSecurityGroups", this::securityGroups);
        ec2.on("DescribeImages", this::images);
    }

    private String instanceTypes(Params p) {
        Xml x = new Xml().open("instanceTypeSet");
        synchronized (w) {
            for (InstanceType t : w.types) {
                x.open("item").el("instanceType", t.name()).el("currentGeneration", true)
                        .items("supportedUsageClasses", List.of("on-demand", "spot"))
                        .open("processorInfo").items("supportedArchitectures", List.of(t.architecture().equals("arm64") ? "arm64" : "x86_64"))
                        .el("manufacturer", manufacturer(t.cpuManufacturer())).close("processorInfo")
                        .open("vCpuInfo").el("defaultVCpus", t.vcpu()).close("vCpuInfo")
                        .open("memoryInfo").el("sizeInMiB", t.memoryMib()).close("memoryInfo")
                        .el("hypervisor", t.hypervisor().isEmpty() ? null : t.hypervisor()).el("bareMetal", t.bareMetal())
                        .open("networkInfo").el("maximumNetworkInterfaces", t.maxInterfaces())
                        .el("ipv4AddressesPerInterface", t.ipv4PerInterface())
                        .open("networkCards").open("item").el("networkCardIndex", 0).el("maximumNetworkInterfaces", t.maxInterfaces())
                        .el("baselineBandwidthInGbps", t.networkBandwidthMbps() / 1000.0).close("item").close("networkCards")
                        .close("networkInfo");
                t.gpu().ifPresent(g -> x.open("gpuInfo").open("gpus").open("item").el("name", g.name().toUpperCase(Locale.ROOT))
                        .el("manufacturer", g.manufacturer().toUpperCase(Locale.ROOT)).el("count", g.count())
                        .open("memoryInfo").el("sizeInMiB", g.memoryMib()).close("memoryInfo").close("item").close("gpus").close("gpuInfo"));
                if (t.localNvmeGb() > 0) {
                    x.open("instanceStorageInfo").el("totalSizeInGB", t.localNvmeGb()).el("nvmeSupport", "required").close("instanceStorageInfo");
                }
                x.close("item");
            }
        }
        return x.close("instanceTypeSet").toString();
    }

    private static String manufacturer(String m) {
        return switch (m) {
            case "intel" -> "Intel";
            case "amd" -> "AMD";
            default -> "AWS";
        };
    }

    private String offerings(Params p) {
        Xml x = new Xml().open("instanceTypeOfferingSet");
        synchronized (w) {
            w.zonesByType.forEach((type, zones) -> zones.forEach(z -> x.open("item").el("instanceType", type)
                    .el("locationType", "availability-zone").el("location", z).close("item")));
        }
        return x.close("instanceTypeOfferingSet").toString();
    }

    private String spotPrices(Params p) {
        Xml x = new Xml().open("spotPriceHistorySet");
        synchronized (w) {
            w.spotPrices.forEach((key, price) -> {
                String[] tz = key.split("/");
                x.open("item").el("instanceType", tz[0]).el("productDescription", "Linux/UNIX").el("spotPrice", String.format(Locale.ROOT, "%.6f", price))
                        .el("timestamp", w.clock.instant().toString()).el("availabilityZone", tz[1]).close("item");
            });
        }
        return x.close("spotPriceHistorySet").toString();
    }

    private String subnets(Params p) {
        Xml x = new Xml().open("subnetSet");
        Map<String, List<String>> filters = p.filters();
        synchronized (w) {
            for (Resources.Subnet s : w.subnets) {
                if (!s.matches(filters)) continue;
                x.open("item").el("subnetId", s.id()).el("state", "available").el("vpcId", s.vpcId()).el("cidrBlock", "10.0.0.0/24")
                        .el("availableIpAddressCount", w.freeAddresses(s)).el("availabilityZone", s.zone()).el("availabilityZoneId", s.zoneId())
                        .tags("tagSet", s.tags()).close("item");
            }
        }
        return x.close("subnetSet").toString();
    }

    private String securityGroups(Params p) {
        Xml x = new Xml().open("securityGroupInfo");
        Map<String, List<String>> filters = p.filters();
        synchronized (w) {
            for (Resources.SecurityGroup g : w.securityGroups) {
                if (!g.matches(filters)) continue;
                x.open("item").el("ownerId", "123456789012").el("groupId", g.id()).el("groupName", g.name())
                        .el("groupDescription", g.name()).el("vpcId", g.vpcId()).tags("tagSet", g.tags()).close("item");
            }
        }
        return x.close("securityGroupInfo").toString();
    }

    private String images(Params p) {
        Xml x = new Xml().open("imagesSet");
        Map<String, List<String>> filters = p.filters();
        List<String> ids = p.list("ImageId");
        List<String> owners = p.list("Owner");
        synchronized (w) {
            for (Resources.Image i : w.images) {
                if (!i.matches(filters) || (!ids.isEmpty() && !ids.contains(i.id()))) continue;
                if (!owners.isEmpty() && !owners.contains(i.owner()) && !owners.contains("self")) continue;
                x.open("item").el("imageId", i.id()).el("imageLocation", i.owner() + "/" + i.name()).el("imageState", "available")
                        .el("imageOwnerId", i.owner()).el("creationDate", i.creationDate()).el("isPublic", false)
                        .el("architecture", i.architecture()).el("imageType", "machine").el("name", i.name())
                        .el("rootDeviceType", "ebs").el("rootDeviceName", "/dev/xvda").tags("tagSet", i.tags()).close("item");
            }
        }
        return x.close("imagesSet").toString();
    }
}
