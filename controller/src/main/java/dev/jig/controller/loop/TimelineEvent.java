package dev.jig.controller.loop;

import java.time.Instant;

/** One entry of the decision timeline: what the controller (or the simulated world) did, when, to what. */
public record TimelineEvent(Instant at, Kind kind, String subject, String message) {

    public enum Kind {
        SCALED, BATCH, NODECLAIM_CREATED, LAUNCHED, LAUNCH_FAILED, NODE_REGISTERED, REGISTERED, INITIALIZED,
        POD_BOUND, NOMINATED, NOMINATION_FAILED, UNSCHEDULABLE, NODECLAIM_DELETED, TERMINATION_FAILED,
        NODECLAIM_DELETING, NODE_TAINTED, POD_EVICTED, EVICTION_BLOCKED, EVICTION_FAILED, POD_DELETED, INSTANCE_TERMINATING, DISRUPTION, INTERRUPTION, APPLIED, FAULT
    }
}
