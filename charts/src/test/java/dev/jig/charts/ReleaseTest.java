package dev.jig.charts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The release workflow and the script it runs: images named in one place ({@code release/images.env}) and pulled under
 * those names by the chart and the Argo CD example; the script builds each multi-arch with an SBOM and signs it.
 */
class ReleaseTest {

    private static final Path ROOT = Path.of(System.getProperty("jig.repo.root", "..")).toAbsolutePath().normalize();

    private static Map<String, String> images() throws Exception {
        Map<String, String> out = new LinkedHashMap<>();
        for (String line : Files.readAllLines(ROOT.resolve("release/images.env"))) {
            if (line.isBlank() || line.startsWith("#")) continue;
            String[] kv = line.split("=", 2);
            out.put(kv[0], kv[1]);
        }
        return out;
    }

    private static Process script(String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of("bash", ROOT.resolve("release/build-images.sh").toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).directory(ROOT.toFile()).redirectErrorStream(true).start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return p;
    }

    @Test
    void theImagesAreNamedOnceAndPulledUnderThoseNames() throws Exception {
        Map<String, String> images = images();
        assertThat(images).containsOnlyKeys("WEBHOOK_IMAGE", "CONTROLLER_IMAGE", "ARGOCD_PLUGIN_IMAGE");
        JsonNode values = new YAMLMapper().readTree(ROOT.resolve("charts/jig/values.yaml").toFile());
        assertThat(values.at("/webhook/image/repository").asText()).isEqualTo(images.get("WEBHOOK_IMAGE"));
        assertThat(values.at("/controller/image/repository").asText()).isEqualTo(images.get("CONTROLLER_IMAGE"));
        assertThat(Files.readString(ROOT.resolve("examples/argocd/repo-server-patch.yaml"))).contains("image: " + images.get("ARGOCD_PLUGIN_IMAGE") + ":");
        for (String doc : List.of("examples/argocd/README.md", "charts/jig/README.md", "webhook/Dockerfile", "controller-app/Dockerfile")) {
            String text = Files.readString(ROOT.resolve(doc));
            assertThat(text).as(doc).doesNotContainPattern("ghcr\\.io/(?!jig-dev/jig-(webhook|controller|argocd-plugin))");
        }
    }

    @Test
    void theScriptBuildsEachImageMultiArchWithAnSbomAndSignsItAndRefusesABadVersion() throws Exception {
        Process p = script("--dry-run", "1.2.3");
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(out).isZero();
        for (String image : images().values()) {
            assertThat(out).contains("--platform linux/amd64,linux/arm64 --sbom=true --provenance=true --push").contains("-t " + image + ":1.2.3 .")
                    .contains("cosign sign --yes " + image + "@");
        }
        assertThat(out.lines().filter(l -> l.startsWith("docker buildx build")).count()).isEqualTo(3);
        Process bad = script("--dry-run", "latest");
        assertThat(bad.exitValue()).isEqualTo(2);
        assertThat(new String(bad.getInputStream().readAllBytes(), StandardCharsets.UTF_8)).contains("'latest' is not a version");
    }

    @Test
    void theWorkflowRunsOnAVersionTagTestsThenPublishesTheJarTheChartAndTheImages() throws Exception {
        JsonNode wf = new YAMLMapper().readTree(ROOT.resolve(".github/workflows/release.yaml").toFile());
        assertThat(wf.at("/on/push/tags/0").asText()).startsWith("v[0-9]");
        String build = wf.at("/jobs/build/steps").toString();
        assertThat(build).contains("mvn -B -ntp verify").contains("versions:set");
        assertThat(wf.at("/jobs/publish/needs").asText()).isEqualTo("build");
        assertThat(wf.at("/jobs/publish/steps").toString()).contains("helm package charts/jig").contains("gh release create").contains("jig.jar");
        assertThat(wf.at("/jobs/images/needs").asText()).isEqualTo("build");
        assertThat(wf.at("/jobs/images/permissions/id-token").asText()).as("keyless cosign").isEqualTo("write");
        assertThat(wf.at("/jobs/images/steps").toString()).contains("release/build-images.sh").contains("cosign-installer");
    }
}
