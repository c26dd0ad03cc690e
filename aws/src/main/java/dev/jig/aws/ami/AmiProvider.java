package dev.jig.aws.ami;

import dev.jig.api.karpenter.model.SelectorTerm;
import dev.jig.aws.cache.ExpiringCache;
import dev.jig.aws.sdk.Ec2;
import dev.jig.aws.sdk.SelectorFilters;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The AMIs {@code amiSelectorTerms} select, newest first, one per architecture and variant (the
 * newest, as Karpenter picks it when several match; an alias gives standard, nvidia and neuron ones): an {@code alias} term through {@link AmiAliases} for the
 * cluster's Kubernetes version, the other terms through DescribeImages by tags, id, name and owner
 * (owners {@code self} and {@code amazon} when a name is given without one, as Karpenter does).
 * A term without tags, id or name selects nothing (never every image); {@code ssmParameter} terms are
 * refused by name. Cached for a minute.
 *
 * @throws IllegalArgumentException from {@link #resolve} when an alias cannot be resolved
 */
public final class AmiProvider {

    private final Ec2 ec2;
    private final AmiAliases aliases;
    private final Supplier<String> kubernetesVersion;
    private static final Duration TTL = Duration.ofMinutes(1);
    private final ExpiringCache<List<SelectorTerm>, List<Ami>> cache;

    public AmiProvider(Ec2 ec2, AmiAliases aliases, Supplier<String> kubernetesVersion, Clock clock) {
        this.ec2 = ec2;
        this.aliases = aliases;
        this.kubernetesVersion = kubernetesVersion;
        this.cache = new ExpiringCache<>(clock);
    }

    public List<Ami> resolve(List<SelectorTerm> terms) {
        return cache.get(terms, TTL, this::describe);
    }

    private List<Ami> describe(List<SelectorTerm> terms) {
        List<Ami> found = new ArrayList<>();
        for (SelectorTerm term : terms) {
            if (term.alias() != null) {
                for (AmiAliases.AliasAmi a : aliases.resolve(term.alias(), kubernetesVersion.get())) {
                    found.add(new Ami(a.imageId(), "", Ami.kubernetesArchitecture(a.architecture()), "", a.variant()));
                }
                continue;
            }
            if (term.ssmParameter() != null) {
                throw new IllegalArgumentException("ssmParameter " + term.ssmParameter() + ": AMI selection through an SSM parameter is not supported yet");
            }
            var filters = SelectorFilters.of(term, "image-id", "name");
            if (filters.isEmpty()) continue;
            List<String> owners = term.owner() != null ? List.of(term.owner())
                    : term.name() != null && term.id() == null ? List.of("self", "amazon") : List.of();
            for (var image : ec2.describeImages(filters, owners)) {
                found.add(new Ami(image.imageId(), image.name() == null ? "" : image.name(),
                        Ami.kubernetesArchitecture(image.architectureAsString()), image.creationDate() == null ? "" : image.creationDate(),
                        AmiVariant.ANY));
            }
        }
        found.sort(Comparator.comparing(Ami::creationDate).reversed().thenComparing(Ami::id));
        Map<String, Ami> newestPerArchitectureAndVariant = new LinkedHashMap<>();
        for (Ami ami : found) newestPerArchitectureAndVariant.putIfAbsent(ami.architecture() + "/" + ami.variant(), ami);
        return List.copyOf(newestPerArchitectureAndVariant.values());
    }
}
