package dev.jig.aws.instanceprofile;

import dev.jig.aws.cache.ExpiringCache;
import dev.jig.aws.sdk.AwsErrors;
import dev.jig.controller.cloud.CloudOperationException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.iam.IamClient;
import software.amazon.awssdk.services.iam.model.EntityAlreadyExistsException;
import software.amazon.awssdk.services.iam.model.LimitExceededException;
import software.amazon.awssdk.services.iam.model.NoSuchEntityException;
import software.amazon.awssdk.services.iam.model.Role;
import software.amazon.awssdk.services.iam.model.Tag;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * {@link InstanceProfiles} through IAM, as Karpenter's instance profile provider does it: the profile
 * is named and tagged by {@link InstanceProfileName}, created when {@code GetInstanceProfile} does not
 * find it, and holds exactly the node class's role (an instance profile holds one role at most, so
 * another one is removed first). What exists is cached for {@link #PROFILE_TTL}; a profile and role IAM
 * refused are remembered for {@link #REFUSAL_TTL}, so that a reconcile loop does not ask IAM again and
 * again. Two replicas adding the role at once both end with the profile: the loser's
 * {@code LimitExceeded} leads to a second read, not a refusal.
 *
 * <p>Errors: IAM refusing (a role that does not exist, a missing permission, a quota) is an
 * {@link IllegalStateException} naming the profile, the role and IAM's code and message; throttling,
 * server errors and an unreachable IAM are a retryable {@code CloudOperationException}.
 */
public final class IamInstanceProfiles implements InstanceProfiles {

    /** How long a profile known to hold its role is not asked about again (Karpenter: 15 minutes). */
    public static final Duration PROFILE_TTL = Duration.ofMinutes(15);
    /** How long an IAM refusal for a role is repeated without asking IAM. */
    public static final Duration REFUSAL_TTL = Duration.ofMinutes(1);

    private static final Logger LOG = LoggerFactory.getLogger(IamInstanceProfiles.class);

    private final IamClient iam;
    private final String cluster;
    private final String region;
    private final ExpiringCache<String, String> roleOfProfile;
    private final ExpiringCache<String, String> refusals;

    public IamInstanceProfiles(IamClient iam, String cluster, String region, Clock clock) {
        this.iam = iam;
        this.cluster = cluster;
        this.region = region;
        this.roleOfProfile = new ExpiringCache<>(clock);
        this.refusals = new ExpiringCache<>(clock);
    }

    @Override
    public String ensure(String nodeClass, String role) {
        String profile = InstanceProfileName.of(cluster, region, nodeClass);
        String roleName = InstanceProfileName.roleName(role);
        if (roleOfProfile.get(profile).filter(roleName::equals).isPresent()) {
            return profile;
        }
        refusals.get(refusalKey(profile, roleName)).ifPresent(reason -> {
            throw new IllegalStateException(reason);
        });
        Call call = new Call(profile, roleName);
        List<String> roles = read(call).orElseGet(() -> create(call, nodeClass));
        if (!roles.equals(List.of(roleName))) {
            for (String other : roles) {
                call.run("RemoveRoleFromInstanceProfile", () -> iam.removeRoleFromInstanceProfile(r -> r.instanceProfileName(profile).roleName(other)));
                LOG.info("event=instance_profile_role_removed instanceProfile={} role={}", profile, other);
            }
            addRole(call, nodeClass);
        }
        roleOfProfile.put(profile, roleName, PROFILE_TTL);
        return profile;
    }

    /**
     * Adds the role. Another replica (or reconcile) may have added it between our read and this call:
     * IAM then answers {@code LimitExceeded} (the profile holds a role already) or
     * {@code EntityAlreadyExists}; the profile is read again and accepted when it holds exactly our role.
     */
    private void addRole(Call call, String nodeClass) {
        try {
            call.run("AddRoleToInstanceProfile", () -> iam.addRoleToInstanceProfile(r -> r.instanceProfileName(call.profile).roleName(call.role)),
                    e -> e instanceof LimitExceededException || e instanceof EntityAlreadyExistsException);
            LOG.info("event=instance_profile_role_added instanceProfile={} role={} nodeClass={}", call.profile, call.role, nodeClass);
        } catch (LimitExceededException | EntityAlreadyExistsException raced) {
            List<String> now = read(call).orElse(List.of());
            if (!now.equals(List.of(call.role))) {
                throw call.refused("AddRoleToInstanceProfile", raced);
            }
            LOG.info("event=instance_profile_role_added_meanwhile instanceProfile={} role={} nodeClass={}", call.profile, call.role, nodeClass);
        }
    }

    private static String refusalKey(String profile, String role) {
        return profile + "/" + role;
    }

    @Override
    public void delete(String nodeClass) {
        String profile = InstanceProfileName.of(cluster, region, nodeClass);
        roleOfProfile.remove(profile);
        Call call = new Call(profile, "");
        Optional<List<String>> roles = read(call);
        if (roles.isEmpty()) {
            return;
        }
        for (String role : roles.get()) {
            call.unlessGone("RemoveRoleFromInstanceProfile", () -> iam.removeRoleFromInstanceProfile(r -> r.instanceProfileName(profile).roleName(role)));
        }
        call.unlessGone("DeleteInstanceProfile", () -> iam.deleteInstanceProfile(r -> r.instanceProfileName(profile)));
        LOG.info("event=instance_profile_deleted instanceProfile={} nodeClass={}", profile, nodeClass);
    }

    /** The roles of {@code profile}, or empty when IAM has no such profile. */
    private Optional<List<String>> read(Call call) {
        try {
            return Optional.of(call.run("GetInstanceProfile", () -> iam.getInstanceProfile(r -> r.instanceProfileName(call.profile)),
                    NoSuchEntityException.class::isInstance).instanceProfile().roles().stream().map(Role::roleName).toList());
        } catch (NoSuchEntityException e) {
            return Optional.empty();
        }
    }

    private List<String> create(Call call, String nodeClass) {
        List<Tag> tags = InstanceProfileName.tags(cluster, region, nodeClass).entrySet().stream()
                .map(t -> Tag.builder().key(t.getKey()).value(t.getValue()).build()).toList();
        try {
            call.run("CreateInstanceProfile", () -> iam.createInstanceProfile(r -> r.instanceProfileName(call.profile).tags(tags)),
                    EntityAlreadyExistsException.class::isInstance);
            LOG.info("event=instance_profile_created instanceProfile={} nodeClass={}", call.profile, nodeClass);
            return List.of();
        } catch (EntityAlreadyExistsException raced) {
            return read(call).orElse(List.of());
        }
    }

    /** One IAM conversation about {@code profile} and {@code role}, mapping IAM's failures. */
    private final class Call {
        private final String profile;
        private final String role;

        Call(String profile, String role) {
            this.profile = profile;
            this.role = role;
        }

        /** Runs {@code action}, mapping every failure. */
        <T> T run(String action, Supplier<T> request) {
            return run(action, request, null);
        }

        /**
         * Runs {@code action}; a failure {@code answer} accepts (IAM saying "no such profile" to a read,
         * "already exists" to a create) reaches the caller as it is, to be read; every other is mapped:
         * a missing role or a refusal to an {@link IllegalStateException}, throttling, outages and a
         * profile IAM does not show yet (it is eventually consistent) to a retryable cloud error.
         */
        <T> T run(String action, Supplier<T> request, Predicate<SdkException> answer) {
            try {
                return request.get();
            } catch (SdkException e) {
                if (answer != null && answer.test(e)) {
                    throw e;
                }
                if (e instanceof NoSuchEntityException && !mentionsRole(e)) {
                    throw new CloudOperationException("IAM " + action + " (instance profile " + profile + ") failed: " + AwsErrors.describe(e)
                            + "; IAM may not show a new profile yet", true, e);
                }
                if (AwsErrors.isTransient(e)) {
                    throw AwsErrors.toCloud("IAM", action, "instance profile " + profile, e);
                }
                throw refused(action, e);
            }
        }

        /** Runs {@code action}, content when what it would remove is already gone. */
        void unlessGone(String action, Supplier<?> request) {
            try {
                run(action, request, NoSuchEntityException.class::isInstance);
            } catch (NoSuchEntityException gone) {
                // removed meanwhile: what was asked for
            }
        }

        private boolean mentionsRole(SdkException e) {
            String message = AwsErrors.describe(e);
            return !role.isEmpty() && message.contains("role") && message.contains(role);
        }

        private IllegalStateException refused(String action, SdkException e) {
            String reason = "IAM refused " + action + " for instance profile '" + profile + "'"
                    + (role.isEmpty() ? "" : " and role '" + role + "'") + ": " + AwsErrors.describe(e);
            if (!role.isEmpty()) {
                refusals.put(refusalKey(profile, role), reason, REFUSAL_TTL);
            }
            LOG.warn("event=instance_profile_refused instanceProfile={} role={} action={} error={}", profile, role, action, AwsErrors.code(e));
            return new IllegalStateException(reason);
        }
    }
}
