package dev.jig.compiler.report;

import dev.jig.api.diag.Diagnostic;
import dev.jig.api.diag.Severity;
import java.util.List;
import java.util.Map;

/**
 * {@code file:line:col: error[JIG0204] message}, a hint line, and a one-line summary. When the
 * files' text is at hand, a finding about reading a file (JIG00xx: YAML) also shows its source line
 * with a caret under the column, since the parser's place is the whole point of those.
 */
public final class TextReport implements ReportFormat {

    private final Map<String, String> sources;

    public TextReport() {
        this(Map.of());
    }

    /** @param sources file text by path, as the findings show the path */
    public TextReport(Map<String, String> sources) {
        this.sources = sources;
    }

    @Override
    public ReportFormat withSources(Map<String, String> sources) {
        return new TextReport(sources);
    }

    @Override
    public String render(List<Diagnostic> findings, List<String> files) {
        StringBuilder out = new StringBuilder();
        for (Diagnostic d : findings) {
            String excerpt = d.rule().id().startsWith("JIG00") ? excerpt(sources.get(d.position().file()), d.position().line(), d.position().column()) : "";
            if (excerpt.isEmpty()) {
                out.append(d.lines());
            } else {
                out.append(d).append('\n').append(excerpt);
                if (d.hint() != null) out.append("  hint: ").append(d.hint()).append('\n');
            }
        }
        out.append(summary(findings, files.size())).append('\n');
        return out.toString();
    }

    /** {@code "   16 |   bad: [\n      |       ^\n"}, or nothing when the line is not known. */
    static String excerpt(String text, int line, int column) {
        if (text == null || line < 1) return "";
        String[] lines = text.split("\n", -1);
        if (line > lines.length) return "";
        String source = lines[line - 1].replace("\r", "").replace('\t', ' ');
        String number = Integer.toString(line);
        String gutter = " ".repeat(number.length());
        int caret = Math.max(1, Math.min(column, source.length() + 1));
        return "  " + number + " | " + source + "\n  " + gutter + " | " + " ".repeat(caret - 1) + "^\n";
    }

    public static String summary(List<Diagnostic> findings, int fileCount) {
        long errors = findings.stream().filter(d -> d.severity() == Severity.ERROR).count();
        long warnings = findings.stream().filter(d -> d.severity() == Severity.WARNING).count();
        return fileCount + " file" + (fileCount == 1 ? "" : "s") + " checked: "
                + errors + " error" + (errors == 1 ? "" : "s") + ", " + warnings + " warning" + (warnings == 1 ? "" : "s");
    }
}
