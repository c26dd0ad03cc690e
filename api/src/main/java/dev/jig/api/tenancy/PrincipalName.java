package dev.jig.api.tenancy;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One entry of a principal list ({@code labelAdmins} in the Platform policy and the tenancy ConfigMap, the webhook's
 * node labellers), typed so that a user name never matches a group and a group never matches a user:
 * <ul>
 *   <li>{@code system:serviceaccount:<namespace>:<name>}: a service account; matches the request's user name only.
 *       A group spelled the same way (an identity provider or an impersonating user can name groups freely) does
 *       not match.</li>
 *   <li>{@code user:<name>}: a user; matches the user name only.</li>
 *   <li>{@code group:<name>}: a group; matches one of the request's groups only, never a user of that name.</li>
 * </ul>
 * Anything else (a bare {@code platform-admins}: user or group?) does not parse: the policy schema refuses it, and
 * a list read at run time matches nobody through it, so an ambiguous entry fails closed.
 */
public record PrincipalName(Kind kind, String name) {

    /** What an entry names. */
    public enum Kind {
        USER, GROUP, SERVICE_ACCOUNT
    }

    /** The prefix Kubernetes gives service account user names. */
    public static final String SERVICE_ACCOUNT_PREFIX = "system:serviceaccount:";
    public static final String USER_PREFIX = "user:";
    public static final String GROUP_PREFIX = "group:";
    /** The policy schema's pattern for an entry; {@link #parse} accepts exactly these. */
    public static final String PATTERN = "^(system:serviceaccount:[^:\\s]+:[^:\\s]+|user:\\S.*|group:\\S.*)$";

    private static final Pattern FORM = Pattern.compile(PATTERN);

    /** The entry, or empty when it is none of the three forms (exactly the entries {@link #PATTERN} accepts). */
    public static Optional<PrincipalName> parse(String entry) {
        if (entry == null || !FORM.matcher(entry).matches()) return Optional.empty();
        if (entry.startsWith(SERVICE_ACCOUNT_PREFIX)) return Optional.of(new PrincipalName(Kind.SERVICE_ACCOUNT, entry));
        if (entry.startsWith(USER_PREFIX)) return Optional.of(new PrincipalName(Kind.USER, entry.substring(USER_PREFIX.length())));
        return Optional.of(new PrincipalName(Kind.GROUP, entry.substring(GROUP_PREFIX.length())));
    }

    /** Whether the authenticated user (its name and groups, as the API server sends them) is this principal. */
    public boolean matches(String username, List<String> groups) {
        return switch (kind) {
            case USER, SERVICE_ACCOUNT -> name.equals(username);
            case GROUP -> groups.contains(name);
        };
    }

    /** Whether the user is any principal of the list; entries that do not parse match nobody. */
    public static boolean anyMatches(List<String> entries, String username, List<String> groups) {
        for (String e : entries) {
            if (parse(e).map(p -> p.matches(username, groups)).orElse(false)) return true;
        }
        return false;
    }
}
