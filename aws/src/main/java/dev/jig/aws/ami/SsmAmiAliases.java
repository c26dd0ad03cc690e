package dev.jig.aws.ami;

import dev.jig.aws.cache.ExpiringCache;
import dev.jig.aws.sdk.AwsErrors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.ssm.SsmClient;
import software.amazon.awssdk.services.ssm.model.ParameterNotFoundException;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@link AmiAliases} through SSM's {@code GetParameter} on the public EKS and Bottlerocket AMI
 * parameters ({@link AmiParameters}). As in Karpenter, a parameter SSM does not have is skipped (a
 * family does not publish every variant on every architecture), and the alias fails only when none
 * is found. Values are cached: a pinned release for a day (it never changes), {@code latest} for
 * {@link #DEFAULT_LATEST_TTL} so that a new or deprecated AMI is seen within that time, and a missing
 * parameter for {@link #MISSING_TTL} so that a wrong version does not ask SSM on every reconcile.
 */
public final class SsmAmiAliases implements AmiAliases {

    /** How long a {@code latest} parameter is trusted (Karpenter re-checks within 30 minutes). */
    public static final Duration DEFAULT_LATEST_TTL = Duration.ofMinutes(30);
    /** How long a pinned release's parameter is trusted. */
    public static final Duration PINNED_TTL = Duration.ofHours(24);
    /** How long SSM's "no such parameter" is believed. */
    public static final Duration MISSING_TTL = Duration.ofMinutes(5);

    private static final Logger LOG = LoggerFactory.getLogger(SsmAmiAliases.class);

    private final SsmClient ssm;
    private final Duration latestTtl;
    private final ExpiringCache<String, Optional<String>> values;

    public SsmAmiAliases(SsmClient ssm, Clock clock) {
        this(ssm, clock, DEFAULT_LATEST_TTL);
    }

    public SsmAmiAliases(SsmClient ssm, Clock clock, Duration latestTtl) {
        this.ssm = ssm;
        this.latestTtl = latestTtl;
        this.values = new ExpiringCache<>(clock);
    }

    @Override
    public List<AliasAmi> resolve(String alias, String kubernetesVersion) {
        AmiAlias parsed = AmiAlias.parse(alias);
        List<AmiParameters.Parameter> parameters = AmiParameters.of(parsed, kubernetesVersion);
        List<AliasAmi> amis = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (AmiParameters.Parameter parameter : parameters) {
            Optional<String> imageId = value(parameter.name(), parsed.latest() ? latestTtl : PINNED_TTL);
            if (imageId.isPresent() && seen.add(imageId.get())) {
                amis.add(new AliasAmi(imageId.get(), parameter.architecture(), parameter.variant(), parameter.name()));
            }
        }
        if (amis.isEmpty()) {
            throw new IllegalArgumentException("AMI alias '" + alias + "' for Kubernetes " + kubernetesVersion
                    + ": SSM has none of its parameters: " + parameters.stream().map(AmiParameters.Parameter::name)
                    .collect(Collectors.joining(", ")) + " (is the version a real release of that family?)");
        }
        return List.copyOf(amis);
    }

    private Optional<String> value(String name, Duration ttl) {
        Optional<Optional<String>> cached = values.get(name);
        if (cached.isPresent()) {
            return cached.get();
        }
        Optional<String> value;
        try {
            String read = ssm.getParameter(r -> r.name(name)).parameter().value();
            if (read == null || !read.startsWith("ami-")) {
                LOG.warn("event=ssm_parameter_not_ami parameter={} value={}", name, read);
                value = Optional.empty();
            } else {
                value = Optional.of(read);
            }
        } catch (ParameterNotFoundException e) {
            values.put(name, Optional.empty(), MISSING_TTL);
            return Optional.empty();
        } catch (SdkException e) {
            throw AwsErrors.toCloud("SSM", "GetParameter", name, e);
        }
        values.put(name, value, value.isPresent() ? ttl : MISSING_TTL);
        value.ifPresent(v -> LOG.info("event=ssm_parameter_resolved parameter={} value={}", name, v));
        return value;
    }
}
