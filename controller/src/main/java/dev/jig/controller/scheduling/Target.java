package dev.jig.controller.scheduling;

import dev.jig.api.karpenter.Taint;
import dev.jig.controller.requirements.NodeRequirements;

import java.util.List;

/** A place a pod can go during a scheduling run: an existing node, or a NodeClaim being planned. */
interface Target {

    /** The zones the target may end up in (one bit for a node). */
    long zones();

    /** The host id of the target in {@link Topology}'s hostname domains. */
    int hostId();

    List<Taint> taints();

    /** The domains of {@code key} the target may end up in: one bit for a node, {@link DomainKey#NONE} without the label. */
    long domains(DomainKey key);

    /** Whether a node of this target can satisfy {@code requirements} (a spread's node filter). */
    boolean satisfies(NodeRequirements requirements);
}
