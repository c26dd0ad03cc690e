package dev.jig.compiler.check;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.api.diag.Diagnostic;
import dev.jig.api.diag.Rule;
import dev.jig.api.source.SourceMap;
import dev.jig.api.yaml.LoadedDocument;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * JIG0233: a memory amount written as a plain number is bytes, and below a mebibyte it is never
 * what was meant ({@code quota: {memory: 1200}}). Judged on the document as written, so the finding
 * lands on the quantity itself (quota, limits, size bounds, kubelet reservations), not on a pool
 * whose limit came out as zero; the checks those cause are dropped as consequences.
 */
public final class MemoryUnits {

    /** Fields that hold an amount of memory, wherever they appear in a policy. */
    private static final Set<String> MEMORY_FIELDS = Set.of("memory", "minMemory", "maxMemory");
    private static final BigDecimal MEBIBYTE = BigDecimal.valueOf(1L << 20);

    private MemoryUnits() {
    }

    public static List<Diagnostic> check(LoadedDocument doc) {
        List<Diagnostic> out = new ArrayList<>();
        walk(doc.root(), "", doc, out);
        return out;
    }

    private static void walk(JsonNode node, String pointer, LoadedDocument doc, List<Diagnostic> out) {
        if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) walk(node.get(i), pointer + "/" + i, doc, out);
            return;
        }
        if (!node.isObject()) return;
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String child = pointer + "/" + SourceMap.escape(e.getKey());
            BigDecimal bytes = MEMORY_FIELDS.contains(e.getKey()) ? plainNumber(e.getValue()) : null;
            if (bytes != null && bytes.signum() > 0 && bytes.compareTo(MEBIBYTE) < 0) {
                String written = bytes.stripTrailingZeros().toPlainString();
                out.add(Diagnostic.of(Rule.MEMORY_WITHOUT_UNIT, doc.positions().value(child),
                        dotted(child) + " is " + written + " bytes: a plain number of memory is bytes; did you mean " + written + "Gi?"));
            } else {
                walk(e.getValue(), child, doc, out);
            }
        }
    }

    /** The value when it is a number, or a string of digits: a quantity without a unit. */
    private static BigDecimal plainNumber(JsonNode v) {
        if (v.isNumber()) return v.decimalValue();
        if (v.isTextual() && v.asText().matches("[0-9]+(\\.[0-9]+)?")) return new BigDecimal(v.asText());
        return null;
    }

    private static String dotted(String pointer) {
        String p = pointer.startsWith("/spec/") ? pointer.substring("/spec/".length()) : pointer.substring(1);
        return p.replaceAll("/(\\d+)(?=/|$)", "[$1]").replace('/', '.').replace("~1", "/").replace("~0", "~");
    }
}
