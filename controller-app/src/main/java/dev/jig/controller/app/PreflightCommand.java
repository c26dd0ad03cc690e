package dev.jig.controller.app;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.api.diag.ExitCode;
import dev.jig.api.ec2.NodeClass;
import dev.jig.aws.ami.AmiProvider;
import dev.jig.aws.ami.SsmAmiAliases;
import dev.jig.aws.instanceprofile.IamInstanceProfiles;
import dev.jig.aws.nodeclass.NodeClassResolver;
import dev.jig.aws.preflight.Preflight;
import dev.jig.aws.preflight.SdkPreflightApis;
import dev.jig.aws.sdk.SdkEc2;
import dev.jig.aws.sdk.ServiceClients;
import dev.jig.aws.securitygroup.SecurityGroupProvider;
import dev.jig.aws.subnet.SubnetProvider;
import dev.jig.controller.kube.KubeCluster;
import dev.jig.controller.manifest.KarpenterManifests;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * {@code jig-controller aws-preflight}: asks AWS, with reads and dry runs only, what an operator gets wrong before the
 * first pod waits ({@link Preflight}): credentials and region, each EC2NodeClass's subnets, security groups, AMIs,
 * instance profile or role and a dry-run launch, the interruption queue and its policy, the spot service-linked role.
 * The EC2NodeClasses are read from the cluster. One line per check on stdout; exit 0 when every check passed, 1 when
 * one failed, 2 on usage or an unreachable API server.
 */
@Command(name = "aws-preflight", mixinStandardHelpOptions = true,
        description = "Check the AWS account before the first launch: credentials and region, each EC2NodeClass's subnets, security groups, "
                + "AMIs, instance profile or role and a dry-run launch, the interruption queue and the spot service-linked role. Reads and dry "
                + "runs only. Exit codes: 0 every check passed, 1 a check failed, 2 usage or the API server unreachable.")
final class PreflightCommand implements Callable<Integer> {

    @Option(names = "--kubeconfig", description = "Kubeconfig file (default: KUBECONFIG, else ~/.kube/config, else the in-cluster service account).")
    String kubeconfig;

    @Option(names = "--context", defaultValue = "${env:JIG_KUBE_CONTEXT}", description = "Kubeconfig context (env JIG_KUBE_CONTEXT; default: the current one).")
    String context;

    @Option(names = "--cluster-name", defaultValue = "${env:JIG_CLUSTER_NAME}", required = true, description = "EKS cluster name (env JIG_CLUSTER_NAME).")
    String clusterName;

    @Option(names = "--region", defaultValue = "${env:AWS_REGION}", required = true, description = "AWS region (env AWS_REGION).")
    String region;

    @Option(names = "--interruption-queue", defaultValue = "${env:JIG_INTERRUPTION_QUEUE}", description = "SQS queue of EC2 interruption events to check (env JIG_INTERRUPTION_QUEUE; optional).")
    String interruptionQueue;

    @Option(names = "--aws-endpoint-url", defaultValue = "${env:JIG_AWS_ENDPOINT_URL}", description = "One endpoint for every AWS call (env JIG_AWS_ENDPOINT_URL; tests, proxies).")
    String awsEndpointUrl;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        KubeConnection connection;
        try {
            connection = KubeConnection.open(kubeconfig, context);
        } catch (IOException | RuntimeException e) {
            err.println("jig-controller: cannot read the kubeconfig: " + e.getMessage());
            err.flush();
            return ExitCode.USAGE;
        }
        Optional<String> unreachable = connection.probe();
        if (unreachable.isPresent()) {
            err.println("jig-controller: " + unreachable.get());
            err.flush();
            return ExitCode.USAGE;
        }
        KubernetesClient client = connection.client();
        List<NodeClass> classes = new ArrayList<>();
        List<Preflight.Check> unreadable = new ArrayList<>();
        try {
            for (GenericKubernetesResource r : client.genericKubernetesResources(KubeCluster.NODE_CLASSES).list().getItems()) {
                try {
                    classes.add(KarpenterManifests.nodeClass(client.getKubernetesSerialization().convertValue(r, JsonNode.class)));
                } catch (RuntimeException e) {
                    unreadable.add(new Preflight.Check("EC2NodeClass " + r.getMetadata().getName(), false, "cannot be read: " + e.getMessage()));
                }
            }
        } catch (KubernetesClientException e) {
            err.println("jig-controller: cannot list EC2NodeClasses: " + e.getMessage());
            err.flush();
            return ExitCode.USAGE;
        }
        Clock clock = Clock.systemUTC();
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        ServiceClients clients = ServiceClients.withDefaultCredentials(region, awsEndpointUrl == null || awsEndpointUrl.isBlank() ? null : URI.create(awsEndpointUrl),
                registry);
        SdkEc2 ec2 = new SdkEc2(clients.ec2(), registry);
        NodeClassResolver resolver = new NodeClassResolver(new SubnetProvider(ec2, clock), new SecurityGroupProvider(ec2, clock),
                new AmiProvider(ec2, new SsmAmiAliases(clients.ssm(), clock), () -> RunCommand.kubernetesVersion(client), clock),
                new IamInstanceProfiles(clients.iam(), clusterName, region, clock));
        Preflight preflight = new Preflight(ec2, resolver, new SdkPreflightApis(clients.iam(), clients.sqs()), clusterName, region);
        Optional<String> queue = interruptionQueue == null || interruptionQueue.isBlank() ? Optional.empty() : Optional.of(interruptionQueue);
        List<Preflight.Check> checks = new ArrayList<>(unreadable);
        checks.addAll(preflight.run(classes, queue));
        if (classes.isEmpty() && unreadable.isEmpty()) out.println("note  no EC2NodeClass in the cluster: apply the compiled manifests, then run this again to check them");
        checks.forEach(out::println);
        long failed = checks.stream().filter(c -> !c.passed()).count();
        out.println(failed == 0 ? checks.size() + " checks passed" : failed + " of " + checks.size() + " checks failed");
        out.flush();
        return failed == 0 ? ExitCode.OK : ExitCode.FINDINGS;
    }
}
