package dev.jig.report;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Debian's headless Chromium, driven through its command line: a screenshot of a file, or its DOM
 * after the load event, with the browser's console messages (which include Content-Security-Policy
 * violations and uncaught exceptions) taken from its stderr log. Every run gets its own profile
 * directory, so concurrent builds do not share a profile lock.
 */
final class Chromium {

    /** What one run printed: the DOM (for {@code --dump-dom}) and the console lines of its log. */
    record Run(int exitCode, String stdout, List<String> console) {
    }

    private static final long TIMEOUT_SECONDS = 90;

    private final Path executable;
    private final Path work;

    private Chromium(Path executable, Path work) {
        this.executable = executable;
        this.work = work;
    }

    /** The browser named by {@code -Djig.chromium}, else {@code chromium} or {@code chromium-browser} on the PATH. */
    static Optional<Chromium> find(Path work) {
        List<Path> candidates = new ArrayList<>();
        String configured = System.getProperty("jig.chromium");
        if (configured != null && !configured.isBlank()) candidates.add(Path.of(configured));
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin").split(File.pathSeparator)) {
            candidates.add(Path.of(dir, "chromium"));
            candidates.add(Path.of(dir, "chromium-browser"));
        }
        return candidates.stream().filter(Files::isExecutable).findFirst().map(p -> new Chromium(p, work));
    }

    /** Loads {@code page} in a {@code width}×{@code height} window and writes a PNG of it. */
    Run screenshot(Path page, Path png, int width, int height) throws IOException, InterruptedException {
        Files.createDirectories(png.getParent());
        return run(page, "--screenshot=" + png.toAbsolutePath(), "--window-size=" + width + "," + height, "--hide-scrollbars");
    }

    /** Loads {@code page}, lets its scripts run, and returns the serialized DOM. */
    Run dumpDom(Path page) throws IOException, InterruptedException {
        return run(page, "--dump-dom", "--virtual-time-budget=5000", "--window-size=1280,2000");
    }

    private Run run(Path page, String... args) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory(Files.createDirectories(work), "chromium-profile-");
        List<String> command = new ArrayList<>(List.of(executable.toString(), "--headless", "--disable-gpu", "--no-sandbox",
                "--no-first-run", "--disable-extensions", "--user-data-dir=" + profile.toAbsolutePath(), "--enable-logging=stderr", "--v=0"));
        command.addAll(List.of(args));
        command.add(page.toAbsolutePath().toUri().toString());
        Path out = profile.resolve("stdout.txt");
        Path err = profile.resolve("stderr.txt");
        Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("chromium did not finish within " + TIMEOUT_SECONDS + " s: " + command);
        }
        List<String> console = Files.readAllLines(err, StandardCharsets.UTF_8).stream()
                .filter(l -> l.contains(":CONSOLE") || l.contains("Uncaught")).toList();
        return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), console);
    }
}
