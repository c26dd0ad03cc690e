package dev.jig.controller.scheduling;

import dev.jig.controller.model.Pod;

import java.util.List;

/** A pod the scheduling run could not place, with each pool's reason (and existing nodes', if any). */
public record Unschedulable(Pod pod, List<Refusal> refusals) {

    public Unschedulable {
        refusals = List.copyOf(refusals);
    }

    /** One line: the pod and the pools' refusals, grouped by rule ({@link Refusal#summary}). */
    public String describe() {
        return pod.key() + " cannot be placed" + (refusals.isEmpty() ? "" : "; " + Refusal.summary(refusals));
    }
}
