package dev.jig.aws.sdk;

import io.micrometer.core.instrument.MeterRegistry;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.awscore.client.builder.AwsClientBuilder;
import software.amazon.awssdk.awscore.client.builder.AwsSyncClientBuilder;
import software.amazon.awssdk.core.retry.RetryMode;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.regions.RegionMetadata;
import software.amazon.awssdk.services.ec2.Ec2Client;
import software.amazon.awssdk.services.iam.IamClient;
import software.amazon.awssdk.services.pricing.PricingClient;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.ssm.SsmClient;

import java.net.URI;
import java.time.Duration;

/**
 * The one factory of Jig's AWS clients (EC2, SSM, IAM, SQS, Pricing), built the way Jig runs them: the url-connection HTTP client (no Apache
 * or Netty), the SDK's adaptive retry mode that slows down on throttling, and by default the SDK's
 * default credentials chain, so that IRSA and EKS Pod Identity work unchanged. An endpoint override
 * serves VPC endpoints and the tests' loopback endpoints. IAM is global: its client is signed for the
 * partition's global region, whatever region the controller runs in. Every client counts its calls
 * through {@link CallMetrics}.
 */
public final class ServiceClients {

    /** Longer than SQS's longest long poll (20 s), so that a quiet queue never times a socket out. */
    private static final Duration SOCKET_TIMEOUT = Duration.ofSeconds(40);
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);

    private final String region;
    private final URI endpoint;
    private final AwsCredentialsProvider credentials;
    private final MeterRegistry registry;

    /**
     * @param region      the cluster's region, such as {@code eu-west-1}
     * @param endpoint    an endpoint for every service, or null for AWS's own
     * @param credentials where credentials come from
     * @param registry    where every call is counted ({@link CallMetrics})
     */
    public ServiceClients(String region, URI endpoint, AwsCredentialsProvider credentials, MeterRegistry registry) {
        this.region = region;
        this.endpoint = endpoint;
        this.credentials = credentials;
        this.registry = registry;
    }

    /** Clients for {@code region} with the default credentials chain, their calls counted in {@code registry}. */
    public static ServiceClients withDefaultCredentials(String region, URI endpoint, MeterRegistry registry) {
        return new ServiceClients(region, endpoint, DefaultCredentialsProvider.builder().build(), registry);
    }

    public Ec2Client ec2() {
        return configure(Ec2Client.builder(), Region.of(region));
    }

    public SsmClient ssm() {
        return configure(SsmClient.builder(), Region.of(region));
    }

    public IamClient iam() {
        return configure(IamClient.builder(), globalRegion(region));
    }

    public SqsClient sqs() {
        return configure(SqsClient.builder(), Region.of(region));
    }

    /** The Price List API, served from a few regions only: the one nearest the cluster's ({@link #pricingRegion}). */
    public PricingClient pricing() {
        return configure(PricingClient.builder(), pricingRegion(region));
    }

    /**
     * Where the Price List API answers for {@code region}: {@code ap-south-1} for Asia Pacific, {@code eu-central-1}
     * for Europe, {@code cn-northwest-1} for China, {@code us-east-1} for the rest (the API serves every region's prices
     * from each of its endpoints).
     */
    static Region pricingRegion(String region) {
        if (region.startsWith("cn-")) return Region.of("cn-northwest-1");
        if (region.startsWith("ap-")) return Region.AP_SOUTH_1;
        if (region.startsWith("eu-")) return Region.EU_CENTRAL_1;
        return Region.US_EAST_1;
    }

    /**
     * IAM's signing region for the partition of {@code region}, from the SDK's region metadata
     * ({@code aws-global}, {@code aws-cn-global}, {@code aws-us-gov-global}, {@code aws-iso-global}
     * ...). A region the SDK does not know is taken to be in the {@code aws} partition.
     */
    static Region globalRegion(String region) {
        RegionMetadata metadata = Region.of(region).metadata();
        String partition = metadata == null ? "aws" : metadata.partition().id();
        return Region.of(partition + "-global");
    }

    private <B extends AwsClientBuilder<B, C> & AwsSyncClientBuilder<B, C>, C> C configure(B builder, Region signingRegion) {
        builder.region(signingRegion)
                .credentialsProvider(credentials)
                .httpClientBuilder(UrlConnectionHttpClient.builder().connectionTimeout(CONNECT_TIMEOUT).socketTimeout(SOCKET_TIMEOUT))
                .overrideConfiguration(o -> o.retryStrategy(RetryMode.ADAPTIVE_V2).addExecutionInterceptor(new CallMetrics(registry)));
        if (endpoint != null) {
            builder.endpointOverride(endpoint);
        }
        return builder.build();
    }
}
