package dev.jig.plan.engine;

/**
 * Something that makes a plan doubtful, said before its figures: an {@code error} (nothing to place,
 * nothing placed) fails the plan whatever {@code --fail-on} says; a {@code warning} (prices from another
 * region) does not.
 */
public record PlanFinding(Severity severity, String message) {

    public enum Severity {
        ERROR, WARNING;

        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    public static PlanFinding error(String message) {
        return new PlanFinding(Severity.ERROR, message);
    }

    public static PlanFinding warning(String message) {
        return new PlanFinding(Severity.WARNING, message);
    }
}
