package dev.jig.controller.app;

import dev.jig.api.diag.ExitCode;
import dev.jig.compiler.cli.CliRunner;
import picocli.CommandLine.Command;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.util.Optional;

/**
 * The {@code jig-controller} command: {@code simulate} plays a scenario against the controller on an
 * embedded cluster; {@code run} runs the controller in a cluster. Exit codes: 0 clean, 1 findings
 * (a failed expectation, an invalid scenario), 2 usage or I/O error. No stack trace reaches the user
 * unless {@code JIG_DEBUG} is set.
 */
@Command(name = "jig-controller", mixinStandardHelpOptions = true, versionProvider = Main.VersionProvider.class,
        description = "Karpenter-style provisioning with limits and tenant quotas that hold.",
        subcommands = {SimulateCommand.class, RunCommand.class, PreflightCommand.class, CommandLine.HelpCommand.class})
public final class Main implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** The JDK's own property: the common pool's size, which is also CompletableFuture's default executor. */
    static final String COMMON_POOL_PARALLELISM = "java.util.concurrent.ForkJoinPool.common.parallelism";

    public static void main(String[] args) {
        // The JDK HTTP client that fabric8 runs on completes every response on CompletableFuture's default executor;
        // below 3 CPUs that executor starts a thread per task: 11,000 threads in bench/run.sh's first two minutes, and
        // 27 CPU seconds for its scale-out against 19 with two pool threads (docs/benchmarks.md#run). So two
        // common-pool threads, unless the operator chose. Set before anything touches the pool.
        commonPoolParallelism(System.getProperty(COMMON_POOL_PARALLELISM), Runtime.getRuntime().availableProcessors())
                .ifPresent(p -> System.setProperty(COMMON_POOL_PARALLELISM, p));
        // simulate's stdout is its report (text or JSON): its logs, if any, go to stderr. Set before logback starts.
        if (args.length > 0 && args[0].equals("simulate")) System.setProperty("jig.log.target", "System.err");
        int code = run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true));
        if (code != ExitCode.OK || !RunCommand.running()) System.exit(code);
    }

    /** The common pool's parallelism to set: 2 below 3 CPUs, nothing when the operator set one or there are enough. */
    static Optional<String> commonPoolParallelism(String configured, int cpus) {
        return configured == null && cpus < 3 ? Optional.of("2") : Optional.empty();
    }

    /** Runs the CLI with the given streams and returns the exit code; the tests call it too. */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        return CliRunner.execute(new CommandLine(new Main()), "jig-controller", args, out, err);
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing command: simulate, run or aws-preflight");
    }

    /** {@code jig-controller <the build's version>}, the same for every program of one build. */
    static final class VersionProvider implements picocli.CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"jig-controller " + dev.jig.api.Version.current()};
        }
    }
}
