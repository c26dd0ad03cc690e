package dev.jig.plan.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.diag.ExitCode;
import dev.jig.api.ec2.Catalog;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.compiler.cli.PolicyInput;
import dev.jig.compiler.diff.ManifestDiff;
import dev.jig.compiler.generate.GeneratedObject;
import dev.jig.compiler.report.TextReport;
import dev.jig.compiler.policy.Platform;
import dev.jig.compiler.source.SourceTree;
import dev.jig.controller.cloud.sim.InstanceTypeResolver;
import dev.jig.controller.simulate.ScenarioSchema;
import dev.jig.plan.engine.Gate;
import dev.jig.plan.engine.PlanFinding;
import dev.jig.plan.engine.PlanReport;
import dev.jig.plan.engine.Revision;
import dev.jig.plan.engine.SidePlan;
import dev.jig.plan.render.PlanJson;
import dev.jig.plan.render.PlanMarkdown;
import dev.jig.plan.render.PlanText;
import dev.jig.plan.workload.Workload;
import dev.jig.plan.workload.WorkloadError;
import dev.jig.plan.workload.WorkloadReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code jig plan}: compiles the policies at two revisions (JGit, as {@code jig diff} does; the head
 * defaults to the work tree), schedules the same workload against each with the controller's
 * scheduling core and reports nodes, $/h, placement and headroom per tenant and pool, the pods whose
 * fate changes, and the compiled diff. Exit 0; 1 when a side does not compile or a {@code --fail-on}
 * condition trips; 2 for usage errors, unreadable workloads (located) and unknown revisions.
 */
@Command(name = "plan", mixinStandardHelpOptions = true,
        description = "Show what a policy change does to placement and cost: schedule a workload against the policies at two git "
                + "revisions and compare nodes, $/h, unschedulable pods and headroom per tenant and pool. "
                + "Exit codes: 0 done, 1 a side does not compile or a --fail-on condition holds, 2 usage or input error.")
public final class PlanCommand implements Callable<Integer> {

    /** The namespaces the admission webhook exempts by default; their pods are left out. */
    public static final List<String> EXEMPT = List.of("kube-system", "kube-public", "kube-node-lease", "jig-system");

    @Parameters(index = "0", arity = "0..1", paramLabel = "DIR", defaultValue = ".",
            description = "Policy directory inside a git repository (default: current directory).")
    Path directory;

    @Option(names = "--base", required = true, paramLabel = "REF", description = "The revision to compare against, e.g. origin/main.")
    String base;

    @Option(names = "--head", paramLabel = "REF", description = "The new revision (default: the work tree as it is, uncommitted edits included).")
    String head;

    @Option(names = {"-w", "--workload"}, required = true, arity = "1..*", paramLabel = "FILE",
            description = "Workload files: `kubectl get pods,daemonsets -A -o json|yaml`, Deployment/StatefulSet/Job/Pod/DaemonSet "
                    + "manifests (multi-document YAML), or a simulate scenario.")
    List<Path> workloads = new ArrayList<>();

    @Option(names = {"-f", "--format"}, paramLabel = "FORMAT", defaultValue = "text",
            description = "text, markdown (a pull-request comment), json or html. Default: ${DEFAULT-VALUE}.")
    String format;

    @Option(names = {"-o", "--out"}, paramLabel = "FILE", description = "Write the report to FILE instead of stdout.")
    Path out;

    @Option(names = "--fail-on", paramLabel = "CONDITION", split = ",",
            description = "Exit 1 when: unschedulable (a pod placed on base fits nowhere on head), cost-increase:PCT (head's $/h is more "
                    + "than PCT percent over base's). Repeatable.")
    List<String> failOn = new ArrayList<>();

    @Option(names = "--exempt-namespace", paramLabel = "NS", split = ",",
            description = "Namespaces whose pods are left out, as the webhook exempts them (default: kube-system, kube-public, "
                    + "kube-node-lease, jig-system).")
    List<String> exempt;

    @Option(names = "--namespace", paramLabel = "NS", defaultValue = "default",
            description = "The namespace of manifests that name none (default: ${DEFAULT-VALUE}).")
    String namespace;

    @Option(names = "--zones", paramLabel = "ZONE", split = ",",
            description = "The zones nodes may launch in (default: the head Platform's spec.cluster.zones).")
    List<String> zones;

    @Option(names = "--timings", description = "Print the time of each stage to stderr.")
    boolean timings;

    @Spec
    CommandLine.Model.CommandSpec spec;

    private long mark = System.nanoTime();

    private final ScenarioSchema scenarioSchema;
    private final Optional<Function<JsonNode, String>> html;

    /**
     * @param scenarioSchema the simulate scenario schema, for scenario workloads
     * @param html the HTML renderer of the report document; empty when this build has none
     */
    public PlanCommand(ScenarioSchema scenarioSchema, Optional<Function<JsonNode, String>> html) {
        this.scenarioSchema = scenarioSchema;
        this.html = html;
    }

    @Override
    public Integer call() throws IOException {
        Function<JsonNode, String> renderer = renderer();
        Gate gate;
        try {
            gate = Gate.parse(failOn);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        PrintWriter err = spec.commandLine().getErr();
        mark = System.nanoTime();
        Catalog catalog = Catalog.bundled();
        PolicyInput input = PolicyInput.of(directory);
        SourceTree baseTree = input.tree(base);
        SourceTree headTree = input.tree(head);
        // Reading the workload and compiling the two revisions do not depend on each other: side by side, the
        // compiles take no wall time of their own on two cores (the 1,000-tenant bench, BENCHMARKS).
        ExecutorService compiles = Executors.newFixedThreadPool(2, r -> {
            Thread t = new Thread(r, "jig-plan-compile");
            t.setDaemon(true);
            return t;
        });
        PolicyInput.Run before;
        PolicyInput.Run after;
        Workload workload;
        try {
            Future<PolicyInput.Run> baseRun = compiles.submit(() -> input.compile(baseTree));
            Future<PolicyInput.Run> headRun = compiles.submit(() -> input.compile(headTree));
            try {
                workload = new WorkloadReader(Set.copyOf(exempt == null ? EXEMPT : exempt), namespace, scenarioSchema, catalog).read(workloads);
            } catch (WorkloadError e) {
                err.println(e.getMessage());
                err.println("  hint: see README.md (\"jig plan\") for the workload formats and the fields read.");
                err.flush();
                return ExitCode.USAGE;
            }
            stage("workload", err);
            before = done(baseRun);
            after = done(headRun);
            stage("compile (both)", err);
        } finally {
            compiles.shutdownNow();
        }
        if (failed("base " + base, before, err) | failed("head " + (head == null ? "(work tree)" : head), after, err)) return ExitCode.FINDINGS;
        Revision b = revision(base, baseTree.revision(), before);
        Revision h = revision(head == null ? Revision.WORKTREE : head, headTree.revision(), after);
        Platform platform = after.result().policies().orElseThrow().platform();
        List<PlanFinding> findings = new ArrayList<>();
        List<String> launchZones = zones(platform, catalog, findings);
        InstanceTypeResolver types = new InstanceTypeResolver(catalog, launchZones, true);
        SidePlan.Solutions solutions = new SidePlan.Solutions();
        SidePlan basePlan = SidePlan.run(b, workload, types, solutions);
        stage("schedule base", err);
        SidePlan headPlan = SidePlan.run(h, workload, types, solutions);
        stage("schedule head", err);
        String key = after.result().policies().map(s -> s.platform().tenancyKey()).orElse(WellKnownLabels.JIG_TENANT);
        ManifestDiff.Result diff = new ManifestDiff(key).compare(b.manifests(), h.manifests());
        ObjectNode report = PlanReport.build(directory.normalize().toString().replace('\\', '/'), basePlan, headPlan, workload, diff, catalog, gate,
                findings);
        String text = renderer.apply(report);
        stage("diff+report", err);
        if (out == null) {
            spec.commandLine().getOut().print(text);
            spec.commandLine().getOut().flush();
        } else {
            Files.writeString(out, text);
        }
        boolean failed = false;
        for (JsonNode f : report.path("findings")) {
            err.println("jig: " + f.path("severity").asText() + ": " + f.path("message").asText());
            failed |= f.path("severity").asText().equals("error");
        }
        if (report.path("gate").path("failed").asBoolean()) {
            report.path("gate").path("messages").forEach(m -> err.println("jig: " + m.asText()));
            failed = true;
        }
        err.flush();
        return failed ? ExitCode.FINDINGS : ExitCode.OK;
    }

    /**
     * The zones to plan in: {@code --zones}, or the head Platform's. Prices and offerings come from the
     * bundled catalog's region (offered in the zones planned), so a Platform elsewhere gets a warning that
     * figures are estimates.
     */
    private List<String> zones(Platform platform, Catalog catalog, List<PlanFinding> findings) {
        String region = platform.cluster().region();
        List<String> chosen = zones != null ? zones : platform.cluster().zones();
        if (zones != null) {
            List<String> foreign = zones.stream().filter(z -> !platform.cluster().zones().contains(z)).toList();
            if (!foreign.isEmpty()) {
                findings.add(PlanFinding.warning("--zones " + foreign + " are not among the Platform's zones " + platform.cluster().zones()
                        + ": pools launch only in the Platform's, so pods that need those zones may read as unschedulable"));
            }
        }
        if (region != null && !region.equals(catalog.region())) {
            findings.add(PlanFinding.warning("the Platform's region is " + region + ", but instance types and prices come from the bundled "
                    + catalog.region() + " catalog: $/h figures are " + catalog.region() + "'s, an estimate for " + region));
        }
        return chosen;
    }

    /** A compile's result, its failure thrown as it would have been on this thread. */
    private static PolicyInput.Run done(Future<PolicyInput.Run> run) throws IOException {
        try {
            return run.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while compiling", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) throw io;
            if (e.getCause() instanceof RuntimeException re) throw re;
            throw new IllegalStateException(e.getCause());
        }
    }

    /** With {@code --timings}, the time since the last stage ended, as {@code jig compile --timings} prints its stages. */
    private void stage(String name, PrintWriter err) {
        long now = System.nanoTime();
        if (timings) err.printf("jig plan: %-14s %6d ms%n", name, (now - mark) / 1_000_000);
        mark = now;
    }

    private Function<JsonNode, String> renderer() {
        return switch (format) {
            case "text" -> PlanText::render;
            case "markdown" -> doc -> PlanMarkdown.render(doc, PlanMarkdown.PR_COMMENT_LIMIT);
            case "json" -> PlanJson::render;
            case "html" -> html.orElseThrow(() -> new CommandLine.ParameterException(spec.commandLine(),
                    "--format html: the HTML report is not built into this jig (module 'report'); use text, markdown or json"));
            default -> throw new CommandLine.ParameterException(spec.commandLine(), "unknown format '" + format + "' (text, markdown, json, html)");
        };
    }

    private static Revision revision(String ref, Optional<String> commit, PolicyInput.Run run) {
        List<JsonNode> bodies = run.result().objects().stream().map(GeneratedObject::body).map(JsonNode.class::cast).toList();
        return Revision.of(ref, commit, bodies);
    }

    private static boolean failed(String side, PolicyInput.Run run, PrintWriter err) {
        if (!run.result().hasErrors()) return false;
        err.println("jig: error: the policies at " + side + " do not compile:");
        err.print(new TextReport(run.sources()).render(run.findings(), run.files()));
        err.flush();
        return true;
    }
}
