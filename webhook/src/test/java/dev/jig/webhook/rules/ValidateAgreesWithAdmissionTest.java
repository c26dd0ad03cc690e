package dev.jig.webhook.rules;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.diag.Diagnostic;
import dev.jig.api.source.SourceFile;
import dev.jig.compiler.validate.ManifestValidation;
import dev.jig.webhook.admission.Operation;
import dev.jig.webhook.admission.WebhookSettings;
import dev.jig.webhook.testing.Acme;
import dev.jig.webhook.testing.Requests;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What {@code jig validate} reports on a manifest is what admission refuses it for: for every
 * compiled NodePool and EC2NodeClass, and for broken variants of one (a negative limit, a limit
 * Kubernetes cannot parse, a CRD pattern, schema and CEL violation, a transition), the Karpenter rule
 * ids (JIG03xx) of the two are the same set.
 */
class ValidateAgreesWithAdmissionTest {

    private static final WebhookRules RULES = new WebhookRules(WebhookSettings.defaults());

    record Example(String name, ObjectNode object, ObjectNode stored) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Example> examples() {
        List<Example> out = new ArrayList<>();
        for (ObjectNode o : Acme.objects("NodePool")) out.add(new Example("compiled NodePool " + o.at("/metadata/name").asText(), o, null));
        for (ObjectNode o : Acme.objects("EC2NodeClass")) out.add(new Example("compiled EC2NodeClass " + o.at("/metadata/name").asText(), o, null));
        out.add(variant("negative cpu limit", p -> put(p, "/spec/limits", "cpu", "-100000")));
        out.add(variant("negative gpu limit as an integer", p -> {
            ((ObjectNode) p.at("/spec/limits")).put("nvidia.com/gpu", -1);
            return p;
        }));
        out.add(variant("limit Kubernetes cannot parse", p -> put(p, "/spec/limits", "memory", "1e1.5")));
        out.add(variant("limit outside the CRD pattern", p -> put(p, "/spec/limits", "cpu", "lots")));
        out.add(variant("weight above 100", p -> {
            ((ObjectNode) p.get("spec")).put("weight", 101);
            return p;
        }));
        out.add(variant("In requirement without values", p -> {
            ((ObjectNode) p.at("/spec/template/spec/requirements/0")).putArray("values");
            return p;
        }));
        ObjectNode moved = put(Acme.object("NodePool", "payments-api"), "/spec/template/spec/nodeClassRef", "group", "nodes.example.com");
        out.add(new Example("nodeClassRef.group changed on UPDATE", moved, Acme.object("NodePool", "payments-api")));
        return out.stream();
    }

    private static Example variant(String name, UnaryOperator<ObjectNode> change) {
        return new Example(name, change.apply(Acme.object("NodePool", "payments-api")), null);
    }

    private static ObjectNode put(ObjectNode object, String at, String field, String value) {
        ((ObjectNode) object.at(at)).put(field, value);
        return object;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("examples")
    void validateAndAdmissionReportTheSameKarpenterRules(Example e) {
        Operation op = e.stored() == null ? Operation.CREATE : Operation.UPDATE;
        Set<String> admission = karpenterRules(RULES.validate(Requests.pool(op, e.object(), e.stored()), Optional.of(Acme.view())).ruleIds());
        ManifestValidation.Result validated = new ManifestValidation().validate(List.of(json("new.json", e.object())),
                e.stored() == null ? List.of() : List.of(json("stored.json", e.stored())));
        assertThat(validated.objects()).isEqualTo(1);
        assertThat(karpenterRules(validated.findings().stream().map(d -> d.rule().id()).toList())).as(e.name()).isEqualTo(admission);
        if (e.name().startsWith("compiled")) assertThat(validated.findings()).extracting(Diagnostic::message).isEmpty();
        else assertThat(admission).as(e.name()).isNotEmpty();
    }

    private static SourceFile json(String path, JsonNode object) {
        return new SourceFile(path, object.toPrettyString());
    }

    private static Set<String> karpenterRules(List<String> ids) {
        Set<String> out = new TreeSet<>();
        ids.stream().filter(id -> id.startsWith("JIG03")).forEach(out::add);
        return out;
    }
}
