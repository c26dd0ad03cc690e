package dev.jig.api.tenancy;

import dev.jig.api.karpenter.WellKnownLabels;
import java.util.Objects;
import java.util.Optional;

/**
 * The one "last good tenancy" rule, shared by the admission webhook and the controller: what the
 * {@code jig-tenancy} ConfigMap has said so far, and which {@link Tenancy} is in force because of it.
 * Immutable: each observation returns the next state, so a reader holding one value sees one
 * consistent answer, and the rule is a pure function that tests can drive without a cluster.
 *
 * <p>The rule fails closed. Once a ConfigMap has parsed, its tenancy stays in force until a newer one
 * parses: a ConfigMap that is deleted, loses its {@link Tenancy#DATA_KEY} entry or stops parsing (a
 * bad hand edit, a truncated write, a namespace deleted by mistake) must neither lift every quota and
 * isolation rule nor close the cluster. The state is then {@linkplain #stale() stale}, and
 * {@link #problem()} says why, until a good ConfigMap returns.
 *
 * <p>Before any ConfigMap has parsed there is no tenancy in force ({@link #tenancy()} is empty) and
 * {@link #problem()} says why. Each program decides what that means for it, and both stay closed, but for a cluster
 * that has no tenancy at all ({@link #absent()}: the ConfigMap was read and does not exist):
 * <ul>
 *   <li>the webhook is not ready, and every rule that needs the tenancy refuses; with no tenancy at all it judges
 *       by {@link Tenancy#none()}, a cluster without tenants;</li>
 *   <li>the controller launches no NodeClaim for a NodePool whose node template carries the tenancy
 *       label ({@link WellKnownLabels#JIG_TENANT}), since that pool's tenant quota is unknown. Pools
 *       without the label are provisioned as plain Karpenter would, so a cluster that runs the
 *       controller without Jig's tenancy keeps working.</li>
 * </ul>
 */
public final class LastGoodTenancy {

    private static final String CONFIG_MAP = "ConfigMap " + Tenancy.CONFIG_MAP_NAMESPACE + "/" + Tenancy.CONFIG_MAP_NAME;

    private final Tenancy inForce;
    private final String problem;
    private final String content;
    /** No tenancy has ever parsed and the last observation was that the ConfigMap does not exist. */
    private final boolean absent;

    private LastGoodTenancy(Tenancy inForce, String problem, String content) {
        this(inForce, problem, content, false);
    }

    private LastGoodTenancy(Tenancy inForce, String problem, String content, boolean absent) {
        this.inForce = inForce;
        this.problem = problem;
        this.content = content;
        this.absent = absent;
    }

    /** Nothing observed yet: no tenancy in force. */
    public static LastGoodTenancy initial() {
        return new LastGoodTenancy(null, CONFIG_MAP + " has not been read yet", null);
    }

    /**
     * The ConfigMap exists and holds {@code tenancyJson} under {@link Tenancy#DATA_KEY} ({@code null}
     * when it has no such entry). A document that parses is in force from now on; one that does not
     * leaves the tenancy in force unchanged and becomes the {@link #problem()}. The same content seen
     * again is not parsed again.
     */
    public LastGoodTenancy seen(String tenancyJson) {
        if (tenancyJson == null) return problem(CONFIG_MAP + " has no data key " + Tenancy.DATA_KEY, null);
        if (tenancyJson.equals(content)) return this;
        try {
            return new LastGoodTenancy(Tenancy.parse(tenancyJson), null, tenancyJson);
        } catch (IllegalArgumentException e) {
            return problem(CONFIG_MAP + " is malformed: " + e.getMessage(), tenancyJson);
        }
    }

    /** The ConfigMap does not exist (deleted, or never created): the tenancy in force stays. */
    public LastGoodTenancy missing() {
        return new LastGoodTenancy(inForce, CONFIG_MAP + " does not exist", null, inForce == null);
    }

    /**
     * Whether the cluster has no tenancy at all: none has ever parsed, and the ConfigMap is known not to exist (read,
     * and absent), as on a cluster where Jig was just installed and Argo CD has not delivered a tenancy yet. Not while
     * the ConfigMap has not been read, nor when it exists but never parsed: those stay closed. The webhook then judges
     * by {@link Tenancy#none()}, so that system pods (cert-manager's, Argo CD's) are not locked out.
     */
    public boolean absent() {
        return absent;
    }

    private LastGoodTenancy problem(String why, String content) {
        return new LastGoodTenancy(inForce, why, content);
    }

    /** The tenancy in force: the last one that parsed, or empty while none has. */
    public Optional<Tenancy> tenancy() {
        return Optional.ofNullable(inForce);
    }

    /** Whether a tenancy is in force although the ConfigMap no longer says so (see {@link #problem()}). */
    public boolean stale() {
        return inForce != null && problem != null;
    }

    /**
     * Why the ConfigMap does not say the tenancy in force ({@code does not exist}, {@code has no data
     * key}, {@code is malformed: ...}, {@code has not been read yet}); empty when its current content
     * is the tenancy in force.
     */
    public Optional<String> problem() {
        return Optional.ofNullable(problem);
    }

    /** Whether {@code other} has the same tenancy in force for the same reason: nothing worth logging changed. */
    public boolean sameAs(LastGoodTenancy other) {
        return inForce == other.inForce && Objects.equals(problem, other.problem);
    }

    @Override
    public String toString() {
        return inForce == null ? "no tenancy (" + problem + ")"
                : "tenancy of " + inForce.tenants().size() + " tenants" + (problem == null ? "" : ", stale (" + problem + ")");
    }
}
