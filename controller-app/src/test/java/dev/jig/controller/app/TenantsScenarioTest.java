package dev.jig.controller.app;

import dev.jig.api.ec2.Catalog;
import dev.jig.controller.simulate.ScenarioReader;
import dev.jig.controller.simulate.Simulation;
import dev.jig.controller.simulate.SimulationReport;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** A scenario whose NodePools, EC2NodeClasses and tenancy come from compiling the acme policies. */
class TenantsScenarioTest {

    private static final Path FILE = Path.of(System.getProperty("jig.repo.root", ".."), "examples", "scenarios", "tenants.yaml");

    @Test
    void aTenantsPodsUseItsPoolsReservedFirstAndNeverExceedItsQuota() throws IOException {
        ScenarioReader.Result read = new ScenarioReader(new CompilerScenarioSchema(), Catalog.bundled()).read(FILE, Files.readString(FILE));
        assertThat(read.diagnostics()).isEmpty();
        SimulationReport r = Simulation.run(read.scenario().orElseThrow(), Catalog.bundled(), new CompilerPolicies(Catalog.bundled()));
        assertThat(r.diagnostics()).noneMatch(d -> d.isError());
        assertThat(r.checks()).allSatisfy(c -> assertThat(c.passed()).as(c.actual()).isTrue());
        assertThat(r.nodes()).isNotEmpty().allSatisfy(n -> assertThat(n.pool()).startsWith("payments-"));
        Map<String, Integer> vcpus = Map.of("xlarge", 4, "2xlarge", 8, "4xlarge", 16, "8xlarge", 32, "12xlarge", 48, "16xlarge", 64, "large", 2, "medium", 1);
        int tenant = 0, reserved = 0;
        for (SimulationReport.NodeLine n : r.nodes()) {
            int cpu = vcpus.get(n.instanceType().substring(n.instanceType().indexOf('.') + 1));
            tenant += cpu;
            if (n.pool().equals("payments-reserved-graviton-savings-plan")) reserved += cpu;
        }
        assertThat(tenant).as("payments' 800 vCPU quota").isLessThanOrEqualTo(800);
        assertThat(reserved).as("the reserved pool filled to its 256 vCPU limit").isEqualTo(256);
        assertThat(tenant).as("with pods left pending, the reserved and api pools are both full (256 + 408 vCPUs)").isEqualTo(664);
        assertThat(r.pendingPods()).isPositive();
        assertThat(r.timeline()).anyMatch(l -> l.kind().equals("UNSCHEDULABLE") && l.message().contains("[JIG0604]"));
        assertThat(r.timeline().stream().filter(l -> l.kind().equals("NODECLAIM_CREATED")).findFirst().orElseThrow().subject())
                .as("reserved capacity first").startsWith("payments-reserved-graviton-savings-plan");
    }
}
