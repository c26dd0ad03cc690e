package dev.jig.controller.simulate;

import dev.jig.api.ec2.Catalog;
import dev.jig.controller.testing.Scenarios;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class SimulationScaleTest {

    @Test
    void scalingADeploymentLeavesThePodsOfADeploymentWhoseNameItPrefixes() throws IOException {
        var read = Scenarios.readerWithoutSchema().read(Path.of("s.yaml"), """
                apiVersion: jig.dev/v1alpha1
                kind: Scenario
                spec:
                  deployments:
                    - {name: web, replicas: 1, requests: {cpu: "1"}}
                    - {name: web-api, replicas: 2, requests: {cpu: "1"}}
                  steps:
                    - scale: {deployment: web, replicas: 0}
                    - expect: {pending: 2}
                """);
        SimulationReport r = Simulation.run(read.scenario().orElseThrow(), Catalog.bundled(), PolicyCompiler.NONE);
        assertThat(r.checks()).singleElement().satisfies(c -> assertThat(c.passed()).as(c.actual()).isTrue());
        assertThat(r.timeline()).anyMatch(l -> l.subject().equals("web") && l.message().equals("1 → 0 replicas"));
    }
}
