package dev.jig.aws.sdk;

import java.net.URI;
import java.time.Duration;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.core.retry.RetryMode;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.ec2.Ec2Client;

/**
 * Builds the EC2 client the way Jig runs it: the url-connection HTTP client (no Apache or Netty),
 * the SDK's adaptive retry mode, which slows down on throttling, and by default the SDK's default
 * credentials chain, so IRSA and EKS Pod Identity work unchanged. An endpoint override serves VPC
 * endpoints and the loopback endpoint of the tests.
 */
public final class Ec2Clients {

    private Ec2Clients() {
    }

    /** A client for {@code region}, at {@code endpoint} when not null, with the default credentials chain. */
    public static Ec2Client create(String region, URI endpoint) {
        return create(region, endpoint, DefaultCredentialsProvider.builder().build());
    }

    public static Ec2Client create(String region, URI endpoint, AwsCredentialsProvider credentials) {
        var builder = Ec2Client.builder()
                .region(Region.of(region))
                .credentialsProvider(credentials)
                .httpClientBuilder(UrlConnectionHttpClient.builder().connectionTimeout(Duration.ofSeconds(5)).socketTimeout(Duration.ofSeconds(30)))
                .overrideConfiguration(o -> o.retryStrategy(RetryMode.ADAPTIVE_V2));
        if (endpoint != null) builder.endpointOverride(endpoint);
        return builder.build();
    }
}
