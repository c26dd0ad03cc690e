package dev.jig.charts;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/** The documented values combinations ({@code charts/jig/ci/*-values.yaml}), each rendered once and parsed strictly. */
final class Rendered {

    private static final Map<String, List<Object>> CACHE = new ConcurrentHashMap<>();

    private Rendered() {
    }

    /** The names of the combinations: {@code defaults}, {@code webhook-only}, ... */
    static Stream<String> combinations() {
        try (Stream<Path> files = Files.list(JigChart.CHART.resolve("ci"))) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith("-values.yaml"))
                    .map(n -> n.substring(0, n.length() - "-values.yaml".length())).sorted().toList().stream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The typed objects {@code helm template} renders for the combination. */
    static List<Object> objects(String combination) {
        return CACHE.computeIfAbsent(combination, c -> StrictObjects.parse(JigChart.render(List.of(JigChart.values(c)))));
    }
}
