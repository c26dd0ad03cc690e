package dev.jig.charts;

import com.marcnuri.helm.Helm;
import com.marcnuri.helm.LintResult;
import com.marcnuri.helm.TemplateCommand;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.snakeyaml.engine.v2.api.Dump;
import org.snakeyaml.engine.v2.api.DumpSettings;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;

/**
 * charts/jig through helm-java's embedded Helm, offline: {@code helm template} with a values file
 * on top of the chart's defaults, and {@code helm lint} with the same values (helm-java's lint takes
 * no values, so the chart is copied with its values.yaml replaced by the defaults deep-merged with
 * the combination's, which is what Helm would compute).
 */
final class JigChart {

    static final Path ROOT = Path.of(System.getProperty("jig.repo.root", "..")).toAbsolutePath().normalize();
    static final Path CHART = ROOT.resolve("charts/jig");
    static final String NAMESPACE = "jig-system";
    private static final String KUBE_VERSION = "1.31.0";

    private JigChart() {
    }

    /** The documented values file {@code charts/jig/ci/NAME-values.yaml}. */
    static Path values(String name) {
        Path p = CHART.resolve("ci").resolve(name + "-values.yaml");
        if (!Files.isRegularFile(p)) throw new IllegalArgumentException("no values file " + p);
        return p;
    }

    /** {@code helm template jig charts/jig -n jig-system -f FILE...}, split into its documents. */
    static List<Map<String, Object>> render(List<Path> valuesFiles) {
        return documents(template(valuesFiles, NAMESPACE));
    }

    static String template(List<Path> valuesFiles, String namespace) {
        TemplateCommand t = new Helm(CHART).template().withName("jig").withNamespace(namespace).withKubeVersion(KUBE_VERSION);
        for (Path v : valuesFiles) t = t.withValuesFile(v);
        return t.call();
    }

    /**
     * {@code helm install --dry-run=client} with the combination's values: what Helm shows after an
     * install, NOTES.txt included (which {@code helm template} does not render).
     */
    static String installOutput(Path valuesFile) {
        return new Helm(CHART).install().withName("jig").withNamespace(NAMESPACE).withKubeVersion(KUBE_VERSION).clientOnly().dryRun()
                .withValuesFile(valuesFile).call().getOutput();
    }

    /** Renders values given inline as YAML (for one-off cases such as a typo). */
    static String templateInline(String valuesYaml) {
        Path file = write(valuesYaml);
        try {
            return template(List.of(file), NAMESPACE);
        } finally {
            delete(file);
        }
    }

    /** {@code helm lint --strict} of the chart with these values in place of its defaults. */
    static LintResult lint(List<Path> valuesFiles) {
        Path copy;
        try {
            copy = Files.createTempDirectory("jig-chart").resolve("jig");
            copyTree(CHART, copy);
            Map<String, Object> merged = load(Files.readString(CHART.resolve("values.yaml")));
            for (Path v : valuesFiles) merged = merge(merged, load(Files.readString(v)));
            Files.writeString(copy.resolve("values.yaml"), new Dump(DumpSettings.builder().build()).dumpToString(merged));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            return new Helm(copy).lint().strict().call();
        } finally {
            delete(copy.getParent());
        }
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> documents(String yaml) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Object d : new Load(LoadSettings.builder().build()).loadAllFromString(yaml)) {
            if (d != null) out.add((Map<String, Object>) d);
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> load(String yaml) {
        Object o = new Load(LoadSettings.builder().build()).loadFromString(yaml);
        return o == null ? new LinkedHashMap<>() : (Map<String, Object>) o;
    }

    /** Helm's coalescing of maps: the overlay's keys win, maps merge key by key, lists are replaced. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> merge(Map<String, Object> base, Map<String, Object> overlay) {
        Map<String, Object> out = new LinkedHashMap<>(base);
        overlay.forEach((k, v) -> {
            if (v instanceof Map<?, ?> m && out.get(k) instanceof Map<?, ?> b) {
                out.put(k, merge((Map<String, Object>) b, (Map<String, Object>) m));
            } else {
                out.put(k, v);
            }
        });
        return out;
    }

    private static Path write(String yaml) {
        try {
            Path f = Files.createTempFile("jig-values", ".yaml");
            Files.writeString(f, yaml);
            return f;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        Files.walkFileTree(from, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                Files.createDirectories(to.resolve(from.relativize(dir).toString()));
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.copy(file, to.resolve(from.relativize(file).toString()));
                return FileVisitResult.CONTINUE;
            }
        });
    }

    private static void delete(Path path) {
        try (var walk = Files.walk(path)) {
            walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
