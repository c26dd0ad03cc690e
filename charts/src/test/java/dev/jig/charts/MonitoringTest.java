package dev.jig.charts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The alerts and the dashboard that ship with the chart name only metrics the programs define, and every alert has a
 * runbook in the chart README. A metric is defined when a main source registers its Micrometer name ({@code
 * "jig.tenant.quota.used.ratio"}, exported as {@code jig_tenant_quota_used_ratio}, counters with {@code _total}, timers
 * with {@code _seconds_count}, {@code _sum}, {@code _max}).
 */
class MonitoringTest {

    private static final Path ROOT = Path.of(System.getProperty("jig.repo.root", "..")).toAbsolutePath().normalize();
    private static final Path CHART = ROOT.resolve("charts/jig");
    private static final Pattern METRIC = Pattern.compile("\\bjig_[a-z0-9_]+");
    private static final List<String> SUFFIXES = List.of("_seconds_bucket", "_seconds_count", "_seconds_sum", "_seconds_max", "_seconds",
            "_total", "_bucket", "_count", "_sum", "_max");

    /** Every Micrometer name beginning {@code jig.} that a main source of the programs spells, in Prometheus form. */
    static Set<String> defined() throws IOException {
        Set<String> out = new TreeSet<>();
        Pattern literal = Pattern.compile("\"(jig[._][a-z0-9._]+)\"");
        for (String module : List.of("controller", "controller-app", "webhook", "aws")) {
            try (Stream<Path> files = Files.walk(ROOT.resolve(module).resolve("src/main/java"))) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                    Matcher m = literal.matcher(Files.readString(f));
                    while (m.find()) out.add(m.group(1).replace('.', '_'));
                }
            }
        }
        return out;
    }

    /** {@code name} without the suffix Prometheus adds to a counter or timer, if it has one of them and its base is defined. */
    static boolean isDefined(String name, Set<String> defined) {
        if (defined.contains(name)) return true;
        for (String s : SUFFIXES) if (name.endsWith(s) && defined.contains(name.substring(0, name.length() - s.length()))) return true;
        return false;
    }

    private static List<String> named(String text) {
        List<String> out = new ArrayList<>();
        Matcher m = METRIC.matcher(text);
        while (m.find()) out.add(m.group());
        return out;
    }

    @Test
    void everyAlertAndPanelNamesAMetricTheProgramsDefine() throws Exception {
        Set<String> defined = defined();
        assertThat(defined).contains("jig_tenant_quota_used_ratio", "jig_webhook_tenancy_stale", "jig_aws_calls_total");
        JsonNode alerts = new YAMLMapper().readTree(CHART.resolve("files/alerts.yaml").toFile());
        JsonNode dashboard = new ObjectMapper().readTree(CHART.resolve("files/dashboard.json").toFile());
        List<String> exprs = new ArrayList<>();
        for (JsonNode group : alerts) for (JsonNode rule : group.path("rules")) exprs.add(rule.path("expr").asText());
        for (JsonNode panel : dashboard.path("panels")) for (JsonNode t : panel.path("targets")) exprs.add(t.path("expr").asText());
        assertThat(exprs).hasSizeGreaterThan(20).allSatisfy(e -> assertThat(named(e)).as(e).isNotEmpty());
        List<String> unknown = new ArrayList<>();
        for (String e : exprs) for (String n : named(e)) if (!isDefined(n, defined)) unknown.add(n + " in " + e);
        assertThat(unknown).isEmpty();
        assertThat(isDefined("jig_not_a_metric_total", defined)).as("the check can fail").isFalse();
    }

    @Test
    void everyAlertHasARunbookSectionInTheChartReadme() throws Exception {
        String readme = Files.readString(CHART.resolve("README.md"));
        JsonNode alerts = new YAMLMapper().readTree(CHART.resolve("files/alerts.yaml").toFile());
        for (JsonNode group : alerts) {
            for (JsonNode rule : group.path("rules")) {
                String alert = rule.path("alert").asText();
                assertThat(readme).as(alert).contains("#### " + alert);
                assertThat(rule.path("annotations").path("runbook").asText()).endsWith("#" + alert.toLowerCase());
            }
        }
    }

    @Test
    void theMonitoringValuesRenderThePrometheusRuleAndTheDashboardConfigMap() {
        String out = JigChart.template(List.of(JigChart.values("monitoring")), "jig-system");
        assertThat(out).contains("kind: PrometheusRule").contains("alert: JigReconcilerStalled").contains("release: kube-prometheus-stack")
                .contains("name: jig-dashboard").contains("grafana_dashboard: \"1\"").contains("\"uid\": \"jig-overview\"");
        assertThat(JigChart.template(List.of(JigChart.values("defaults")), "jig-system")).doesNotContain("PrometheusRule").doesNotContain("jig-dashboard");
    }

    @Test
    void theWebhooksServiceMonitorScrapesItsHttpsPortTrustingItsOwnCa() {
        List<Object> objects = Rendered.objects("servicemonitor");
        ExtensionKinds.ServiceMonitor webhook = StrictObjects.all(objects, ExtensionKinds.ServiceMonitor.class).stream()
                .filter(m -> m.metadata().getName().equals("jig-webhook")).findFirst().orElseThrow();
        assertThat(webhook.metadata().getLabels()).containsEntry("release", "kube-prometheus-stack");
        ExtensionKinds.Endpoint e = webhook.spec().endpoints().get(0);
        assertThat(e.port()).isEqualTo("https");
        assertThat(e.path()).isEqualTo("/metrics");
        assertThat(e.scheme()).isEqualTo(ExtensionKinds.Scheme.https);
        assertThat(e.tlsConfig().insecureSkipVerify()).isNull();
        assertThat(e.tlsConfig().serverName()).isEqualTo("jig-webhook." + JigChart.NAMESPACE + ".svc");
        assertThat(e.tlsConfig().ca().secret().name()).as("the Secret the webhook serves from").isEqualTo("jig-webhook-tls");
        assertThat(e.tlsConfig().ca().secret().key()).isEqualTo("ca.crt");
    }
}
