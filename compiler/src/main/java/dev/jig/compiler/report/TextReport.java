package dev.jig.compiler.report;

import dev.jig.api.diag.Diagnostic;
import dev.jig.api.diag.Severity;
import java.util.List;

/** {@code file:line:col: error[JIG0204] message}, a hint line, and a one-line summary. */
public final class TextReport implements ReportFormat {

    @Override
    public String render(List<Diagnostic> findings, List<String> files) {
        StringBuilder out = new StringBuilder();
        for (Diagnostic d : findings) out.append(d.lines());
        out.append(summary(findings, files.size())).append('\n');
        return out.toString();
    }

    public static String summary(List<Diagnostic> findings, int fileCount) {
        long errors = findings.stream().filter(d -> d.severity() == Severity.ERROR).count();
        long warnings = findings.stream().filter(d -> d.severity() == Severity.WARNING).count();
        return fileCount + " file" + (fileCount == 1 ? "" : "s") + " checked: "
                + errors + " error" + (errors == 1 ? "" : "s") + ", " + warnings + " warning" + (warnings == 1 ? "" : "s");
    }
}
