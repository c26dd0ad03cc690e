package dev.jig.controller.app;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * The shaded {@code jig-controller.jar} running {@code run --cloud aws} in its own JVM against an API server and a
 * loopback EC2, as the chart runs it ({@link #chartJvmOptions}): the way a test or a benchmark
 * watches the real program from outside. Its output goes to {@code controller.out} and {@code controller.err} in
 * {@code dir}; {@link #close} stops it with SIGTERM.
 */
public final class AwsControllerProcess implements AutoCloseable {

    public final Process process;
    public final int metricsPort;
    public final Path dir;

    /**
     * @param extraArgs more flags ({@code --interruption-queue q})
     * @param env       more environment ({@code AWS_ENDPOINT_URL_SQS})
     */
    public AwsControllerProcess(Path jar, Path dir, String apiServer, String ec2, List<String> extraArgs, Map<String, String> env) throws IOException {
        this.dir = dir;
        this.metricsPort = freePort();
        Path kubeconfig = dir.resolve("kubeconfig");
        Files.writeString(kubeconfig, """
                apiVersion: v1
                kind: Config
                clusters: [{name: it, cluster: {server: "%s", insecure-skip-tls-verify: true}}]
                contexts: [{name: it, context: {cluster: it, user: it, namespace: jig-system}}]
                current-context: it
                users: [{name: it, user: {token: it}}]
                """.formatted(apiServer), StandardCharsets.UTF_8);
        String ca = Base64.getEncoder().encodeToString("-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n".getBytes(StandardCharsets.US_ASCII));
        List<String> command = new ArrayList<>(List.of(java().toString()));
        command.addAll(chartJvmOptions());
        command.addAll(List.of("-jar", jar.toString(), "run", "--kubeconfig", kubeconfig.toString(),
                "--metrics-port", String.valueOf(metricsPort), "--identity", "it", "--cloud", "aws", "--cluster-name", "demo", "--region", "us-east-1",
                "--cluster-endpoint", "https://api.demo.example", "--cluster-ca-bundle", ca, "--service-cidr", "10.100.0.0/16", "--aws-endpoint-url", ec2));
        command.addAll(extraArgs);
        ProcessBuilder b = new ProcessBuilder(command).redirectOutput(dir.resolve("controller.out").toFile()).redirectError(dir.resolve("controller.err").toFile());
        b.environment().putAll(Map.of("AWS_ACCESS_KEY_ID", "AKIDTEST", "AWS_SECRET_ACCESS_KEY", "secret"));
        b.environment().putAll(env);
        this.process = b.start();
    }

    /**
     * The {@code java} the controller runs on: the JDK at system property {@code jig.controller.java.home} (so that a
     * benchmark can measure the image's JDK), else the one running this code.
     */
    public static Path java() {
        return Path.of(System.getProperty("jig.controller.java.home", System.getProperty("java.home")), "bin", "java");
    }

    /**
     * The chart's {@code controller.javaOptions} in its {@code controller.resources.limits.memory}, read from
     * {@code values}: {@code -XX:MaxRAM} makes the JVM size its heaps as the container's cgroup limit would, so a
     * change of the chart's options is what the benchmark and the tests run.
     */
    public static List<String> chartJvmOptions() throws IOException {
        return chartJvmOptions(Path.of(System.getProperty("jig.repo.root", ".")).resolve("charts/jig/values.yaml"));
    }

    static List<String> chartJvmOptions(Path values) throws IOException {
        var controller = new com.fasterxml.jackson.dataformat.yaml.YAMLMapper().readTree(values.toFile()).path("controller");
        String limit = controller.path("resources").path("limits").path("memory").asText("");
        List<String> out = new ArrayList<>();
        if (limit.endsWith("Gi") || limit.endsWith("Mi")) {
            out.add("-XX:MaxRAM=" + limit.substring(0, limit.length() - 2) + Character.toLowerCase(limit.charAt(limit.length() - 2)));
        }
        for (String o : controller.path("javaOptions").asText("").trim().split("\\s+")) if (!o.isEmpty()) out.add(o);
        return out;
    }

    /** {@code /readyz} answers 200: informers synced and the controller started. */
    public boolean ready() {
        return get("/readyz").map(r -> r.statusCode() == 200).orElse(false);
    }

    /** The body of {@code /metrics}, or empty when it does not answer. */
    public String metrics() {
        return get("/metrics").filter(r -> r.statusCode() == 200).map(HttpResponse::body).orElse("");
    }

    private java.util.Optional<HttpResponse<String>> get(String path) {
        try {
            return java.util.Optional.of(HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + metricsPort + path))
                    .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString()));
        } catch (IOException e) {
            return java.util.Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return java.util.Optional.empty();
        }
    }

    /** What it wrote to stdout and stderr so far, for a failure's message. */
    public String output() {
        try {
            return "stdout:\n" + Files.readString(dir.resolve("controller.out")) + "\nstderr:\n" + Files.readString(dir.resolve("controller.err"));
        } catch (IOException e) {
            return "(output unreadable: " + e + ")";
        }
    }

    public static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)) process.destroyForcibly();
    }
}
