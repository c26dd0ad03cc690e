package dev.jig.report;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Both HTML reports in a real browser (Debian's headless Chromium): each page loads with no console
 * message at all (so no script error and no Content-Security-Policy violation, i.e. nothing tried to
 * load), its charts render with a non-zero size and visible marks, a hostile tenant name stays text,
 * and a screenshot lands in {@code target/screenshots/} for people to look at.
 *
 * <p>The page runs no script, so to measure it the test loads a probe copy whose CSP also allows one
 * script by nonce: that script records errors, CSP violations and {@code console.error} calls, and on
 * load writes each chart's bounding box and the count of drawn marks into a {@code data-probe}
 * attribute, which {@code --dump-dom} prints. The screenshot and the console check use the page as
 * written. Without Chromium the test is skipped with a message.
 */
class ReportBrowserIT {

    private static final Path OUT = Path.of(System.getProperty("jig.report.out", "target"));
    private static final String NONCE = "jig-probe";
    private static final String PROBE = """
            <script nonce="%s">(function () {
              var errors = [];
              window.addEventListener('error', function (e) { errors.push('error: ' + (e.message || String(e.target && e.target.outerHTML).slice(0, 80))); }, true);
              document.addEventListener('securitypolicyviolation', function (e) { errors.push('csp: ' + e.violatedDirective + ' ' + e.blockedURI); });
              var original = console.error;
              console.error = function () { errors.push('console.error: ' + Array.prototype.join.call(arguments, ' ')); original.apply(console, arguments); };
              window.addEventListener('load', function () {
                var charts = Array.prototype.map.call(document.querySelectorAll('svg.chart'), function (s) {
                  var r = s.getBoundingClientRect();
                  var drawn = Array.prototype.filter.call(s.querySelectorAll('rect, path.series, circle'), function (m) {
                    var b = m.getBBox(); return b.width > 0 || b.height > 0; }).length;
                  s.setAttribute('data-box', Math.round(r.width) + 'x' + Math.round(r.height));
                  return {title: s.querySelector('title').textContent, width: r.width, height: r.height, marks: drawn};
                });
                document.documentElement.setAttribute('data-probe', JSON.stringify({errors: errors, charts: charts,
                  scripts: document.scripts.length, images: document.images.length, frames: document.querySelectorAll('iframe, object, embed').length}));
              });
            })();</script>
            """.formatted(NONCE);

    private static Chromium chromium;

    @BeforeAll
    static void findChromium() {
        chromium = Chromium.find(OUT.resolve("browser")).orElse(null);
        Assumptions.assumeTrue(chromium != null, "Chromium is not installed: skipping the browser test of the HTML reports "
                + "(apt-get install chromium, or -Djig.chromium=PATH; .ci/run installs it)");
    }

    @Test
    void thePlanReportRendersItsChartsWithoutErrorsAndKeepsAHostileNameAsText() throws Exception {
        String html = PlanHtml.render(Fixtures.plan());
        checkPage("plan", html, 5, 1280, 2000);
        JsonNode probe = probe("plan-hostile", PlanHtml.render(PlanHtmlTest.hostile()));
        assertThat(probe.path("charts")).hasSize(5);
        String dom = Files.readString(OUT.resolve("browser/plan-hostile.dom.html"), StandardCharsets.UTF_8);
        assertThat(dom).contains("&lt;img src=x onerror=alert(1)&gt;").doesNotContain("<img", "<iframe", "<base ");
    }

    @Test
    void theSimulationReportRendersItsTimelineChartsWithoutErrors() throws Exception {
        checkPage("simulation", SimulationHtml.render(Fixtures.simulation()), 3, 1280, 1400);
    }

    /** Screenshot and console check of the page as written, then the probe: every chart sized and drawn. */
    private static void checkPage(String name, String html, int charts, int width, int height) throws Exception {
        Path page = OUT.resolve("browser").resolve(name + ".html");
        Files.createDirectories(page.getParent());
        Files.writeString(page, html, StandardCharsets.UTF_8);
        Path png = OUT.resolve("screenshots").resolve(name + ".png");
        Files.deleteIfExists(png);
        Chromium.Run shot = chromium.screenshot(page, png, width, height);
        assertThat(shot.exitCode()).as("chromium exit code").isZero();
        assertThat(shot.console()).as("console messages of " + page).isEmpty();
        assertThat(png).exists();
        checkScreenshot(png);

        JsonNode probe = probe(name, html);
        assertThat(probe.path("charts")).hasSize(charts);
        for (JsonNode c : probe.path("charts")) {
            assertThat(c.path("width").asDouble()).as(c.path("title").asText() + " width").isGreaterThan(300);
            assertThat(c.path("height").asDouble()).as(c.path("title").asText() + " height").isGreaterThan(60);
            assertThat(c.path("marks").asInt()).as(c.path("title").asText() + " drawn marks").isPositive();
        }
    }

    /** Loads the probe copy of {@code html}; returns what the probe wrote, after checking nothing failed and nothing was injected. */
    private static JsonNode probe(String name, String html) throws Exception {
        String instrumented = html.replace(HtmlPage.CONTENT_SECURITY_POLICY, HtmlPage.CONTENT_SECURITY_POLICY + "; script-src 'nonce-" + NONCE + "'")
                .replace("<meta charset=\"utf-8\">\n", "<meta charset=\"utf-8\">\n" + PROBE);
        assertThat(instrumented).contains(NONCE + "'\"", "<script nonce=");
        Path page = OUT.resolve("browser").resolve(name + ".probe.html");
        Files.writeString(page, instrumented, StandardCharsets.UTF_8);
        Chromium.Run run = chromium.dumpDom(page);
        assertThat(run.exitCode()).isZero();
        assertThat(run.console()).as("console messages of " + page).isEmpty();
        Files.writeString(OUT.resolve("browser").resolve(name + ".dom.html"), run.stdout(), StandardCharsets.UTF_8);
        Matcher m = Pattern.compile("data-probe=\"([^\"]*)\"").matcher(run.stdout());
        assertThat(m.find()).as("the probe ran and wrote its result into the DOM").isTrue();
        JsonNode probe = Fixtures.JSON.readTree(unescape(m.group(1)));
        assertThat(probe.path("errors")).as("errors, CSP violations and console.error calls").isEmpty();
        assertThat(probe.path("scripts").asInt()).as("scripts besides the probe").isEqualTo(1);
        assertThat(probe.path("images").asInt()).isZero();
        assertThat(probe.path("frames").asInt()).isZero();
        return probe;
    }

    /** The screenshot is not blank, and both the base and the head colour (the palette's first two) are on it. */
    private static void checkScreenshot(Path png) throws Exception {
        BufferedImage image = ImageIO.read(png.toFile());
        assertThat(image).as("a PNG that reads").isNotNull();
        int base = 0;
        int head = 0;
        int ink = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                int rgb = image.getRGB(x, y) & 0xFFFFFF;
                if (rgb != 0xFFFFFF) ink++;
                if (rgb == 0x0072B2) base++;
                if (rgb == 0xE69F00) head++;
            }
        }
        assertThat(ink).as("non-white pixels").isGreaterThan(image.getWidth() * image.getHeight() / 50);
        assertThat(base).as("pixels in the first series colour").isGreaterThan(200);
        assertThat(head).as("pixels in the second series colour").isGreaterThan(200);
    }

    private static String unescape(String attribute) {
        return attribute.replace("&quot;", "\"").replace("&lt;", "<").replace("&gt;", ">").replace("&#39;", "'").replace("&nbsp;", "\u00a0")
                .replace("&amp;", "&");
    }
}
