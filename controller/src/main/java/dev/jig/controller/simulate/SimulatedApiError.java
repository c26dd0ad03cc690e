package dev.jig.controller.simulate;

/**
 * A write the simulated API server refused on purpose (an {@code apiErrors} fault): what fabric8's
 * {@code KubernetesClientException} is to {@code run}. The reconciler that wrote fails for this second, as a worker's
 * reconcile does in {@code run}, and the simulation goes on; any other exception still fails it loudly.
 */
public final class SimulatedApiError extends RuntimeException {

    public SimulatedApiError(String message) {
        super(message);
    }
}
