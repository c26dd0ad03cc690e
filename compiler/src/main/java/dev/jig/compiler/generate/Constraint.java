package dev.jig.compiler.generate;

import dev.jig.compiler.karpenter.Requirement;
import dev.jig.compiler.source.Position;

/**
 * One requirement of a generated pool together with the policy field it comes from, so a pool that
 * matches nothing can be told which of its own (or the platform's) fields emptied the set.
 */
public record Constraint(Requirement requirement, String field, Position position) {
}
