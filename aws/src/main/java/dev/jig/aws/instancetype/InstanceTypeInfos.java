package dev.jig.aws.instancetype;

import dev.jig.api.ec2.InstanceType;
import dev.jig.api.ec2.NodeSizing;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import software.amazon.awssdk.services.ec2.model.GpuDeviceInfo;
import software.amazon.awssdk.services.ec2.model.InstanceTypeInfo;

/**
 * Turns a DescribeInstanceTypes entry into Jig's {@link InstanceType}. A type the bundled catalog
 * knows keeps the catalog's figures (they come from the same API, plus the price list and the
 * pod-ENI table, which DescribeInstanceTypes lacks); a type it does not know is read from the API
 * alone, with no on-demand price, so it is offered as spot only, where EC2 publishes a price.
 */
public final class InstanceTypeInfos {

    private InstanceTypeInfos() {
    }

    /** The type {@code info} describes; empty when EC2 leaves out what sizing needs. */
    public static Optional<InstanceType> convert(InstanceTypeInfo info) {
        if (info.vCpuInfo() == null || info.memoryInfo() == null || info.networkInfo() == null || info.processorInfo() == null) {
            return Optional.empty();
        }
        String name = info.instanceTypeAsString();
        int dot = name.indexOf('.');
        if (dot <= 0) return Optional.empty();
        String family = name.substring(0, dot);
        int digit = 0;
        while (digit < family.length() && !Character.isDigit(family.charAt(digit))) digit++;
        int end = digit;
        while (end < family.length() && Character.isDigit(family.charAt(end))) end++;
        int generation = digit < end ? Integer.parseInt(family.substring(digit, end)) : 0;
        String category = digit > 0 ? family.substring(0, digit) : family;
        String arch = info.processorInfo().supportedArchitecturesAsStrings().contains("arm64") ? "arm64" : "amd64";
        String manufacturer = manufacturer(info.processorInfo().manufacturer(), arch);
        Optional<InstanceType.Gpu> gpu = Optional.empty();
        if (info.gpuInfo() != null && !info.gpuInfo().gpus().isEmpty()) {
            GpuDeviceInfo g = info.gpuInfo().gpus().get(0);
            gpu = Optional.of(new InstanceType.Gpu(g.name().toLowerCase(Locale.ROOT).replace(' ', '-'),
                    g.manufacturer().toLowerCase(Locale.ROOT), g.count() == null ? 0 : g.count(),
                    g.memoryInfo() == null || g.memoryInfo().sizeInMiB() == null ? 0 : g.memoryInfo().sizeInMiB()));
        }
        int nvme = info.instanceStorageInfo() == null || info.instanceStorageInfo().totalSizeInGB() == null ? 0
                : info.instanceStorageInfo().totalSizeInGB().intValue();
        var net = info.networkInfo();
        int interfaces = net.maximumNetworkInterfaces() == null ? 1 : net.maximumNetworkInterfaces();
        if (!net.networkCards().isEmpty() && net.networkCards().get(0).maximumNetworkInterfaces() != null) {
            interfaces = net.networkCards().get(0).maximumNetworkInterfaces();
        }
        int ipv4 = net.ipv4AddressesPerInterface() == null ? 1 : net.ipv4AddressesPerInterface();
        int bandwidth = net.networkCards().isEmpty() || net.networkCards().get(0).baselineBandwidthInGbps() == null ? 0
                : (int) Math.round(net.networkCards().get(0).baselineBandwidthInGbps() * 1000);
        int vcpu = info.vCpuInfo().defaultVCpus();
        long memory = info.memoryInfo().sizeInMiB();
        int maxPods = interfaces * (ipv4 - 1) + 2;
        int cpuMillis = (int) (vcpu * 1000L - NodeSizing.kubeReservedCpuMillis(vcpu * 1000L));
        long memoryMib = memory - (arch.equals("arm64") ? 64 : 0);
        long allocatableMemory = memoryMib - (long) Math.ceil(memoryMib * 0.075) - (11L * maxPods + 255) - 100;
        return Optional.of(new InstanceType(name, family, category, generation, name.substring(dot + 1), vcpu, memory, arch, manufacturer,
                gpu, nvme, bandwidth, info.hypervisorAsString() == null ? "" : info.hypervisorAsString(), Boolean.TRUE.equals(info.bareMetal()),
                interfaces, ipv4, maxPods, 0, cpuMillis, allocatableMemory, OptionalDouble.empty()));
    }

    private static String manufacturer(String ec2, String arch) {
        String m = ec2 == null ? "" : ec2.toLowerCase(Locale.ROOT);
        if (m.contains("intel")) return "intel";
        if (m.contains("amd")) return "amd";
        return arch.equals("arm64") ? "aws" : "intel";
    }
}
