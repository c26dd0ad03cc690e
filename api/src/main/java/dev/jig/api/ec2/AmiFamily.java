package dev.jig.api.ec2;

import dev.jig.api.karpenter.ResourceList;
import java.util.Locale;

/**
 * The AMI families of Karpenter's AWS provider (v1.14) and the flags that change how a node is
 * sized: whether max pods follows the ENI formula, whether {@code podsPerCore} applies, whether
 * kube-reserved memory is computed from the ENI-limited pod count even when {@code maxPods} is set,
 * and where ephemeral storage lives.
 */
public enum AmiFamily {
    AL2023(true, true, true, 20, "linux"),
    AL2(true, true, true, 20, "linux"),
    BOTTLEROCKET(false, false, true, 20, "linux"),
    WINDOWS2019(false, true, false, 50, "windows"),
    WINDOWS2022(false, true, false, 50, "windows"),
    WINDOWS2025(false, true, false, 50, "windows"),
    CUSTOM(true, true, true, 20, "linux");

    private final boolean eniLimitedMemoryOverhead;
    private final boolean podsPerCoreEnabled;
    private final boolean eniLimitedPodDensity;
    private final long defaultEphemeralBytes;
    private final String os;

    AmiFamily(boolean eniLimitedMemoryOverhead, boolean podsPerCoreEnabled, boolean eniLimitedPodDensity,
              int defaultEphemeralGib, String os) {
        this.eniLimitedMemoryOverhead = eniLimitedMemoryOverhead;
        this.podsPerCoreEnabled = podsPerCoreEnabled;
        this.eniLimitedPodDensity = eniLimitedPodDensity;
        this.defaultEphemeralBytes = defaultEphemeralGib * ResourceList.GIB;
        this.os = os;
    }

    /** Kube-reserved memory uses the ENI-limited pod count, whatever {@code maxPods} says (AL2, AL2023, Custom). */
    public boolean eniLimitedMemoryOverhead() {
        return eniLimitedMemoryOverhead;
    }

    public boolean podsPerCoreEnabled() {
        return podsPerCoreEnabled;
    }

    /** Without {@code maxPods}, max pods is the ENI formula; otherwise 110. */
    public boolean eniLimitedPodDensity() {
        return eniLimitedPodDensity;
    }

    /** Size of the volume that holds ephemeral storage when the node class maps none (20Gi; 50Gi on Windows). */
    public long defaultEphemeralBytes() {
        return defaultEphemeralBytes;
    }

    /** The device of that volume: {@code /dev/xvda}, {@code /dev/xvdb} on Bottlerocket, {@code /dev/sda1} on Windows. */
    public String ephemeralDevice() {
        return switch (this) {
            case BOTTLEROCKET -> "/dev/xvdb";
            case WINDOWS2019, WINDOWS2022, WINDOWS2025 -> "/dev/sda1";
            default -> "/dev/xvda";
        };
    }

    /** The {@code kubernetes.io/os} of nodes of this family. */
    public String os() {
        return os;
    }

    /** From an {@code amiSelectorTerms} alias ({@code al2023@latest}) or an {@code amiFamily} field ({@code AL2023}). */
    public static AmiFamily parse(String aliasOrFamily) {
        String name = aliasOrFamily.contains("@") ? aliasOrFamily.substring(0, aliasOrFamily.indexOf('@')) : aliasOrFamily;
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "al2023" -> AL2023;
            case "al2" -> AL2;
            case "bottlerocket" -> BOTTLEROCKET;
            case "windows2019" -> WINDOWS2019;
            case "windows2022" -> WINDOWS2022;
            case "windows2025" -> WINDOWS2025;
            case "custom" -> CUSTOM;
            default -> throw new IllegalArgumentException("unknown AMI family '" + aliasOrFamily + "'");
        };
    }
}
