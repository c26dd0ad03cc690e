package dev.jig.aws.sdk;

import dev.jig.api.karpenter.model.SelectorTerm;
import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.services.ec2.model.Filter;

/**
 * The describe filters one selector term stands for, as Karpenter builds them: each tag is
 * {@code tag:KEY=VALUE} ({@code tag-key=KEY} when the value is {@code *}), an id is the resource's id
 * filter and a name its name filter. EC2 ANDs the filters of one call, as a term ANDs its fields;
 * callers make one call per term, since terms are ORed. A term with none of these fields gives no
 * filters, and callers skip it: an empty filter list would select every resource.
 */
public final class SelectorFilters {

    private SelectorFilters() {
    }

    /**
     * @param idFilter   {@code subnet-id}, {@code group-id} or {@code image-id}
     * @param nameFilter {@code group-name} or {@code name}; null where a name cannot select
     */
    public static List<Filter> of(SelectorTerm term, String idFilter, String nameFilter) {
        List<Filter> filters = new ArrayList<>();
        term.tags().forEach((k, v) -> filters.add(v.equals("*") ? SdkEc2.filter("tag-key", k) : SdkEc2.filter("tag:" + k, v)));
        if (term.id() != null) filters.add(SdkEc2.filter(idFilter, term.id()));
        if (term.name() != null && nameFilter != null) filters.add(SdkEc2.filter(nameFilter, term.name()));
        return filters;
    }
}
