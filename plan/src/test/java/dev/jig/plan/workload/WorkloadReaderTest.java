package dev.jig.plan.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jig.api.ec2.Catalog;
import dev.jig.controller.model.Pod;
import dev.jig.plan.Golden;
import dev.jig.plan.TestScenarioSchema;
import dev.jig.plan.cli.PlanCommand;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class WorkloadReaderTest {

    private static final Path DIR = Path.of("src/test/resources/workloads");
    private static final Path ACME = Path.of(System.getProperty("jig.repo.root", "..")).resolve("examples/acme/workload/snapshot.json");

    private static Workload read(Path... files) throws Exception {
        return new WorkloadReader(Set.copyOf(PlanCommand.EXEMPT), "default", new TestScenarioSchema(), Catalog.bundled()).read(List.of(files));
    }

    private static Pod pod(Workload w, String key) {
        return w.pods().stream().filter(p -> p.key().equals(key)).findFirst().orElseThrow();
    }

    @Test
    void aKubectlJsonSnapshotReplaysRunningPodsAsPendingAndCountsWhatItLeavesOut() throws Exception {
        Workload w = read(ACME);
        assertThat(w.files()).singleElement().satisfies(f -> assertThat(f.format()).isEqualTo(WorkloadFormat.KUBECTL_JSON));
        assertThat(w.ignored()).isEqualTo(new Workload.Ignored(2, 2, 6));
        assertThat(w.pods()).hasSize(107).allSatisfy(p -> assertThat(p.nodeName()).isNull());
        assertThat(w.daemonSets()).extracting(Pod::name).containsExactly("aws-node", "node-exporter");
        assertThat(w.namespaces()).containsEntry("legacy-reports", 2).doesNotContainKey("kube-system");
        Pod triton = w.pods().stream().filter(p -> p.name().startsWith("triton-")).findFirst().orElseThrow();
        assertThat(triton.requests().gpus()).isEqualTo(1);
        assertThat(triton.nodeSelector()).containsEntry("accelerator", "nvidia");
        assertThat(triton.tolerations()).anySatisfy(t -> assertThat(t.key()).isEqualTo("nvidia.com/gpu"));
        Pod web = w.pods().stream().filter(p -> p.name().startsWith("web-frontend-")).findFirst().orElseThrow();
        assertThat(web.spreads()).singleElement().satisfies(s -> assertThat(s.topologyKey()).isEqualTo("topology.kubernetes.io/zone"));
    }

    @Test
    void aKubectlYamlListReadsLikeItsJson() throws Exception {
        Workload w = read(DIR.resolve("list.yaml"));
        assertThat(w.files().get(0).format()).isEqualTo(WorkloadFormat.KUBECTL_YAML);
        assertThat(w.files().get(0).pods()).isEqualTo(4);
        assertThat(w.pods()).extracting(Pod::key).containsExactly("payments/api-0", "payments/api-1");
        assertThat(pod(w, "payments/api-0").requests().cpuMillis()).isEqualTo(2000);
        assertThat(w.ignored()).isEqualTo(new Workload.Ignored(1, 1, 0));
        assertThat(w.daemonSets()).extracting(Pod::name).containsExactly("aws-node");
    }

    @Test
    void manifestsExpandToTheirReplicasAndSkipKindsThatStartNoPods() throws Exception {
        Workload w = read(DIR.resolve("helm.yaml"));
        assertThat(w.files().get(0).format()).isEqualTo(WorkloadFormat.MANIFESTS);
        assertThat(w.pods()).extracting(Pod::key).containsExactly("storefront/web-0", "storefront/web-1", "storefront/web-2",
                "search-ingest/indexer-0", "search-ingest/indexer-1", "payments-jobs/settle-0", "payments-jobs/settle-1", "default/reports-0");
        assertThat(pod(w, "storefront/web-1").nodeSelector()).containsEntry("app-tier", "web");
        assertThat(pod(w, "search-ingest/indexer-0").requests().memoryBytes()).isEqualTo(32L << 30);
    }

    @Test
    void aSimulateScenarioGivesItsDeploymentsAtTheirReplicas() throws Exception {
        Workload w = read(DIR.resolve("scenario.yaml"));
        assertThat(w.files().get(0).format()).isEqualTo(WorkloadFormat.SCENARIO);
        assertThat(w.pods()).hasSize(7);
        assertThat(pod(w, "storefront-checkout/checkout-1").tolerations()).anySatisfy(t -> assertThat(t.value()).isEqualTo("checkout"));
    }

    @Test
    void theSamePodInTwoFilesIsRefusedAtTheSecond() {
        assertThatThrownBy(() -> read(DIR.resolve("list.yaml"), DIR.resolve("list.yaml")))
                .hasMessageStartingWith("src/test/resources/workloads/list.yaml:4:5: error: a second pod payments/api-0");
    }

    @Test
    void malformedWorkloadsAreRefusedWhereTheyGoWrong() throws Exception {
        StringBuilder out = new StringBuilder();
        for (String file : List.of("truncated.json", "bad-quantity.json", "bad-quantity.yaml", "unknown-kind.yaml", "negative-replicas.yaml",
                "truncated.yaml", "missing.json")) {
            try {
                read(DIR.resolve(file));
                out.append(file).append(": read without error\n");
            } catch (WorkloadError e) {
                out.append(e.getMessage()).append('\n');
            }
        }
        Golden.check("malformed-workloads.txt", out.toString());
        assertThat(out.toString()).doesNotContain("read without error")
                .contains("bad-quantity.json#/items/0/spec/containers/0/resources/requests/cpu: error: cpu: '2 cores' is not a Kubernetes quantity")
                .contains("bad-quantity.yaml:11:43: error: memory: '1GB' is not a Kubernetes quantity");
    }
}
