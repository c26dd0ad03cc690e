package dev.jig.controller.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class CloudOptionsTest {

    private static final String CA = Base64.getEncoder().encodeToString("-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n"
            .getBytes(StandardCharsets.US_ASCII));

    @CommandLine.Command(name = "holder")
    static final class Holder {
        @CommandLine.Mixin
        CloudOptions options = new CloudOptions();
    }

    private static CloudOptions parse(String... args) {
        Holder h = new Holder();
        new CommandLine(h).setOverwrittenOptionsAllowed(true).parseArgs(args);
        return h.options;
    }

    private static List<String> complete(String... overrides) {
        List<String> args = new ArrayList<>(List.of("--cloud", "aws", "--cluster-name", "demo", "--region", "us-east-1",
                "--cluster-endpoint", "https://ABC.gr7.us-east-1.eks.amazonaws.com", "--cluster-ca-bundle", CA, "--service-cidr", "10.100.0.0/16"));
        args.addAll(List.of(overrides));
        return args;
    }

    @Test
    void simIsTheDefaultAndNeedsNothing() {
        CloudOptions o = parse();
        assertThat(o.aws()).isFalse();
        assertThat(o.problems()).isEmpty();
    }

    @Test
    void completeAwsSettingsStartWithTheEndpointOverride() {
        CloudOptions o = parse(complete("--aws-endpoint-url", "http://127.0.0.1:4566", "--interruption-queue", "demo-interruptions")
                .toArray(String[]::new));
        assertThat(o.problems()).isEmpty();
        assertThat(o.endpoint()).hasToString("http://127.0.0.1:4566");
        assertThat(o.interruptionQueue).isEqualTo("demo-interruptions");
    }

    @Test
    void everyMissingAwsSettingIsNamedWithItsVariable() {
        CloudOptions o = parse("--cloud", "aws", "--region", "us-east-1");
        assertThat(o.problems()).containsExactly(
                "--cluster-name (JIG_CLUSTER_NAME) is required with --cloud aws",
                "--cluster-endpoint (JIG_CLUSTER_ENDPOINT) is required with --cloud aws",
                "--cluster-ca-bundle (JIG_CLUSTER_CA_BUNDLE) is required with --cloud aws",
                "--service-cidr (JIG_SERVICE_CIDR) is required with --cloud aws");
    }

    @Test
    void theInstanceRefreshIsFifteenSecondsUnlessSetToOneToSixHundred() {
        assertThat(parse(complete().toArray(String[]::new)).instanceRefresh()).isEqualTo(java.time.Duration.ofSeconds(15));
        CloudOptions thirty = parse(complete("--instance-refresh-seconds", "30").toArray(String[]::new));
        assertThat(thirty.problems()).isEmpty();
        assertThat(thirty.instanceRefresh()).isEqualTo(java.time.Duration.ofSeconds(30));
        assertThat(parse(complete("--instance-refresh-seconds", "0").toArray(String[]::new)).problems()).containsExactly(
                "--instance-refresh-seconds (JIG_INSTANCE_REFRESH_SECONDS) '0' is not a whole number of seconds from 1 to 600");
        assertThat(parse(complete("--instance-refresh-seconds", "15s").toArray(String[]::new)).problems()).hasSize(1);
    }

    @Test
    void wrongValuesAreNamedToo() {
        CloudOptions o = parse(complete("--region", "us-east-1a", "--cluster-endpoint", "http://plain", "--cluster-ca-bundle", "bm90IGEgY2VydA==",
                "--service-cidr", "10.100.0.0", "--aws-endpoint-url", "ftp://x").toArray(String[]::new));
        assertThat(o.problems()).hasSize(5).anySatisfy(p -> assertThat(p).startsWith("--region (AWS_REGION) 'us-east-1a'"))
                .anySatisfy(p -> assertThat(p).contains("JIG_CLUSTER_ENDPOINT", "https://"))
                .anySatisfy(p -> assertThat(p).contains("JIG_CLUSTER_CA_BUNDLE", "PEM"))
                .anySatisfy(p -> assertThat(p).contains("JIG_SERVICE_CIDR", "10.100.0.0"))
                .anySatisfy(p -> assertThat(p).contains("JIG_AWS_ENDPOINT_URL", "ftp://x"));
        assertThat(parse("--cloud", "gcp").problems()).containsExactly("--cloud (JIG_CLOUD) must be aws or sim, not 'gcp'");
    }

    @Test
    void runStopsWithExitCodeTwoBeforeTouchingTheClusterWhenSettingsAreWrong() {
        PrintStream saved = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        int code;
        try {
            code = Main.run(new String[] {"run", "--cloud", "aws", "--region", "us-east-1", "--kubeconfig", "/nonexistent"},
                    new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
        } finally {
            System.setErr(saved);
        }
        assertThat(code).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("jig-controller: --cluster-name (JIG_CLUSTER_NAME) is required")
                .doesNotContain("Kubernetes API server", "\tat ");
    }
}
