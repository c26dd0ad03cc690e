package dev.jig.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

class PlanHtmlTest {

    static final String XSS = "<img src=x onerror=alert(1)>\"'&";

    /** The example with a tenant, a pool, a pod and a diff entry renamed to markup. */
    static JsonNode hostile() {
        ObjectNode plan = Fixtures.plan().deepCopy();
        ((ObjectNode) plan.path("tenants").get(0)).put("name", XSS);
        ((ObjectNode) plan.path("pools").get(0)).put("name", "</svg><script>alert(2)</script>");
        ((ObjectNode) plan.path("changes").path("moved").get(0)).put("pod", "ns/<iframe src=javascript:alert(3)>");
        ((ObjectNode) plan.path("diff").path("changed").get(0)).put("name", "<style>body{display:none}</style>");
        ((ObjectNode) plan.path("source")).put("directory", "<base href=http://evil/>");
        return plan;
    }

    @Test
    void rendersOneSelfContainedPageWithEveryPart() {
        String html = PlanHtml.render(Fixtures.plan());
        assertThat(html).startsWith("<!DOCTYPE html>").contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none';")
                .contains("Jig plan: origin/main (3ec3f26) → WORKTREE", "Gate failed (--fail-on unschedulable):",
                        "1 pod becomes unschedulable on head (analytics-spark/spark-driver-xl-0)")
                .contains("Nodes per tenant", "$/h per tenant", "Nodes per pool", "$/h per pool", "Instance-type mix (nodes)")
                .contains("analytics-spark/spark-exec-m-0", "analytics-highmem", "JIG0603", "legacy-batch", "(no tenant)")
                .contains("spec.limits.cpu", "6000Gi", "$3.2651 (est.)", "+$0.6010 +18.4%")
                .doesNotContain("<script", "src=", "href=", "<link", "@import", "url(");
        assertThat(count(html, "<svg ")).isEqualTo(5);
    }

    @Test
    void escapesEveryUserControlledName() {
        String html = PlanHtml.render(hostile());
        assertThat(html).doesNotContain("<img", "<script", "<iframe", "<style>body", "<base ")
                .contains("&lt;img src=x onerror=alert(1)&gt;&quot;&#39;&amp;", "&lt;/svg&gt;&lt;script&gt;alert(2)&lt;/script&gt;",
                        "ns/&lt;iframe src=javascript:alert(3)&gt;");
        // the one style element is the page's own, and every chart is still well-formed XML
        assertThat(count(html, "<style>")).isEqualTo(1);
        Matcher svgs = Pattern.compile("<svg .*?</svg>", Pattern.DOTALL).matcher(html);
        int n = 0;
        while (svgs.find()) {
            new dev.jig.report.chart.SvgDocument(svgs.group());
            n++;
        }
        assertThat(n).isEqualTo(5);
    }

    @Test
    void chartsShowTheTwentyCostliestPoolsAndSayHowManyThereAre() {
        ObjectNode plan = Fixtures.plan().deepCopy();
        ArrayNode pools = (ArrayNode) plan.path("pools");
        JsonNode template = pools.get(0);
        for (int i = 0; i < 30; i++) {
            ObjectNode p = template.deepCopy();
            p.put("name", "bulk-" + i);
            ((ObjectNode) p.path("head")).put("perHour", 100 + i);
            pools.add(p);
        }
        String html = PlanHtml.render(plan);
        assertThat(html).contains("Nodes per pool (top 20 of 34 pools by $/h)", "bulk-29", "bulk-10");
        String poolChart = html.substring(html.indexOf("<title>$/h per pool"), html.indexOf("</svg>", html.indexOf("<title>$/h per pool")));
        assertThat(poolChart).contains("bulk-10 · head").doesNotContain("bulk-9 · head", "analytics-batch · head");
    }

    @Test
    void aThousandTenantPlanStaysAPageABrowserOpens() {
        ObjectNode plan = Fixtures.plan().deepCopy();
        ArrayNode tenants = (ArrayNode) plan.path("tenants");
        ArrayNode pools = (ArrayNode) plan.path("pools");
        ArrayNode placed = (ArrayNode) plan.path("changes").path("newlyPlaced");
        JsonNode tenant = tenants.get(0);
        JsonNode pool = pools.get(0);
        JsonNode pod = placed.get(0);
        for (int i = 0; i < 1000; i++) {
            tenants.add(((ObjectNode) tenant.deepCopy()).put("name", "tenant-" + i));
            for (int k = 0; k < 3; k++) pools.add(((ObjectNode) pool.deepCopy()).put("name", "tenant-" + i + "-pool-" + k));
            for (int k = 0; k < 50; k++) placed.add(((ObjectNode) pod.deepCopy()).put("pod", "tenant-" + i + "/web-" + k));
        }
        String html = PlanHtml.render(plan);
        assertThat(html.length()).isLessThan(3_000_000);
        assertThat(html).contains("(top 20 of 1003 tenants by $/h)", "(top 20 of 3004 pools by $/h)", "… and 49524 more (the JSON report lists them all)");
    }

    @Test
    void anEmptyPlanStillRenders() {
        String html = PlanHtml.render(Fixtures.JSON.createObjectNode());
        assertThat(html).contains("No data.", "None.").endsWith("</html>\n");
    }

    static int count(String s, String what) {
        int n = 0;
        for (int i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + 1)) n++;
        return n;
    }
}
