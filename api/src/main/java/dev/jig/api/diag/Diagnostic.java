package dev.jig.api.diag;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.source.Position;
import java.util.Comparator;
import java.util.List;

/**
 * One finding: a stable rule id, where, what and how to fix it. Rendered as
 * {@code path/to/file.yaml:12:7: error[JIG0123] message} followed by a hint line.
 *
 * @param related other places the finding is about, where a fix may as well be made (the tenant quotas
 *                whose sum is over the platform limit); formats that can point at several places do
 */
public record Diagnostic(Rule rule, Severity severity, Position position, String message, String hint, List<Position> related) {

    public Diagnostic {
        related = List.copyOf(related);
    }

    public Diagnostic(Rule rule, Severity severity, Position position, String message, String hint) {
        this(rule, severity, position, message, hint, List.of());
    }

    public Diagnostic withRelated(List<Position> places) {
        return new Diagnostic(rule, severity, position, message, hint, places);
    }

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

    /**
     * The lines a person reads, as {@code jig lint} prints them: {@link #toString()} and, when there is
     * a hint, an indented {@code hint:} line; every line ends with a newline.
     */
    public String lines() {
        return this + "\n" + (hint == null ? "" : "  hint: " + hint + "\n");
    }

    /**
     * The finding as structured data, as every JSON report of Jig writes it ({@code jig lint --format json},
     * {@code jig-controller simulate --format json}): rule, title, severity, file, line, column, message, hint.
     */
    public ObjectNode json() {
        ObjectNode f = JsonNodeFactory.instance.objectNode();
        f.put("rule", rule.id());
        f.put("title", rule.title());
        f.put("severity", severity.label());
        f.put("file", position.file());
        f.put("line", position.line());
        f.put("column", position.column());
        f.put("message", message);
        f.put("hint", hint);
        if (!related.isEmpty()) {
            var places = f.putArray("related");
            for (Position p : related) places.addObject().put("file", p.file()).put("line", p.line()).put("column", p.column());
        }
        return f;
    }

    @Override
    public String toString() {
        return position + ": " + severity.label() + "[" + rule.id() + "] " + message;
    }
}
