package dev.jig.compiler.generate;

import dev.jig.api.karpenter.Requirement;
import dev.jig.api.source.Position;
import dev.jig.compiler.policy.Origin;

/**
 * One requirement of a generated pool together with the policy field it comes from, so a pool that
 * matches nothing can be told which of its own (or the platform's) fields emptied the set. The
 * place is resolved only when a finding needs it.
 *
 * @param field    the field as a user would name it, e.g. {@code families} or {@code platform allowed.families}
 * @param origin   the policy element the field belongs to
 * @param relative the field's pointer below {@code origin}; empty for the element itself
 */
public record Constraint(Requirement requirement, String field, Origin origin, String relative) {

    public Position position() {
        return relative.isEmpty() ? origin.position() : origin.at(relative);
    }
}
