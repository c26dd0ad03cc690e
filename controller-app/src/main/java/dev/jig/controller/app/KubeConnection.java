package dev.jig.controller.app;

import dev.jig.controller.kube.KubeFailures;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The controller's connection to the API server: which one (from {@code --kubeconfig}, the
 * {@code KUBECONFIG} file, {@code ~/.kube/config} or the in-cluster service account, as fabric8
 * resolves them) and whether it answers. A user who starts the controller without a cluster hears
 * which server was tried, what failed and how to point it elsewhere.
 */
record KubeConnection(KubernetesClient client, String server, String source) {

    /** How long the start-up probe waits for the API server. */
    private static final int PROBE_TIMEOUT_MS = 10_000;

    static KubeConnection open(String kubeconfig, String context) throws IOException {
        Config config;
        String source;
        if (kubeconfig != null && !kubeconfig.isBlank()) {
            Path file = Path.of(kubeconfig);
            if (!Files.isRegularFile(file)) throw new IOException("kubeconfig " + file + " does not exist");
            config = Config.fromKubeconfig(context, Files.readString(file), file.toString());
            source = "kubeconfig " + file;
        } else {
            config = Config.autoConfigure(context);
            source = config.getFile() != null ? "kubeconfig " + config.getFile() : "in-cluster service account or defaults";
        }
        String server = config.getMasterUrl();
        return new KubeConnection(new KubernetesClientBuilder().withConfig(config).build(), server, source);
    }

    /** Asks the API server for its version once, without retries; empty when it answered, else what to tell the user. */
    Optional<String> probe() {
        Config quick = new ConfigBuilder(client.getConfiguration()).withRequestRetryBackoffLimit(0)
                .withConnectionTimeout(PROBE_TIMEOUT_MS).withRequestTimeout(PROBE_TIMEOUT_MS).build();
        try (KubernetesClient probe = new KubernetesClientBuilder().withConfig(quick).build()) {
            probe.getKubernetesVersion();
            return Optional.empty();
        } catch (KubernetesClientException e) {
            return Optional.of("cannot reach the Kubernetes API server at " + server + " (from " + source + "): " + KubeFailures.describe(e)
                    + ". Point --kubeconfig (or KUBECONFIG) at a reachable cluster, choose another --context, or run in a cluster with a service account.");
        }
    }
}
