package dev.jig.charts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The arguments and environment the chart gives each program are what its own command line reads:
 * picocli parses the rendered arguments (an unknown flag or a bad value fails), and every
 * environment variable is an option's fallback, or read by the JVM, logback or the AWS SDK.
 * <p>
 * Flags and variables that other work adds are listed as pending: the webhook's self-managed
 * certificate flags (issue 13's certificate half) and the controller's {@code --cloud} with the AWS
 * settings (the AWS provider). While a program does not know the first of its pending flags they
 * are let through by name; once it knows it, every pending name must be known, so a flag renamed on
 * one side fails here, not at install.
 */
class ProgramFlagsTest {

    private static final List<String> WEBHOOK_PENDING_FLAGS = List.of("--tls-mode", "--tls-secret", "--tls-service", "--webhook-configurations");
    private static final Set<String> WEBHOOK_PENDING_ENV = Set.of("POD_NAMESPACE");
    private static final List<String> CONTROLLER_PENDING_FLAGS = List.of("--cloud");
    private static final Set<String> CONTROLLER_PENDING_ENV = Set.of("JIG_CLUSTER_NAME", "JIG_CLUSTER_ENDPOINT", "JIG_CLUSTER_CA_BUNDLE",
            "JIG_SERVICE_CIDR", "JIG_INTERRUPTION_QUEUE");
    /** Read outside picocli: the JVM, logback.xml, the AWS SDK's region chain. */
    private static final Set<String> READ_ELSEWHERE = Set.of("JAVA_TOOL_OPTIONS", "JIG_LOG_FORMAT", "JIG_LOG_LEVEL", "JIG_LOG_LEVELS_FILE", "AWS_REGION");

    static List<String> combinations() {
        return Rendered.combinations().toList();
    }

    private static CommandSpec webhook() {
        return new CommandLine(new dev.jig.webhook.Main()).getCommandSpec();
    }

    private static CommandSpec controllerRun() {
        return new CommandLine(new dev.jig.controller.app.Main()).getSubcommands().get("run").getCommandSpec();
    }

    private static Container container(String combination, String deployment) {
        return StrictObjects.all(Rendered.objects(combination), Deployment.class).stream().filter(d -> d.getMetadata().getName().equals(deployment))
                .findFirst().map(d -> d.getSpec().getTemplate().getSpec().getContainers().get(0)).orElse(null);
    }

    /** The arguments without the pending flags the program does not know yet; fails if it knows some pending flags but not all. */
    private static List<String> knownArgs(CommandSpec spec, List<String> args, List<String> pending) {
        Set<String> known = spec.options().stream().flatMap(o -> Set.of(o.names()).stream()).collect(Collectors.toSet());
        boolean arrived = known.contains(pending.get(0));
        if (arrived) assertThat(known).as("%s knows %s, so it must know all of %s", spec.name(), pending.get(0), pending).containsAll(pending);
        List<String> out = new ArrayList<>();
        for (String a : args) {
            String flag = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
            if (flag.startsWith("--") && !known.contains(flag)) {
                assertThat(pending).as("%s does not know %s", spec.name(), flag).contains(flag);
                continue;
            }
            out.add(a);
        }
        return out;
    }

    private static void assertEnvIsRead(CommandSpec spec, Container c, Set<String> pending) {
        Set<String> fallbacks = new java.util.HashSet<>();
        for (OptionSpec o : spec.options()) {
            // the annotation's text, since picocli's defaultValue() has already looked the variable up
            if (!(o.userObject() instanceof java.lang.reflect.AnnotatedElement element)) continue;
            CommandLine.Option option = element.getAnnotation(CommandLine.Option.class);
            String d = option == null ? "" : option.defaultValue();
            if (d.startsWith("${env:")) fallbacks.add(d.substring(6).split("[:}]")[0]);
        }
        for (EnvVar e : c.getEnv()) {
            if (fallbacks.contains(e.getName()) || READ_ELSEWHERE.contains(e.getName())) continue;
            assertThat(pending).as("%s reads no %s", spec.name(), e.getName()).contains(e.getName());
        }
    }

    @ParameterizedTest
    @MethodSource("combinations")
    void theWebhookParsesItsArgumentsAndReadsItsEnvironment(String combination) {
        Container c = container(combination, "jig-webhook");
        if (c == null) {
            assertThat(combination).isEqualTo("controller-only");
            return;
        }
        CommandSpec spec = webhook();
        List<String> args = knownArgs(spec, c.getArgs(), WEBHOOK_PENDING_FLAGS);
        assertThat(args).anyMatch(a -> a.startsWith("--exempt-namespaces="));
        assertThatCode(() -> new CommandLine(new dev.jig.webhook.Main()).parseArgs(args.toArray(String[]::new))).doesNotThrowAnyException();
        assertEnvIsRead(spec, c, WEBHOOK_PENDING_ENV);
    }

    @ParameterizedTest
    @MethodSource("combinations")
    void theControllerParsesItsArgumentsAndReadsItsEnvironment(String combination) {
        Container c = container(combination, "jig-controller");
        if (c == null) {
            assertThat(combination).isEqualTo("webhook-only");
            return;
        }
        assertThat(c.getArgs().get(0)).isEqualTo("run");
        CommandSpec run = controllerRun();
        List<String> args = new ArrayList<>(List.of("run"));
        args.addAll(knownArgs(run, c.getArgs().subList(1, c.getArgs().size()), CONTROLLER_PENDING_FLAGS));
        assertThatCode(() -> new CommandLine(new dev.jig.controller.app.Main()).parseArgs(args.toArray(String[]::new))).doesNotThrowAnyException();
        assertEnvIsRead(run, c, CONTROLLER_PENDING_ENV);
    }
}
