package dev.jig.controller.app;

import dev.jig.aws.ami.SsmAmiAliases;
import dev.jig.aws.cloud.AwsCloud;
import dev.jig.aws.cloud.Ec2Settings;
import dev.jig.aws.sdk.ServiceClients;
import dev.jig.aws.sdk.SdkEc2;
import dev.jig.aws.pricing.SdkPriceList;
import dev.jig.aws.instanceprofile.IamInstanceProfiles;
import dev.jig.aws.interruption.BackgroundCloudEventSource;
import dev.jig.aws.interruption.SqsCloudEventSource;
import dev.jig.controller.cloud.CloudEventSource;
import dev.jig.aws.userdata.ClusterInfo;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.util.function.Supplier;

/**
 * {@code run --cloud aws}: the EC2, SSM, IAM and Pricing clients from the one {@link ServiceClients} factory
 * (default credentials chain, adaptive retries, url-connection HTTP client, optional endpoint) and the
 * provider built on them from the validated {@link CloudOptions}: AMI aliases through SSM, instance
 * profiles for {@code spec.role} through IAM, on-demand prices from the Price List API, interruption events from SQS. Every AWS call is counted
 * in {@code jig_aws_calls_total}; the provider's background refresh thread is started here (a daemon,
 * so it never holds the process; {@link AwsCloud#close()} stops it).
 */
final class AwsComposition {

    private AwsComposition() {
    }

    static AwsCloud create(CloudOptions o, Supplier<String> kubernetesVersion, java.util.Optional<String> kubeDns, Clock clock, MeterRegistry registry) {
        ServiceClients clients = clients(o, registry);
        ClusterInfo cluster = new ClusterInfo(o.clusterName, o.clusterEndpoint, o.clusterCaBundle, o.serviceCidr, kubeDns.orElse(null));
        return new AwsCloud(new SdkEc2(clients.ec2(), registry), new SdkPriceList(clients.pricing()), new Ec2Settings(cluster, o.region, o.instanceRefresh()), kubernetesVersion,
                new SsmAmiAliases(clients.ssm(), clock), new IamInstanceProfiles(clients.iam(), o.clusterName, o.region, clock),
                clock, registry).start();
    }

    /**
     * The interruption feed: {@link SqsCloudEventSource} on {@code --interruption-queue} with Karpenter's
     * settings (20 s long polls), read on a thread of its own so that the reconcile loop never waits on
     * a long poll; {@link CloudEventSource#NONE} when no queue is named.
     */
    static CloudEventSource events(CloudOptions o, Clock clock, MeterRegistry registry) {
        if (o.interruptionQueue == null || o.interruptionQueue.isBlank()) {
            return CloudEventSource.NONE;
        }
        return new BackgroundCloudEventSource(new SqsCloudEventSource(clients(o, registry).sqs(), SqsCloudEventSource.Settings.of(o.interruptionQueue),
                clock, registry), "jig-interruption-queue");
    }

    private static ServiceClients clients(CloudOptions o, MeterRegistry registry) {
        return ServiceClients.withDefaultCredentials(o.region, o.endpoint(), registry);
    }
}
