package dev.jig.compiler.report;

import dev.jig.api.diag.Diagnostic;
import dev.jig.api.source.Position;
import java.util.List;

/**
 * GitHub Actions workflow commands ({@code ::error file=…,line=…,col=…,title=…::message}), which
 * GitHub turns into annotations on the pull request's changed lines.
 */
public final class GithubReport implements ReportFormat {

    @Override
    public String render(List<Diagnostic> findings, List<String> files) {
        StringBuilder out = new StringBuilder();
        for (Diagnostic d : findings) {
            String level = switch (d.severity()) {
                case ERROR -> "error";
                case WARNING -> "warning";
                case NOTE -> "notice";
            };
            String text = d.message() + (d.hint() == null ? "" : "\nhint: " + d.hint());
            annotate(out, level, d.position(), d, text);
            // GitHub shows an annotation inline only on a line the pull request changed: the related
            // places (a tenant's quota) are where such a change most likely is.
            for (Position p : d.related()) annotate(out, level, p, d, text + "\n(reported at " + d.position() + ")");
        }
        return out.toString();
    }

    private static void annotate(StringBuilder out, String level, Position at, Diagnostic d, String text) {
        out.append("::").append(level).append(" file=").append(property(at.file()));
        if (at.line() > 0) out.append(",line=").append(at.line()).append(",col=").append(at.column());
        out.append(",title=").append(property(d.rule().id() + " " + d.rule().title()));
        out.append("::").append(data(text)).append('\n');
    }

    private static String data(String s) {
        return s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A");
    }

    private static String property(String s) {
        return data(s).replace(":", "%3A").replace(",", "%2C");
    }
}
