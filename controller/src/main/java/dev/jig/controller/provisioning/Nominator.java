package dev.jig.controller.provisioning;

import dev.jig.controller.lifecycle.ApiWriters;
import dev.jig.controller.loop.Timeline;
import dev.jig.controller.loop.TimelineEvent;
import dev.jig.controller.model.Pod;
import dev.jig.controller.state.Cluster;
import dev.jig.controller.state.ClusterSnapshot;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * Writes what {@link Nominations} decides: each pending pod whose nomination differs from the wanted one is nominated,
 * moved or cleared through {@link Cluster#nominate}, and the timeline gets one line per node (and one for the
 * clearings). That is one PATCH per new, moved or cleared nomination, none for a nomination that stands.
 *
 * <p><b>Ownership.</b> Jig knows its nominations by what it wrote and still stands behind: an in-memory record of pod
 * uid → node. A pod whose {@code status.nominatedNodeName} is not in the record is someone else's (preemption's):
 * {@link #withForeignIgnored} makes it not pending for the provisioner, as Karpenter ignores every nominated pod, and
 * it is never touched. After a restart the record is empty, so Jig's earlier nominations count as foreign until the
 * kube-scheduler binds the pod or clears the nomination on a failed attempt (it does so on its next attempt): then the
 * pod is pending again and Jig plans and nominates it anew. A pod the kube-scheduler cleared while Jig still plans it
 * there is nominated again on the next reconcile.
 *
 * <p><b>Failures.</b> A pod gone or bound meanwhile is skipped quietly (not recorded, not logged). A PATCH that fails
 * (403 without the RBAC, a webhook's 500, 429, a 422 refusal) is logged, counted
 * ({@link #failures}) and recorded as a {@code NOMINATION_FAILED} timeline event (in {@code run}, the counter
 * {@code jig_decisions_total{kind="nomination_failed"}}), and the pod is left for the next reconcile; it never stops
 * the provisioner's tick.
 */
final class Nominator {
    // Threads: used only by the Provisioner, under its lock; not thread-safe on its own.

    private static final Logger LOG = LoggerFactory.getLogger(Nominator.class);

    private final Cluster cluster;
    private final Timeline log;
    private final boolean enabled;
    /** Where the PATCHes run: inline in {@code simulate}, writers of their own in {@code run}. */
    private final ApiWriters writers;
    /** Pod uid → the node Jig nominated it to and still stands behind. */
    private final Map<String, String> written = new HashMap<>();
    private long failures;

    /** Writing on the caller's thread. */
    Nominator(Cluster cluster, Timeline log, boolean enabled) {
        this(cluster, log, enabled, ApiWriters.inline());
    }

    Nominator(Cluster cluster, Timeline log, boolean enabled, ApiWriters writers) {
        this.writers = writers;
        this.cluster = cluster;
        this.log = log;
        this.enabled = enabled;
    }

    /** The node Jig nominated the pod to and stands behind, or null (the nomination may have been cleared since). */
    String own(Pod p) {
        return written.get(p.uid());
    }

    /** The nodes Jig's nominations stand on. */
    Set<String> standing() {
        return new HashSet<>(written.values());
    }

    /** How many nomination writes have failed since start. */
    long failures() {
        return failures;
    }

    /** The snapshot with every pending pod nominated by someone else (not in the record) marked as not for Jig. */
    ClusterSnapshot withForeignIgnored(ClusterSnapshot s) {
        boolean any = false;
        for (Pod p : s.pods()) any |= foreign(p);
        if (!any) return s;
        List<Pod> pods = new ArrayList<>(s.pods().size());
        for (Pod p : s.pods()) pods.add(foreign(p) ? p.with().ignored("it is nominated to a node by preemption").build() : p);
        return new ClusterSnapshot(pods, s.nodes(), s.nodeClaims(), s.nodePools(), s.nodeClasses(), s.daemonSets(), s.tenancy(), s.pdbs());
    }

    private boolean foreign(Pod p) {
        return ClusterSnapshot.provisionable(p) && p.nominatedNodeName() != null && !p.nominatedNodeName().equals(written.get(p.uid()));
    }

    /**
     * Brings the pending pods of {@code s} (foreign nominations already ignored) in line with the plan
     * ({@code planned}: pod key → node or NodeClaim, or "" when the provisioner found no place for it); returns the
     * misfits. A pod the plan has no entry for keeps the node Jig nominated it to; an unschedulable one has its
     * nomination cleared.
     */
    Set<String> sync(ClusterSnapshot s, Map<String, String> planned, Instant now) {
        Nominations wanted = Nominations.of(s, p -> {
            String t = planned.get(p.key());
            if (t == null) return written.get(p.uid());
            return t.isEmpty() ? null : t;
        });
        Set<String> pending = new HashSet<>();
        Map<String, List<String>> byNode = new TreeMap<>();
        List<Write> toWrite = new ArrayList<>();
        for (Pod p : s.pendingPods()) {
            pending.add(p.uid());
            String want = enabled ? wanted.nodes().get(p.key()) : null;
            String have = p.nominatedNodeName();
            if (Objects.equals(want, have)) {
                if (want == null) written.remove(p.uid());
                continue;
            }
            toWrite.add(new Write(p, want));
        }
        // the PATCHes at once (in run, on writers of their own), the bookkeeping in the pods' order
        List<ApiWriters.Outcome<Cluster.Nomination>> outcomes = writers.each(toWrite, w -> cluster.nominate(w.pod(), w.want()));
        for (int i = 0; i < toWrite.size(); i++) {
            Pod p = toWrite.get(i).pod();
            String want = toWrite.get(i).want();
            ApiWriters.Outcome<Cluster.Nomination> outcome = outcomes.get(i);
            if (outcome.failure() != null) {
                failures++;
                String what = want == null ? "clearing the nomination of " + p.key() : "nominating " + p.key() + " to " + want;
                LOG.warn("{} failed: {}", what, outcome.failure().toString());
                log.record(new TimelineEvent(now, TimelineEvent.Kind.NOMINATION_FAILED, p.key(), what + " failed: " + outcome.failure().getMessage()));
                continue;
            }
            Cluster.Nomination done = outcome.value();
            if (done == Cluster.Nomination.SKIPPED) continue;
            // A nomination written again because the watch has not shown the last write yet is not news for the timeline.
            boolean again = want != null && want.equals(written.get(p.uid()));
            if (want == null) written.remove(p.uid());
            else written.put(p.uid(), want);
            if (done == Cluster.Nomination.WRITTEN && !again) byNode.computeIfAbsent(want == null ? "" : want, n -> new ArrayList<>()).add(p.name());
        }
        written.keySet().retainAll(pending);
        byNode.forEach((node, pods) -> log.record(new TimelineEvent(now, TimelineEvent.Kind.NOMINATED, node.isEmpty() ? null : node,
                (node.isEmpty() ? "nomination cleared for " : "nominated ") + pods.size() + (pods.size() == 1 ? " pod: " : " pods: ")
                        + String.join(", ", pods.size() <= 6 ? pods : pods.subList(0, 6)) + (pods.size() > 6 ? ", ..." : ""))));
        return wanted.misfits();
    }

    /** A nomination to write: {@code want} is the node, or null to clear it. */
    private record Write(Pod pod, String want) {
    }
}
