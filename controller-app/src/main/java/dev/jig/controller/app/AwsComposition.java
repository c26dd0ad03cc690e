package dev.jig.controller.app;

import dev.jig.aws.cloud.AwsCloud;
import dev.jig.aws.cloud.Ec2Settings;
import dev.jig.aws.sdk.Ec2Clients;
import dev.jig.aws.sdk.SdkEc2;
import dev.jig.aws.userdata.ClusterInfo;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.util.function.Supplier;
import software.amazon.awssdk.services.ec2.Ec2Client;

/**
 * {@code run --cloud aws}: the EC2 client (default credentials chain, adaptive retries,
 * url-connection HTTP client) and the provider built on it from the validated {@link CloudOptions}.
 */
final class AwsComposition {

    private AwsComposition() {
    }

    static AwsCloud create(CloudOptions o, Supplier<String> kubernetesVersion, Clock clock, MeterRegistry registry) {
        Ec2Client client = Ec2Clients.create(o.region, o.endpoint());
        WithoutSsmAndIam ports = new WithoutSsmAndIam();
        ClusterInfo cluster = new ClusterInfo(o.clusterName, o.clusterEndpoint, o.clusterCaBundle, o.serviceCidr);
        return new AwsCloud(new SdkEc2(client, registry), new Ec2Settings(cluster, o.region), kubernetesVersion, ports, ports, clock, registry);
    }
}
