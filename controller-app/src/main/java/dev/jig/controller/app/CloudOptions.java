package dev.jig.controller.app;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Option;

/**
 * {@code run}'s cloud options, each a flag with an environment fallback (the Helm chart sets the
 * variables): which cloud, and for {@code aws} the cluster the nodes join and where EC2 is.
 * {@link #problems()} checks them before anything starts and names every flag and variable that is
 * missing or wrong, so a misconfigured pod says what to fix instead of crash-looping.
 */
final class CloudOptions {

    @Option(names = "--cloud", defaultValue = "${env:JIG_CLOUD:-sim}",
            description = "Cloud provider: aws (EC2) or sim (simulated; env JIG_CLOUD; default: sim).")
    String cloud;

    @Option(names = "--cluster-name", defaultValue = "${env:JIG_CLUSTER_NAME}", description = "EKS cluster name (env JIG_CLUSTER_NAME; aws).")
    String clusterName;

    @Option(names = "--region", defaultValue = "${env:AWS_REGION}", description = "AWS region (env AWS_REGION; aws).")
    String region;

    @Option(names = "--cluster-endpoint", defaultValue = "${env:JIG_CLUSTER_ENDPOINT}",
            description = "API server endpoint nodes join, https://… (env JIG_CLUSTER_ENDPOINT; aws).")
    String clusterEndpoint;

    @Option(names = "--cluster-ca-bundle", defaultValue = "${env:JIG_CLUSTER_CA_BUNDLE}",
            description = "Cluster CA, base64 PEM as EKS shows it (env JIG_CLUSTER_CA_BUNDLE; aws).")
    String clusterCaBundle;

    @Option(names = "--service-cidr", defaultValue = "${env:JIG_SERVICE_CIDR}",
            description = "Kubernetes service CIDR, e.g. 10.100.0.0/16 (env JIG_SERVICE_CIDR; aws).")
    String serviceCidr;

    @Option(names = "--interruption-queue", defaultValue = "${env:JIG_INTERRUPTION_QUEUE}",
            description = "SQS queue of EC2 interruption events (env JIG_INTERRUPTION_QUEUE; aws; optional).")
    String interruptionQueue;

    @Option(names = "--aws-endpoint-url", defaultValue = "${env:JIG_AWS_ENDPOINT_URL}",
            description = "Endpoint for EC2, SSM, IAM, SQS and Pricing to use instead of the region's, for VPC endpoints and tests (env JIG_AWS_ENDPOINT_URL; optional).")
    String awsEndpointUrl;

    @Option(names = "--instance-refresh-seconds", defaultValue = "${env:JIG_INSTANCE_REFRESH_SECONDS:-15}",
            description = "How often the cluster's EC2 instances are listed, in seconds: one DescribeInstances per 1,000 instances "
                    + "(env JIG_INSTANCE_REFRESH_SECONDS; aws; default: 15).")
    String instanceRefreshSeconds;

    boolean aws() {
        return "aws".equals(cloud);
    }

    /** What is missing or wrong, one line per option, naming its flag and variable; empty when the options can start. */
    List<String> problems() {
        List<String> out = new ArrayList<>();
        if (!"aws".equals(cloud) && !"sim".equals(cloud)) {
            out.add("--cloud (JIG_CLOUD) must be aws or sim, not '" + cloud + "'");
            return out;
        }
        if (!aws()) return out;
        if (blank(clusterName)) out.add("--cluster-name (JIG_CLUSTER_NAME) is required with --cloud aws");
        else if (!clusterName.matches("[A-Za-z0-9][A-Za-z0-9_-]{0,99}")) out.add("--cluster-name (JIG_CLUSTER_NAME) '" + clusterName + "' is not an EKS cluster name");
        if (blank(region)) out.add("--region (AWS_REGION) is required with --cloud aws");
        else if (!region.matches("[a-z]{2}(-gov|-iso[a-z]*)?-[a-z]+-\\d")) out.add("--region (AWS_REGION) '" + region + "' is not an AWS region such as us-east-1");
        if (blank(clusterEndpoint)) out.add("--cluster-endpoint (JIG_CLUSTER_ENDPOINT) is required with --cloud aws");
        else if (!url(clusterEndpoint, true)) out.add("--cluster-endpoint (JIG_CLUSTER_ENDPOINT) '" + clusterEndpoint + "' is not an https:// URL");
        if (blank(clusterCaBundle)) out.add("--cluster-ca-bundle (JIG_CLUSTER_CA_BUNDLE) is required with --cloud aws");
        else if (!pem(clusterCaBundle)) out.add("--cluster-ca-bundle (JIG_CLUSTER_CA_BUNDLE) is not a base64-encoded PEM certificate");
        if (blank(serviceCidr)) out.add("--service-cidr (JIG_SERVICE_CIDR) is required with --cloud aws");
        else if (!cidr(serviceCidr)) out.add("--service-cidr (JIG_SERVICE_CIDR) '" + serviceCidr + "' is not an IPv4 CIDR such as 10.100.0.0/16");
        if (instanceRefresh() == null) {
            out.add("--instance-refresh-seconds (JIG_INSTANCE_REFRESH_SECONDS) '" + instanceRefreshSeconds + "' is not a whole number of seconds from 1 to 600");
        }
        if (!blank(awsEndpointUrl) && !url(awsEndpointUrl, false)) {
            out.add("--aws-endpoint-url (JIG_AWS_ENDPOINT_URL) '" + awsEndpointUrl + "' is not an http:// or https:// URL");
        }
        return out;
    }

    /** The instance refresh period; null when the option is not a number of seconds from 1 to 600. */
    Duration instanceRefresh() {
        if (instanceRefreshSeconds == null || !instanceRefreshSeconds.trim().matches("\\d{1,3}")) return null;
        int seconds = Integer.parseInt(instanceRefreshSeconds.trim());
        return seconds >= 1 && seconds <= 600 ? Duration.ofSeconds(seconds) : null;
    }

    URI endpoint() {
        return blank(awsEndpointUrl) ? null : URI.create(awsEndpointUrl);
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }

    private static boolean url(String s, boolean httpsOnly) {
        try {
            URI u = new URI(s);
            String scheme = u.getScheme() == null ? "" : u.getScheme().toLowerCase(Locale.ROOT);
            return u.getHost() != null && (scheme.equals("https") || (!httpsOnly && scheme.equals("http")));
        } catch (URISyntaxException e) {
            return false;
        }
    }

    private static boolean pem(String base64) {
        try {
            return new String(Base64.getMimeDecoder().decode(base64), StandardCharsets.US_ASCII).contains("-----BEGIN CERTIFICATE-----");
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static boolean cidr(String s) {
        String[] parts = s.split("/", -1);
        if (parts.length != 2 || !parts[1].matches("\\d{1,2}") || Integer.parseInt(parts[1]) > 32) return false;
        String[] octets = parts[0].split("\\.", -1);
        if (octets.length != 4) return false;
        for (String o : octets) if (!o.matches("\\d{1,3}") || Integer.parseInt(o) > 255) return false;
        return Integer.parseInt(octets[3]) + 10 <= 255;
    }
}
