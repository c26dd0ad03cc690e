package dev.jig.compiler.report;

import dev.jig.api.diag.Diagnostic;
import java.util.List;

/**
 * A way to print lint findings for a reader: a person ({@code text}), a program ({@code json}), a
 * GitHub Actions run ({@code github} annotations), code scanning ({@code sarif}) or a CI test
 * report ({@code junit}). Paths in the findings are already as the user should see them.
 */
public interface ReportFormat {

    /** @param files every file that was checked, so clean files can be reported as passing */
    String render(List<Diagnostic> findings, List<String> files);

    /** This format with the checked files' text at hand (path as shown → text), for formats that quote source lines. */
    default ReportFormat withSources(java.util.Map<String, String> sources) {
        return this;
    }

    static ReportFormat named(String name) {
        return switch (name) {
            case "text" -> new TextReport();
            case "json" -> new JsonReport();
            case "github" -> new GithubReport();
            case "sarif" -> new SarifReport();
            case "junit" -> new JunitReport();
            default -> throw new IllegalArgumentException("unknown format '" + name + "' (text, json, github, sarif, junit)");
        };
    }
}
