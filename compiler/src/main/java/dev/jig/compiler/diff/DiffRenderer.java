package dev.jig.compiler.diff;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jig.api.karpenter.Quantity;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import org.snakeyaml.engine.v2.api.Dump;
import org.snakeyaml.engine.v2.api.DumpSettings;
import org.snakeyaml.engine.v2.common.FlowStyle;

/**
 * Renders a {@link ManifestDiff.Result} for a terminal ({@link #text}) or for a pull-request comment
 * ({@link #markdown}). Both list a summary, the tenant limit totals that move, then every object in
 * identity order (kind, namespace, name) with its field changes in path order, so the same change
 * always renders the same bytes. Values are compact JSON, so {@code "800"} and {@code 800} stay
 * apart. Table cells escape {@code |}. An empty diff renders as {@value #NO_CHANGES}.
 */
public final class DiffRenderer {

    public static final String NO_CHANGES = "No changes to the compiled output.";

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Dump YAML = new Dump(DumpSettings.builder().setDefaultFlowStyle(FlowStyle.BLOCK).build());

    private DiffRenderer() {
    }

    /** Plain text: {@code +}/{@code -}/{@code ~} object lines, field changes as {@code path: before -> after}. */
    public static String text(ManifestDiff.Result result) {
        if (result.isEmpty()) return NO_CHANGES + "\n";
        StringBuilder out = new StringBuilder(summary(result)).append("\n");
        if (!result.limits().isEmpty()) {
            out.append("\nTenant limits:\n");
            List<List<String>> rows = new ArrayList<>();
            rows.add(List.of("tenant", "resource", "before", "after", "change"));
            result.limits().forEach(l -> rows.add(limitRow(l)));
            out.append(alignedTable(rows));
        }
        out.append("\n");
        for (Entry entry : entries(result)) {
            out.append(entry.marker).append(' ').append(entry.ref).append('\n');
            for (FieldChange field : entry.fields) {
                out.append("    ").append(field.path()).append(": ").append(FieldChange.display(field.before()))
                        .append(" -> ").append(FieldChange.display(field.after())).append('\n');
            }
        }
        return out.toString();
    }

    /**
     * GitHub-flavoured markdown: a summary line, a tenant limits table, then one collapsible
     * {@code <details>} per object: a field table for a changed object, a {@code diff} block of its
     * YAML for an added or removed one.
     */
    public static String markdown(ManifestDiff.Result result) {
        return markdown(result, Integer.MAX_VALUE);
    }

    /**
     * GitHub rejects comments over 65,536 characters; this is the budget {@link #markdown(ManifestDiff.Result, int)}
     * keeps to by default in the CLI.
     */
    public static final int PR_COMMENT_LIMIT = 60_000;

    /**
     * Like {@link #markdown(ManifestDiff.Result)}, but stops adding object sections before the text
     * would pass {@code maxChars}, and says how many objects it left out. The summary and the
     * tenant limits table always stay.
     */
    public static String markdown(ManifestDiff.Result result, int maxChars) {
        if (result.isEmpty()) return NO_CHANGES + "\n";
        StringBuilder out = new StringBuilder("**").append(summary(result)).append("**\n");
        if (!result.limits().isEmpty()) {
            out.append("\n**Tenant limits**\n\n")
                    .append("| Tenant | Resource | Before | After | Change |\n")
                    .append("| --- | --- | ---: | ---: | ---: |\n");
            for (TenantLimitChange limit : result.limits()) {
                out.append(tableRow(limitRow(limit)));
            }
        }
        List<Entry> entries = entries(result);
        for (int i = 0; i < entries.size(); i++) {
            Entry entry = entries.get(i);
            int before = out.length();
            out.append("\n<details>\n<summary>").append(entry.word).append(' ').append(html(entry.ref.kind()))
                    .append(" <code>").append(html(entry.ref.qualifiedName())).append("</code>");
            if (entry.content == null) {
                int n = entry.fields.size();
                out.append(" (").append(n).append(n == 1 ? " field" : " fields").append(')');
            }
            out.append("</summary>\n\n");
            if (entry.content != null) {
                out.append(diffBlock(entry.content, entry.marker));
            } else {
                out.append("| Field | Before | After |\n| --- | --- | --- |\n");
                for (FieldChange field : entry.fields) {
                    out.append(tableRow(List.of(code(field.path()), code(FieldChange.display(field.before())),
                            code(FieldChange.display(field.after())))));
                }
            }
            out.append("\n</details>\n");
            if (out.length() > maxChars) {
                out.setLength(before);
                int left = entries.size() - i;
                out.append("\n_").append(left).append(left == 1 ? " more object is" : " more objects are")
                        .append(" not shown to keep this comment within GitHub's size limit; run `jig diff` for all of them._\n");
                break;
            }
        }
        return out.toString();
    }

    private static String summary(ManifestDiff.Result result) {
        return result.added().size() + " added, " + result.removed().size() + " removed, "
                + result.changed().size() + " changed";
    }

    /** One object to show: added and removed ones carry their content, changed ones their fields. */
    private record Entry(ObjectRef ref, char marker, String word, JsonNode content, List<FieldChange> fields) {
    }

    private static List<Entry> entries(ManifestDiff.Result result) {
        TreeMap<ObjectRef, Entry> byRef = new TreeMap<>();
        result.added().forEach(o -> byRef.put(o.ref(), new Entry(o.ref(), '+', "added", o.content(), List.of())));
        result.removed().forEach(o -> byRef.put(o.ref(), new Entry(o.ref(), '-', "removed", o.content(), List.of())));
        result.changed().forEach(c -> byRef.put(c.object(), new Entry(c.object(), '~', "changed", null, c.fields())));
        return List.copyOf(byRef.values());
    }

    private static List<String> limitRow(TenantLimitChange limit) {
        String resource = limit.resource();
        return List.of(limit.tenant().isEmpty() ? "(no tenant label)" : limit.tenant(), resource,
                total(limit.before(), resource), total(limit.after(), resource),
                limit.delta().map(d -> (d.signum() > 0 ? "+" : "") + d.format(resource)).orElse(""));
    }

    private static String total(Optional<Quantity> total, String resource) {
        return total.map(q -> q.format(resource)).orElse("unlimited");
    }

    private static String alignedTable(List<List<String>> rows) {
        int[] widths = new int[rows.get(0).size()];
        for (List<String> row : rows) {
            for (int i = 0; i < row.size(); i++) widths[i] = Math.max(widths[i], cell(row.get(i)).length());
        }
        StringBuilder out = new StringBuilder();
        for (List<String> row : rows) {
            StringBuilder line = new StringBuilder("  ");
            for (int i = 0; i < row.size(); i++) {
                if (i > 0) line.append(" | ");
                line.append(cell(row.get(i))).append(" ".repeat(widths[i] - cell(row.get(i)).length()));
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
        return out.toString();
    }

    private static String tableRow(List<String> cells) {
        StringBuilder row = new StringBuilder("|");
        for (String c : cells) row.append(' ').append(cell(c)).append(" |");
        return row.append('\n').toString();
    }

    /** A table cell: pipes escaped (GitHub honours {@code \|} inside code spans too), one line. */
    private static String cell(String text) {
        return text.replace("|", "\\|").replace("\r", " ").replace("\n", " ");
    }

    /** A code span whose fence is longer than any backtick run inside. */
    private static String code(String text) {
        String fence = "`".repeat(longestRun(text, '`') + 1);
        String pad = text.startsWith("`") || text.endsWith("`") ? " " : "";
        return fence + pad + text + pad + fence;
    }

    private static String diffBlock(JsonNode content, char marker) {
        String yaml = YAML.dumpToString(JSON.convertValue(content, Object.class));
        String fence = "`".repeat(Math.max(3, longestRun(yaml, '`') + 1));
        StringBuilder block = new StringBuilder(fence).append("diff\n");
        for (String line : yaml.split("\n")) {
            block.append(marker).append(' ').append(line).append('\n');
        }
        return block.append(fence).append('\n').toString();
    }

    private static int longestRun(String text, char c) {
        int longest = 0;
        int run = 0;
        for (int i = 0; i < text.length(); i++) {
            run = text.charAt(i) == c ? run + 1 : 0;
            longest = Math.max(longest, run);
        }
        return longest;
    }

    private static String html(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
