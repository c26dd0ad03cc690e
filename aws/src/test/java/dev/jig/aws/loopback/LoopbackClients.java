package dev.jig.aws.loopback;

import dev.jig.aws.sdk.ServiceClients;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;

/** The production client factory pointed at a loopback service, with fixed test credentials. */
public final class LoopbackClients {

    private LoopbackClients() {
    }

    public static ServiceClients at(LoopbackService service) {
        return at(service.endpoint());
    }

    public static ServiceClients at(LoopbackEc2 ec2) {
        return at(ec2.uri());
    }

    public static ServiceClients at(java.net.URI endpoint) {
        return at(endpoint, new io.micrometer.core.instrument.simple.SimpleMeterRegistry());
    }

    /** As {@link #at(java.net.URI)}, counting every call in {@code registry}. */
    public static ServiceClients at(java.net.URI endpoint, io.micrometer.core.instrument.MeterRegistry registry) {
        return new ServiceClients("us-east-1", endpoint,
                StaticCredentialsProvider.create(AwsBasicCredentials.create("AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY")), registry);
    }
}
