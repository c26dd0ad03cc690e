package dev.jig.aws.nodeclass;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.aws.ami.Ami;
import dev.jig.aws.securitygroup.SecurityGroup;
import dev.jig.aws.subnet.Subnet;
import java.time.Instant;
import java.util.List;

/**
 * An EC2NodeClass's {@code status} as Karpenter writes it: {@code subnets} (id, zone, zoneID),
 * {@code securityGroups} (id, name), {@code amis} (id, name, architecture requirement),
 * {@code instanceProfile}, and the conditions {@code SubnetsReady}, {@code SecurityGroupsReady},
 * {@code AMIsReady}, {@code InstanceProfileReady} and {@code Ready} (True only when all are). A part
 * that did not resolve is absent, and its condition is False with reason {@code NotFound}-style and the
 * resolver's message, which names the selector. A condition keeps its {@code lastTransitionTime}
 * while its status does not change. {@code SelectorsRefreshed} says whether the last background refresh
 * could ask EC2 and IAM: False (reason {@code RefreshFailed}) while it cannot, the status then showing
 * the last good resolution; it does not change {@code Ready}, since launches go on with that
 * resolution. Pure.
 */
public final class NodeClassStatus {

    private static final String GPU_COUNT = WellKnownLabels.INSTANCE_GPU_COUNT;
    private static final String ACCELERATOR_COUNT = WellKnownLabels.INSTANCE_ACCELERATOR_COUNT;

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private NodeClassStatus() {
    }

    /** One part's outcome: its value, or why it did not resolve. */
    public record Part<T>(T value, String error) {
        public static <T> Part<T> of(T value) {
            return new Part<>(value, null);
        }

        public static <T> Part<T> failed(String error) {
            return new Part<>(null, error);
        }

        boolean ok() {
            return error == null;
        }
    }

    /** The status for {@code resolution}; {@code previous} is the current status (or a missing node), {@code generation} the spec's. */
    public static ObjectNode of(Resolution resolution, JsonNode previous, long generation, Instant now) {
        ObjectNode status = of(resolution.subnets(), resolution.securityGroups(), resolution.amis(), resolution.instanceProfile(), previous, generation, now);
        Part<Boolean> refreshed = resolution.refreshError() == null ? Part.of(true)
                : Part.failed("EC2 or IAM could not be read since " + resolution.failingSince() + " (" + resolution.refreshError()
                        + "); the resolution read at " + resolution.resolvedAt() + " stays in use");
        condition((ArrayNode) status.get("conditions"), previous, "SelectorsRefreshed", refreshed, "RefreshFailed", generation, now);
        return status;
    }

    /** The status for these outcomes; {@code previous} is the current status (or a missing node), {@code generation} the spec's. */
    public static ObjectNode of(Part<List<Subnet>> subnets, Part<List<SecurityGroup>> groups, Part<List<Ami>> amis, Part<String> profile,
                                JsonNode previous, long generation, Instant now) {
        ObjectNode status = JSON.objectNode();
        if (subnets.ok()) {
            ArrayNode a = status.putArray("subnets");
            subnets.value().forEach(s -> a.addObject().put("id", s.id()).put("zone", s.zone()).put("zoneID", s.zoneId()));
        }
        if (groups.ok()) {
            ArrayNode a = status.putArray("securityGroups");
            groups.value().forEach(g -> a.addObject().put("id", g.id()).put("name", g.name()));
        }
        if (amis.ok()) {
            ArrayNode a = status.putArray("amis");
            for (Ami ami : amis.value()) {
                ObjectNode o = a.addObject().put("id", ami.id());
                if (!ami.name().isEmpty()) o.put("name", ami.name());
                ArrayNode requirements = o.putArray("requirements");
                requirements.addObject().put("key", WellKnownLabels.ARCH).put("operator", "In").putArray("values").add(ami.architecture());
                // as Karpenter's AMI requirements: accelerated AMIs for accelerated types only, standard ones for the others
                switch (ami.variant()) {
                    case "standard" -> {
                        requirements.addObject().put("key", GPU_COUNT).put("operator", "DoesNotExist");
                        requirements.addObject().put("key", ACCELERATOR_COUNT).put("operator", "DoesNotExist");
                    }
                    case "nvidia", "gpu" -> requirements.addObject().put("key", GPU_COUNT).put("operator", "Exists");
                    case "neuron" -> requirements.addObject().put("key", ACCELERATOR_COUNT).put("operator", "Exists");
                    default -> {
                        // an AMI by id, name or tags: its architecture only
                    }
                }
            }
        }
        if (profile.ok()) status.put("instanceProfile", profile.value());
        ArrayNode conditions = status.putArray("conditions");
        boolean ready = subnets.ok() && groups.ok() && amis.ok() && profile.ok();
        condition(conditions, previous, "SubnetsReady", subnets, "SubnetsNotFound", generation, now);
        condition(conditions, previous, "SecurityGroupsReady", groups, "SecurityGroupsNotFound", generation, now);
        condition(conditions, previous, "AMIsReady", amis, "AMINotFound", generation, now);
        condition(conditions, previous, "InstanceProfileReady", profile, "InstanceProfileNotReady", generation, now);
        String why = ready ? null : firstError(subnets, groups, amis, profile);
        condition(conditions, previous, "Ready", ready ? Part.of(true) : Part.failed(why), "NotReady", generation, now);
        return status;
    }

    /** Whether {@code status} says Ready. */
    public static boolean ready(JsonNode status) {
        for (JsonNode c : status.path("conditions")) if (c.path("type").asText().equals("Ready")) return c.path("status").asText().equals("True");
        return false;
    }

    private static String firstError(Part<?>... parts) {
        for (Part<?> p : parts) if (!p.ok()) return p.error();
        return "";
    }

    private static void condition(ArrayNode out, JsonNode previous, String type, Part<?> part, String falseReason, long generation, Instant now) {
        String status = part.ok() ? "True" : "False";
        String since = now.toString();
        for (JsonNode c : previous.path("conditions")) {
            if (c.path("type").asText().equals(type) && c.path("status").asText().equals(status) && c.hasNonNull("lastTransitionTime")) {
                since = c.path("lastTransitionTime").asText();
            }
        }
        out.addObject().put("type", type).put("status", status).put("reason", part.ok() ? type : falseReason)
                .put("message", part.ok() ? "" : part.error()).put("lastTransitionTime", since).put("observedGeneration", generation);
    }
}
