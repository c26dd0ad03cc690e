package dev.jig.aws.loopback;

import io.javalin.http.Context;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * IAM on loopback, in its Query protocol: form-encoded {@code Action=...&Version=2010-05-08} requests,
 * {@code <ActionResponse><ActionResult>} XML answers and {@code <ErrorResponse>} XML errors with IAM's
 * codes, statuses and messages ({@code NoSuchEntity} 404, {@code EntityAlreadyExists} 409,
 * {@code LimitExceeded} 409, {@code DeleteConflict} 409). It holds roles the test creates and the
 * instance profiles the SDK creates, with their tags.
 */
public final class LoopbackIam extends LoopbackService {

    private static final String NAMESPACE = "https://iam.amazonaws.com/doc/2010-05-08/";

    /** An instance profile as IAM keeps it. */
    public record Profile(String name, Map<String, String> tags, List<String> roles) {
    }

    private final Map<String, String> roles = new LinkedHashMap<>();
    private final Map<String, Profile> profiles = new LinkedHashMap<>();

    /** Creates role {@code name} (at path {@code /}). */
    public synchronized LoopbackIam role(String name) {
        roles.put(name, "AROA" + UUID.randomUUID().toString().replace("-", "").substring(0, 17).toUpperCase());
        return this;
    }

    /** The instance profile {@code name}, or null. */
    public synchronized Profile profile(String name) {
        Profile p = profiles.get(name);
        return p == null ? null : new Profile(p.name(), Map.copyOf(p.tags()), List.copyOf(p.roles()));
    }

    /** Names of every instance profile. */
    public synchronized List<String> profileNames() {
        return List.copyOf(profiles.keySet());
    }

    @Override
    protected String action(Context ctx) {
        return String.valueOf(ctx.formParam("Action"));
    }

    @Override
    protected synchronized void answer(String action, Context ctx) {
        String result = switch (action) {
            case "GetInstanceProfile" -> "<InstanceProfile>" + profileXml(existing(ctx.formParam("InstanceProfileName"))) + "</InstanceProfile>";
            case "CreateInstanceProfile" -> "<InstanceProfile>" + profileXml(create(ctx)) + "</InstanceProfile>";
            case "AddRoleToInstanceProfile" -> addRole(ctx);
            case "RemoveRoleFromInstanceProfile" -> removeRole(ctx);
            case "DeleteInstanceProfile" -> delete(ctx);
            case "GetRole" -> getRole(ctx.formParam("RoleName"));
            default -> throw new Refusal(400, "InvalidAction", "Could not find operation " + action + " for version 2010-05-08");
        };
        StringBuilder xml = new StringBuilder("<").append(action).append("Response xmlns=\"").append(NAMESPACE).append("\">");
        if (result != null) {
            xml.append('<').append(action).append("Result>").append(result).append("</").append(action).append("Result>");
        }
        xml.append("<ResponseMetadata><RequestId>").append(UUID.randomUUID()).append("</RequestId></ResponseMetadata></")
                .append(action).append("Response>");
        ctx.contentType("text/xml").result(xml.toString());
    }

    @Override
    protected void refuse(AwsError error, Context ctx) {
        ctx.contentType("text/xml").result("<ErrorResponse xmlns=\"" + NAMESPACE + "\"><Error><Type>"
                + (error.status() >= 500 ? "Receiver" : "Sender") + "</Type><Code>" + error.code() + "</Code><Message>"
                + escape(error.message()) + "</Message></Error><RequestId>" + UUID.randomUUID() + "</RequestId></ErrorResponse>");
    }

    private Profile existing(String name) {
        Profile profile = profiles.get(name);
        if (profile == null) {
            throw new Refusal(404, "NoSuchEntity", "Instance Profile " + name + " cannot be found.");
        }
        return profile;
    }

    private Profile create(Context ctx) {
        String name = ctx.formParam("InstanceProfileName");
        if (profiles.containsKey(name)) {
            throw new Refusal(409, "EntityAlreadyExists", "Instance Profile " + name + " already exists.");
        }
        Map<String, String> tags = new LinkedHashMap<>();
        for (int i = 1; ctx.formParam("Tags.member." + i + ".Key") != null; i++) {
            tags.put(ctx.formParam("Tags.member." + i + ".Key"), ctx.formParam("Tags.member." + i + ".Value"));
        }
        Profile profile = new Profile(name, tags, new ArrayList<>());
        profiles.put(name, profile);
        return profile;
    }

    private String addRole(Context ctx) {
        Profile profile = existing(ctx.formParam("InstanceProfileName"));
        String role = ctx.formParam("RoleName");
        if (!roles.containsKey(role)) {
            throw new Refusal(404, "NoSuchEntity", "The role with name " + role + " cannot be found.");
        }
        if (!profile.roles().isEmpty()) {
            throw new Refusal(409, "LimitExceeded", "Cannot exceed quota for InstanceSessionsPerInstanceProfile: 1");
        }
        profile.roles().add(role);
        return null;
    }

    private String removeRole(Context ctx) {
        Profile profile = existing(ctx.formParam("InstanceProfileName"));
        String role = ctx.formParam("RoleName");
        if (!profile.roles().remove(role)) {
            throw new Refusal(404, "NoSuchEntity", "The role with name " + role + " cannot be found.");
        }
        return null;
    }

    private String delete(Context ctx) {
        Profile profile = existing(ctx.formParam("InstanceProfileName"));
        if (!profile.roles().isEmpty()) {
            throw new Refusal(409, "DeleteConflict", "Cannot delete entity, must remove roles from instance profile first.");
        }
        profiles.remove(profile.name());
        return null;
    }

    private String profileXml(Profile p) {
        String created = Instant.parse("2026-11-25T12:00:00Z").toString();
        StringBuilder xml = new StringBuilder();
        xml.append("<InstanceProfileId>AIPA").append(Integer.toHexString(p.name().hashCode()).toUpperCase()).append("EXAMPLE</InstanceProfileId>");
        xml.append("<Roles>");
        for (String role : p.roles()) {
            xml.append("<member><Path>/</Path><Arn>arn:aws:iam::").append(ACCOUNT).append(":role/").append(escape(role)).append("</Arn>")
                    .append("<RoleName>").append(escape(role)).append("</RoleName>")
                    .append("<AssumeRolePolicyDocument>%7B%22Version%22%3A%222012-10-17%22%7D</AssumeRolePolicyDocument>")
                    .append("<CreateDate>").append(created).append("</CreateDate><RoleId>").append(roles.get(role)).append("</RoleId></member>");
        }
        xml.append("</Roles><InstanceProfileName>").append(escape(p.name())).append("</InstanceProfileName><Path>/</Path>")
                .append("<Arn>arn:aws:iam::").append(ACCOUNT).append(":instance-profile/").append(escape(p.name())).append("</Arn>")
                .append("<CreateDate>").append(created).append("</CreateDate><Tags>");
        p.tags().forEach((k, v) -> xml.append("<member><Key>").append(escape(k)).append("</Key><Value>").append(escape(v)).append("</Value></member>"));
        return xml.append("</Tags>").toString();
    }

    private static String escape(String s) {
        return s == null ? "" : s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    /** GetRole: the role, or {@code NoSuchEntity}. */
    private String getRole(String name) {
        if (!roles.containsKey(name)) throw new Refusal(404, "NoSuchEntity", "The role with name " + name + " cannot be found.");
        return "<Role><Path>/</Path><RoleName>" + escape(name) + "</RoleName><RoleId>" + roles.get(name)
                + "</RoleId><Arn>arn:aws:iam::" + ACCOUNT + ":role/" + escape(name) + "</Arn><CreateDate>2026-01-01T00:00:00Z</CreateDate>"
                + "<AssumeRolePolicyDocument>%7B%7D</AssumeRolePolicyDocument></Role>";
    }
}
