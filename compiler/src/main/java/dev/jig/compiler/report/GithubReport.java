package dev.jig.compiler.report;

import dev.jig.api.diag.Diagnostic;
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
            out.append("::").append(level).append(" file=").append(property(d.position().file()));
            if (d.position().line() > 0) {
                out.append(",line=").append(d.position().line()).append(",col=").append(d.position().column());
            }
            out.append(",title=").append(property(d.rule().id() + " " + d.rule().title()));
            out.append("::").append(data(d.message() + (d.hint() == null ? "" : "\nhint: " + d.hint()))).append('\n');
        }
        return out.toString();
    }

    private static String data(String s) {
        return s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A");
    }

    private static String property(String s) {
        return data(s).replace(":", "%3A").replace(",", "%2C");
    }
}
