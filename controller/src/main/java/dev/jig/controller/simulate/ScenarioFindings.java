package dev.jig.controller.simulate;

import dev.jig.api.diag.Diagnostic;
import dev.jig.api.diag.NearestName;
import dev.jig.api.diag.Rule;
import dev.jig.api.source.Position;
import dev.jig.api.source.SourceMap;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/** The findings of one scenario read, each placed by the JSON Pointer of the value (or key) at fault. */
final class ScenarioFindings {

    private final String file;
    private final List<Diagnostic> all = new ArrayList<>();
    private SourceMap positions;

    ScenarioFindings(String file) {
        this.file = file;
    }

    /** Where the values of the document are; until it is known, findings sit at the file. */
    void positions(SourceMap positions) {
        this.positions = positions;
    }

    void addAll(List<Diagnostic> diagnostics) {
        all.addAll(diagnostics);
    }

    void add(Rule rule, String pointer, String message) {
        all.add(Diagnostic.of(rule, value(pointer), message));
    }

    void add(Rule rule, Position at, String message, String hint) {
        all.add(Diagnostic.of(rule, at, message, hint));
    }

    /** A name that points nowhere ({@link Rule#SCENARIO_REFERENCE}). */
    void reference(String pointer, String message) {
        add(Rule.SCENARIO_REFERENCE, pointer, message);
    }

    /** A name that points nowhere, at a given place (a map key names it). */
    void reference(Position at, String message) {
        all.add(Diagnostic.of(Rule.SCENARIO_REFERENCE, at, message));
    }

    Position value(String pointer) {
        return positions == null ? Position.ofFile(file) : positions.value(pointer);
    }

    Position key(String pointer) {
        return positions == null ? Position.ofFile(file) : positions.key(pointer);
    }

    int count() {
        return all.size();
    }

    boolean hasErrors() {
        return all.stream().anyMatch(Diagnostic::isError);
    }

    List<Diagnostic> list() {
        return List.copyOf(all);
    }

    /** A name like the one typed, worded as the schema findings word theirs: {@code " (did you mean 'x'?)"} or nothing. */
    static String near(String typed, Collection<String> names) {
        return NearestName.of(typed, names).map(n -> " (did you mean '" + n + "'?)").orElse("");
    }
}
