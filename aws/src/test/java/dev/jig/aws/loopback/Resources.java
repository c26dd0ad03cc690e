package dev.jig.aws.loopback;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The EC2 resources the loopback endpoint keeps, with the attributes their describe filters match. */
final class Resources {

    private Resources() {
    }

    /** Something a describe call can filter: filter name to the values it has, {@code tag:K} and {@code tag-key} included. */
    interface Filterable {
        Map<String, List<String>> attributes();

        Map<String, String> tags();

        default boolean matches(Map<String, List<String>> filters) {
            for (var f : filters.entrySet()) {
                List<String> have = new ArrayList<>(attributes().getOrDefault(f.getKey(), List.of()));
                if (f.getKey().startsWith("tag:")) {
                    String v = tags().get(f.getKey().substring(4));
                    if (v != null) have.add(v);
                } else if (f.getKey().equals("tag-key")) {
                    have.addAll(tags().keySet());
                }
                boolean any = false;
                for (String want : f.getValue()) {
                    for (String h : have) if (want.equals("*") ? true : glob(want, h)) any = true;
                }
                if (!any) return false;
            }
            return true;
        }

        private static boolean glob(String pattern, String value) {
            return value.matches(("\\Q" + pattern + "\\E").replace("*", "\\E.*\\Q"));
        }
    }

    record Subnet(String id, String zone, String zoneId, String vpcId, int availableIps, Map<String, String> tags) implements Filterable {
        public Map<String, List<String>> attributes() {
            return Map.of("subnet-id", List.of(id), "availability-zone", List.of(zone), "vpc-id", List.of(vpcId));
        }
    }

    record SecurityGroup(String id, String name, String vpcId, Map<String, String> tags) implements Filterable {
        public Map<String, List<String>> attributes() {
            return Map.of("group-id", List.of(id), "group-name", List.of(name), "vpc-id", List.of(vpcId));
        }
    }

    record Image(String id, String name, String architecture, String creationDate, String owner, Map<String, String> tags) implements Filterable {
        public Map<String, List<String>> attributes() {
            return Map.of("image-id", List.of(id), "name", List.of(name), "architecture", List.of(architecture),
                    "owner-id", List.of(owner), "state", List.of("available"));
        }
    }

    record LaunchTemplate(String id, String name, Instant created, Map<String, String> tags, Params data) implements Filterable {
        public Map<String, List<String>> attributes() {
            return Map.of("launch-template-name", List.of(name));
        }
    }

    /** An instance; mutable state, guarded by the world's lock. */
    static final class Instance implements Filterable {
        final String id;
        final String type;
        final String zone;
        final String subnetId;
        final String imageId;
        final String lifecycle;
        final Instant launchTime;
        final Map<String, String> tags;
        final List<String> securityGroups;
        final String launchTemplate;
        String state = "running";
        int hiddenFor;

        Instance(String id, String type, String zone, String subnetId, String imageId, String lifecycle, Instant launchTime,
                 Map<String, String> tags, List<String> securityGroups, String launchTemplate) {
            this.id = id;
            this.type = type;
            this.zone = zone;
            this.subnetId = subnetId;
            this.imageId = imageId;
            this.lifecycle = lifecycle;
            this.launchTime = launchTime;
            this.tags = new LinkedHashMap<>(tags);
            this.securityGroups = List.copyOf(securityGroups);
            this.launchTemplate = launchTemplate;
        }

        @Override
        public Map<String, String> tags() {
            return tags;
        }

        @Override
        public Map<String, List<String>> attributes() {
            return Map.of("instance-id", List.of(id), "instance-state-name", List.of(state), "instance-type", List.of(type),
                    "availability-zone", List.of(zone));
        }
    }
}
