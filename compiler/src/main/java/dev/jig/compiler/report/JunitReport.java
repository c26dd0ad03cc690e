package dev.jig.compiler.report;

import dev.jig.api.diag.Diagnostic;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * JUnit XML, one test case per policy file: a clean file passes, a file with findings fails with
 * one {@code <failure>} per finding. CI systems that show test reports show lint the same way.
 */
public final class JunitReport implements ReportFormat {

    @Override
    public String render(List<Diagnostic> findings, List<String> files) {
        TreeSet<String> all = new TreeSet<>(files);
        findings.forEach(d -> all.add(d.position().file()));
        Map<String, StringBuilder> failures = new LinkedHashMap<>();
        for (Diagnostic d : findings) {
            failures.computeIfAbsent(d.position().file(), k -> new StringBuilder())
                    .append("      <failure type=\"").append(xml(d.rule().id())).append("\" message=\"").append(xml(d.message())).append("\">")
                    .append(xml(d + (d.hint() == null ? "" : "\nhint: " + d.hint()))).append("</failure>\n");
        }
        long failed = all.stream().filter(failures::containsKey).count();
        StringBuilder out = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        out.append("<testsuites name=\"jig lint\" tests=\"").append(all.size()).append("\" failures=\"").append(failed).append("\">\n");
        out.append("  <testsuite name=\"jig lint\" tests=\"").append(all.size()).append("\" failures=\"").append(failed).append("\" errors=\"0\">\n");
        for (String file : all) {
            out.append("    <testcase classname=\"jig.lint\" name=\"").append(xml(file)).append('"');
            StringBuilder f = failures.get(file);
            if (f == null) {
                out.append("/>\n");
            } else {
                out.append(">\n").append(f).append("    </testcase>\n");
            }
        }
        out.append("  </testsuite>\n</testsuites>\n");
        return out.toString();
    }

    private static String xml(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                case '\n' -> b.append("&#10;");
                default -> {
                    if (c >= 0x20 || c == '\t') b.append(c);
                }
            }
        }
        return b.toString();
    }
}
