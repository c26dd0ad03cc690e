package dev.jig.api.ec2;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The AWS regions a cluster can run in, and what makes a zone name belong to one. A fact list, like
 * the instance catalog: a region AWS opens after this list was written is refused until the list
 * learns it, which is the safe side for a typo check ({@code eu-wset-1}).
 */
public final class Regions {

    /** Commercial, GovCloud, China and European Sovereign Cloud regions, as of November 2026. */
    public static final Set<String> KNOWN = Set.copyOf(new TreeSet<>(List.of(
            "us-east-1", "us-east-2", "us-west-1", "us-west-2",
            "ca-central-1", "ca-west-1", "mx-central-1", "sa-east-1",
            "eu-central-1", "eu-central-2", "eu-west-1", "eu-west-2", "eu-west-3",
            "eu-south-1", "eu-south-2", "eu-north-1", "eusc-de-east-1",
            "il-central-1", "me-south-1", "me-central-1", "af-south-1",
            "ap-east-1", "ap-east-2", "ap-south-1", "ap-south-2",
            "ap-northeast-1", "ap-northeast-2", "ap-northeast-3",
            "ap-southeast-1", "ap-southeast-2", "ap-southeast-3", "ap-southeast-4",
            "ap-southeast-5", "ap-southeast-6", "ap-southeast-7",
            "us-gov-east-1", "us-gov-west-1", "cn-north-1", "cn-northwest-1")));

    /**
     * After the region name: a letter (an Availability Zone, {@code eu-west-1b}), or a Local Zone or
     * Wavelength Zone suffix ({@code us-east-1-bos-1a}, {@code us-east-1-wl1-bos-wlz-1}).
     */
    private static final Pattern ZONE_SUFFIX = Pattern.compile("[a-z]|-[a-z0-9]+(-[a-z0-9]+)*");

    private Regions() {
    }

    public static boolean isKnown(String region) {
        return KNOWN.contains(region);
    }

    /** True when {@code zone} is a zone of {@code region}. */
    public static boolean zoneOf(String zone, String region) {
        return zone.startsWith(region) && ZONE_SUFFIX.matcher(zone.substring(region.length())).matches();
    }

    /** The known region a zone name belongs to, if any: the longest known region it starts with. */
    public static java.util.Optional<String> regionOfZone(String zone) {
        return KNOWN.stream().filter(r -> zoneOf(zone, r)).max(java.util.Comparator.comparingInt(String::length));
    }
}
