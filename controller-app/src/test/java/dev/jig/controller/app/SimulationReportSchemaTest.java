package dev.jig.controller.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.jig.api.ec2.Catalog;
import dev.jig.controller.simulate.ScenarioReader;
import dev.jig.controller.simulate.Simulation;
import dev.jig.controller.simulate.SimulationReport;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code simulate --format json} is self-sufficient for an outside oracle: real output validates against
 * {@code policies/schema/simulation-report.schema.json}, and its structured fields agree with each other
 * (every bound pod's node is listed with its labels, the pending count matches the placements).
 */
class SimulationReportSchemaTest {

    private static final Path ROOT = Path.of(System.getProperty("jig.repo.root", ".."));
    private static final ObjectMapper JSON = new ObjectMapper();

    private static Schema schema() throws Exception {
        JsonNode doc = JSON.readTree(ROOT.resolve("policies/schema/simulation-report.schema.json").toFile());
        return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                .getSchema(SchemaLocation.of(doc.path("$id").asText()), doc);
    }

    @ParameterizedTest
    @ValueSource(strings = {"inflate.yaml", "tenants.yaml"})
    void theJsonReportValidatesAgainstItsSchemaAndCarriesEveryPodsPlacement(String file) throws Exception {
        Path path = ROOT.resolve("examples/scenarios").resolve(file);
        ScenarioReader.Result read = new ScenarioReader(new CompilerScenarioSchema(), Catalog.bundled()).read(path, Files.readString(path));
        SimulationReport report = Simulation.run(read.scenario().orElseThrow(), Catalog.bundled(), new CompilerPolicies(Catalog.bundled()));
        JsonNode json = JSON.readTree(report.json());

        List<Error> errors = schema().validate(json);
        assertThat(errors).as("schema errors").isEmpty();
        ObjectNode broken = json.deepCopy();
        broken.remove("placements");
        ((ObjectNode) broken.path("nodes").get(0)).put("capacityType", "cheap");
        ((ObjectNode) broken.path("nodes").get(0).path("capacity")).put("cpuMillis", -1);
        assertThat(schema().validate(broken)).as("the schema catches a missing field, a wrong value and a negative quantity")
                .hasSizeGreaterThanOrEqualTo(3);

        Map<String, JsonNode> nodes = new HashMap<>();
        for (JsonNode n : json.path("nodes")) if (!n.path("node").isNull()) nodes.put(n.path("node").asText(), n);
        assertThat(nodes).isNotEmpty();
        int pending = 0;
        for (JsonNode p : json.path("placements")) {
            String status = p.path("status").asText();
            if (status.equals("bound")) {
                JsonNode node = nodes.get(p.path("node").asText());
                assertThat(node).as("node of %s", p.path("pod").asText()).isNotNull();
                assertThat(p.path("pool").asText()).isEqualTo(node.path("pool").asText()).isEqualTo(node.path("labels").path("karpenter.sh/nodepool").asText());
                assertThat(node.path("labels").path("node.kubernetes.io/instance-type").asText()).isEqualTo(node.path("instanceType").asText());
                assertThat(node.path("labels").path("topology.kubernetes.io/zone").asText()).isEqualTo(node.path("zone").asText());
                assertThat(node.path("labels").path("karpenter.sh/capacity-type").asText()).isEqualTo(node.path("capacityType").asText());
            } else if (!status.equals("ignored")) {
                pending++;
                assertThat(p.path("reason").asText()).isNotBlank();
                if (status.equals("unschedulable")) assertThat(p.path("refusals")).isNotEmpty();
            }
        }
        assertThat(pending).isEqualTo(json.path("pendingPods").asInt());
        Map<String, Long> requested = new HashMap<>();
        for (JsonNode p : json.path("placements")) {
            if (p.path("status").asText().equals("bound")) requested.merge(p.path("node").asText(), p.path("requests").path("cpuMillis").asLong(), Long::sum);
        }
        requested.forEach((node, cpu) -> assertThat(cpu).as("cpu requested on %s", node)
                .isLessThanOrEqualTo(nodes.get(node).path("allocatable").path("cpuMillis").asLong())
                .isLessThanOrEqualTo(nodes.get(node).path("capacity").path("cpuMillis").asLong()));
        long boundPods = 0;
        for (JsonNode n : json.path("nodes")) boundPods += n.path("pods").asLong();
        assertThat(json.path("placements").findValuesAsText("status").stream().filter("bound"::equals).count()).isEqualTo(boundPods);
    }
}
