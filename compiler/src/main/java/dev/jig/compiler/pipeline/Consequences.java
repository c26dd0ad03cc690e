package dev.jig.compiler.pipeline;

import dev.jig.api.diag.Diagnostic;
import dev.jig.api.diag.Rule;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Findings that only follow from another finding, dropped so the cause is what a reader sees:
 * <ul>
 *   <li>a file Jig could not read (YAML or schema errors) hides its tenant, so the Platform's
 *       references to that tenant (JIG0210) say nothing new;</li>
 *   <li>a reservation's unknown family is why no pool can use it (JIG0223);</li>
 *   <li>a tenant defined twice generates its pools twice (JIG0226) and counts its quota twice
 *       (JIG0207);</li>
 *   <li>a memory amount without a unit (JIG0233) makes the tenant's quota and pool limits near
 *       zero (JIG0211, JIG0214) and the platform's limit too small for the quotas (JIG0207).</li>
 * </ul>
 * {@link #ORDER} puts reading errors first: a file that does not parse comes before anything about the
 * repository as a whole.
 */
final class Consequences {

    private static final Map<Rule, Set<Rule>> IN_SAME_FILE = Map.of(
            Rule.TENANT_DUPLICATE, Set.of(Rule.POOL_NAME_COLLISION),
            Rule.UNKNOWN_FAMILY, Set.of(Rule.UNUSABLE_RESERVATION),
            Rule.MEMORY_WITHOUT_UNIT, Set.of(Rule.RESERVATION_OVER_QUOTA, Rule.LIMIT_BELOW_SMALLEST_INSTANCE, Rule.QUOTA_OVER_PLATFORM,
                    Rule.NO_INSTANCE_TYPES));
    private static final Map<Rule, Set<Rule>> ANYWHERE = Map.of(
            Rule.TENANT_DUPLICATE, Set.of(Rule.QUOTA_OVER_PLATFORM));

    /** Reading a file: YAML (JIG00xx) and schema (JIG01xx) findings. */
    static boolean isReading(Diagnostic d) {
        return d.rule().id().compareTo("JIG02") < 0;
    }

    /** The order findings are shown in: reading errors first, then by place, rule and message. */
    static final Comparator<Diagnostic> ORDER = Comparator.comparing((Diagnostic d) -> !isReading(d)).thenComparing(Diagnostic.ORDER);

    private Consequences() {
    }

    /**
     * @param unreadable true when some Platform or Tenant file could not be read, so the set of tenants is not known
     */
    static List<Diagnostic> prune(List<Diagnostic> findings, boolean unreadable) {
        Map<String, Set<Rule>> causesByFile = findings.stream().collect(Collectors.groupingBy(d -> d.position().file(),
                Collectors.mapping(Diagnostic::rule, Collectors.toSet())));
        Set<Rule> causes = findings.stream().map(Diagnostic::rule).collect(Collectors.toSet());
        List<Diagnostic> out = new ArrayList<>();
        for (Diagnostic d : findings) {
            if (unreadable && d.rule() == Rule.RESERVATION_UNKNOWN_TENANT) continue;
            if (follows(d, causesByFile.get(d.position().file()), IN_SAME_FILE) || follows(d, causes, ANYWHERE)) continue;
            out.add(d);
        }
        return out;
    }

    private static boolean follows(Diagnostic d, Set<Rule> present, Map<Rule, Set<Rule>> consequences) {
        for (Map.Entry<Rule, Set<Rule>> e : consequences.entrySet()) {
            if (e.getKey() != d.rule() && present.contains(e.getKey()) && e.getValue().contains(d.rule())) return true;
        }
        return false;
    }
}
