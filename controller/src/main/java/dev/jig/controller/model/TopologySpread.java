package dev.jig.controller.model;

/**
 * A pod topology spread constraint, with the defaults of the Kubernetes API: node affinity is
 * honoured and node taints are ignored when counting domains.
 *
 * @param maxSkew         largest allowed difference between a domain's count and the minimum
 * @param topologyKey     the node label whose values are the domains (zone, hostname, ...)
 * @param hard            {@code DoNotSchedule} (true) or {@code ScheduleAnyway} (false, a preference)
 * @param selector        which pods count
 * @param minDomains      when fewer eligible domains exist, the minimum is taken as 0; 0 = unset
 * @param honorAffinity   {@code nodeAffinityPolicy: Honor}
 * @param honorTaints     {@code nodeTaintsPolicy: Honor}
 */
public record TopologySpread(int maxSkew, String topologyKey, boolean hard, LabelSelector selector,
                             int minDomains, boolean honorAffinity, boolean honorTaints) {

    public static TopologySpread of(int maxSkew, String topologyKey, LabelSelector selector) {
        return new TopologySpread(maxSkew, topologyKey, true, selector, 0, true, false);
    }
}
