package dev.jig.controller.cli;

import picocli.CommandLine.Command;

import java.util.concurrent.Callable;

/** {@code jig-controller run}: the controller in a cluster (see the kube adapter). */
@Command(name = "run", mixinStandardHelpOptions = true, description = "Run the controller against the cluster of the current kubeconfig.")
final class RunCommand implements Callable<Integer> {

    private static volatile boolean running;

    static boolean running() {
        return running;
    }

    @Override
    public Integer call() {
        throw new UnsupportedOperationException("run needs the Kubernetes adapter");
    }
}
