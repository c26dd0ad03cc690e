package dev.jig.controller.scheduling;

import dev.jig.controller.model.Pod;

import java.util.List;

/** A pod the scheduling run could not place, with each pool's reason (and existing nodes', if any). */
public record Unschedulable(Pod pod, List<Refusal> refusals) {

    public Unschedulable {
        refusals = List.copyOf(refusals);
    }

    /** One line: the pod and every pool's refusal. */
    public String describe() {
        StringBuilder s = new StringBuilder(pod.key()).append(" cannot be placed");
        for (Refusal r : refusals) s.append("; ").append(r);
        return s.toString();
    }
}
