package dev.jig.charts;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.JsonEncoder;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.status.Status;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The chart's logging values reach logback as the programs configure it: the environment and the
 * levels file the chart renders are applied to each program's own logback.xml, and the loggers
 * end up with the levels and the format the values asked for.
 */
class LoggingTest {

    private static final List<String> CONFIGS = List.of("webhook/src/main/resources/logback.xml", "controller-app/src/main/resources/logback.xml");

    /**
     * Configures a fresh logback context from a program's logback.xml as its container in the
     * combination's render would: with its environment and the levels file mounted from jig-logging.
     */
    private static LoggerContext configure(String combination, String logbackXml, Path mount) throws Exception {
        List<Object> objects = Rendered.objects(combination);
        Container container = container(objects, logbackXml);
        ConfigMap logging = StrictObjects.one(objects, ConfigMap.class, "jig-logging");
        Map<String, String> env = container.getEnv().stream().filter(e -> e.getValue() != null).collect(Collectors.toMap(EnvVar::getName, EnvVar::getValue));
        Path levels = mount.resolve("levels.properties");
        Files.writeString(levels, logging.getData().get("levels.properties"));
        assertThat(env.get("JIG_LOG_LEVELS_FILE")).isEqualTo("/etc/jig/logging/levels.properties");
        assertThat(container.getVolumeMounts()).anySatisfy(m -> assertThat(m.getMountPath()).isEqualTo("/etc/jig/logging"));
        LoggerContext context = new LoggerContext();
        env.forEach(context::putProperty);
        context.putProperty("JIG_LOG_LEVELS_FILE", levels.toString());
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(context);
        configurator.doConfigure(JigChart.ROOT.resolve(logbackXml).toFile());
        // a warning would make logback print its status on stdout, which is simulate's report
        assertThat(context.getStatusManager().getCopyOfStatusList()).as("logback configured without errors or warnings")
                .noneMatch(s -> s.getLevel() >= Status.WARN);
        return context;
    }

    private static Container container(List<Object> objects, String config) {
        String deployment = config.startsWith("webhook") ? "jig-webhook" : "jig-controller";
        return StrictObjects.one(objects, Deployment.class, deployment).getSpec().getTemplate().getSpec().getContainers().get(0);
    }

    @ParameterizedTest
    @ValueSource(strings = {"webhook/src/main/resources/logback.xml", "controller-app/src/main/resources/logback.xml"})
    void theDefaultsLogJsonLinesAtInfo(String config, @TempDir Path mount) throws Exception {
        LoggerContext context = configure("defaults", config, mount);
        var root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        assertThat(root.getLevel()).isEqualTo(Level.INFO);
        assertThat(((ConsoleAppender<?>) root.getAppender("OUT")).getEncoder()).isInstanceOf(JsonEncoder.class);
        assertThat(context.getLogger("io.fabric8").getLevel()).isEqualTo(Level.WARN);
        context.stop();
    }

    @ParameterizedTest
    @ValueSource(strings = {"webhook/src/main/resources/logback.xml", "controller-app/src/main/resources/logback.xml"})
    void levelsPerLoggerAndPlainTextComeFromTheValues(String config, @TempDir Path mount) throws Exception {
        LoggerContext context = configure("servicemonitor", config, mount);
        var root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        assertThat(((ConsoleAppender<?>) root.getAppender("OUT")).getEncoder()).isInstanceOf(PatternLayoutEncoder.class);
        assertThat(context.getLogger("dev.jig.controller.provisioning").getLevel()).isEqualTo(Level.DEBUG);
        assertThat(context.getLogger("io.fabric8").getLevel()).as("the values win over the built-in levels").isEqualTo(Level.INFO);
        assertThat(context.getLogger("org.eclipse.jetty").getLevel()).as("what the values leave alone keeps its built-in level").isEqualTo(Level.WARN);
        context.stop();
    }

    @ParameterizedTest
    @ValueSource(strings = {"webhook/src/main/resources/logback.xml", "controller-app/src/main/resources/logback.xml"})
    void withoutTheLevelsFileTheProgramStillStarts(String config) throws Exception {
        LoggerContext context = new LoggerContext();
        context.putProperty("JIG_LOG_LEVELS_FILE", "/nonexistent/levels.properties");
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(context);
        configurator.doConfigure(JigChart.ROOT.resolve(config).toFile());
        assertThat(context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME).getLevel()).isEqualTo(Level.INFO);
        assertThat(context.getStatusManager().getCopyOfStatusList()).noneMatch(s -> s.getLevel() >= Status.WARN);
        assertThat(CONFIGS).contains(config);
        context.stop();
    }
}
