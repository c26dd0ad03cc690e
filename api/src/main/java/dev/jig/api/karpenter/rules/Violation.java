package dev.jig.api.karpenter.rules;

import dev.jig.api.diag.Rule;

/**
 * One reason the API server would reject a Karpenter object.
 *
 * @param rule {@link Rule#KARPENTER_SCHEMA} (type, required, enum, range, size, unknown field),
 *     {@link Rule#KARPENTER_PATTERN} (a schema {@code pattern}) or {@link Rule#KARPENTER_CEL}
 *     (an {@code x-kubernetes-validations} rule)
 * @param pointer JSON Pointer (RFC 6901) to the offending value, e.g.
 *     {@code /spec/template/spec/requirements/0/key}; {@code ""} is the whole object
 * @param message the CRD's own CEL message where there is one, otherwise a precise description
 *     such as {@code must match ^(...)$} or {@code must be <= 100}
 */
public record Violation(Rule rule, String pointer, String message) {

    @Override
    public String toString() {
        return rule.id() + " " + (pointer.isEmpty() ? "/" : pointer) + ": " + message;
    }
}
