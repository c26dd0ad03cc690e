package dev.jig.api.diag;

import dev.jig.api.source.Position;
import java.util.Comparator;

/**
 * One finding: a stable rule id, where, what and how to fix it. Rendered as
 * {@code path/to/file.yaml:12:7: error[JIG0123] message} followed by a hint line.
 */
public record Diagnostic(Rule rule, Severity severity, Position position, String message, String hint) {

    public static final Comparator<Diagnostic> ORDER = Comparator
            .comparing(Diagnostic::position)
            .thenComparing(d -> d.rule().id())
            .thenComparing(Diagnostic::message);

    public static Diagnostic of(Rule rule, Position position, String message) {
        return new Diagnostic(rule, rule.severity(), position, message, rule.hint());
    }

    public static Diagnostic of(Rule rule, Position position, String message, String hint) {
        return new Diagnostic(rule, rule.severity(), position, message, hint);
    }

    public boolean isError() {
        return severity == Severity.ERROR;
    }

    @Override
    public String toString() {
        return position + ": " + severity.label() + "[" + rule.id() + "] " + message;
    }
}
