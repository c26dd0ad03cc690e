package dev.jig.aws.instance;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the provider knows of the cluster's instances at one moment: the last DescribeInstances
 * answer, plus what this process did since that EC2 may not show yet. Immutable; each change gives a
 * new view. Pure.
 *
 * <p>EC2 is eventually consistent, so a describe may lag behind a call that just returned: an instance
 * CreateFleet just launched may be missing, and one TerminateInstances just hit may still show
 * {@code running}. For {@code window} after this process's own launch or termination, the view keeps
 * the local knowledge over a describe that contradicts it: a launch stays listed, and a termination
 * keeps its instance {@code shutting-down}, a state EC2 never leaves but for {@code terminated}.
 * Past the window, the describe wins.
 *
 * @param instances   by id, as last known; the terminated ones are dropped
 * @param launched    when this process launched each instance a describe has not shown yet
 * @param terminating when this process terminated each instance, for the window
 * @param readAt      when the describe this view is built on started; {@link Instant#MIN} before any
 */
public record InstanceView(Map<String, Ec2Instance> instances, Map<String, Instant> launched, Map<String, Instant> terminating, Instant readAt) {

    public static final String SHUTTING_DOWN = "shutting-down";
    public static final String TERMINATED = "terminated";

    public InstanceView {
        instances = Map.copyOf(instances);
        launched = Map.copyOf(launched);
        terminating = Map.copyOf(terminating);
    }

    /** A view that has read nothing yet. */
    public static InstanceView empty() {
        return new InstanceView(Map.of(), Map.of(), Map.of(), Instant.MIN);
    }

    /** Whether a describe was ever merged in. */
    public boolean read() {
        return !readAt.equals(Instant.MIN);
    }

    /** The instance {@code id} unless it is terminated or unknown. */
    public Optional<Ec2Instance> get(String id) {
        return Optional.ofNullable(instances.get(id));
    }

    /** Every instance that is not terminated. */
    public List<Ec2Instance> live() {
        return List.copyOf(instances.values());
    }

    /**
     * This view with {@code described} (a describe of every live instance of the cluster, started at
     * {@code startedAt}) merged in: described instances replace what was known, except the
     * terminations of the last {@code window}; an instance the describe does not show is gone, except
     * a launch of the last {@code window}.
     */
    public InstanceView refreshed(List<Ec2Instance> described, Instant startedAt, Instant now, Duration window) {
        Map<String, Ec2Instance> next = new HashMap<>();
        for (Ec2Instance i : described) {
            if (i.terminated()) continue;
            boolean justTerminated = within(terminating.get(i.id()), now, window) && !i.terminating();
            next.put(i.id(), justTerminated ? i.withState(SHUTTING_DOWN) : i);
        }
        Map<String, Instant> stillLaunching = new HashMap<>();
        launched.forEach((id, at) -> {
            if (next.containsKey(id) || !within(at, now, window)) return;
            Ec2Instance local = instances.get(id);
            if (local == null) return;
            next.put(id, local);
            stillLaunching.put(id, at);
        });
        return new InstanceView(next, stillLaunching, recent(terminating, now, window), startedAt);
    }

    /** This view with {@code instance}, just launched by this process at {@code now}. */
    public InstanceView withLaunched(Ec2Instance instance, Instant now) {
        Map<String, Ec2Instance> next = new HashMap<>(instances);
        next.put(instance.id(), instance);
        Map<String, Instant> l = new HashMap<>(launched);
        l.put(instance.id(), now);
        return new InstanceView(next, l, terminating, readAt);
    }

    /**
     * This view once TerminateInstances answered {@code state} for {@code id} at {@code now}: the
     * instance is {@code shutting-down} (or gone, when {@code terminated}).
     */
    public InstanceView withTerminating(String id, String state, Instant now) {
        Map<String, Ec2Instance> next = new HashMap<>(instances);
        Ec2Instance i = next.get(id);
        if (TERMINATED.equals(state)) next.remove(id);
        else if (i != null) next.put(id, i.withState(SHUTTING_DOWN));
        Map<String, Instant> t = new HashMap<>(terminating);
        t.put(id, now);
        Map<String, Instant> l = new HashMap<>(launched);
        l.remove(id);
        return new InstanceView(next, l, t, readAt);
    }

    /** This view without {@code id}: EC2 says it does not exist. */
    public InstanceView without(String id) {
        Map<String, Ec2Instance> next = new HashMap<>(instances);
        next.remove(id);
        Map<String, Instant> l = new HashMap<>(launched);
        l.remove(id);
        return new InstanceView(next, l, terminating, readAt);
    }

    private static boolean within(Instant at, Instant now, Duration window) {
        return at != null && at.plus(window).isAfter(now);
    }

    private static Map<String, Instant> recent(Map<String, Instant> at, Instant now, Duration window) {
        Map<String, Instant> out = new HashMap<>();
        at.forEach((id, t) -> {
            if (within(t, now, window)) out.put(id, t);
        });
        return out;
    }
}
