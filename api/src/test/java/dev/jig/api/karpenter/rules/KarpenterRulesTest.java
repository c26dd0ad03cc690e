package dev.jig.api.karpenter.rules;

import static dev.jig.api.karpenter.rules.Fixtures.with;
import static dev.jig.api.karpenter.rules.Fixtures.without;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.diag.Rule;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Dispatch, updates, and robustness against garbage. */
class KarpenterRulesTest {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final String REF = "/spec/template/spec/nodeClassRef";

    @Test
    void dispatchesOnApiVersionAndKind() {
        ObjectNode pool = Fixtures.nodePool();
        assertThat(KarpenterRules.validate(with(pool, "/spec/weight", "0"))).extracting(Violation::pointer)
                .containsExactly("/spec/weight");
        assertThat(KarpenterRules.validate(with(Fixtures.ec2NodeClass(), "/spec/role", "''")))
                .extracting(Violation::message).containsExactly(CelRule.ROLE_NOT_EMPTY.message());
    }

    @Test
    void anUnknownKindIsOneViolation() {
        List<Violation> found = KarpenterRules.validate(with(Fixtures.nodePool(), "/apiVersion", "karpenter.sh/v1beta1"));
        assertThat(found).singleElement().satisfies(v -> {
            assertThat(v.rule()).isEqualTo(Rule.KARPENTER_SCHEMA);
            assertThat(v.pointer()).isEqualTo("/kind");
        });
        assertThat(KarpenterRules.validate(without(Fixtures.nodePool(), "/kind"))).hasSize(1);
    }

    @Test
    void somethingOtherThanAnObjectIsOneViolation() {
        assertThat(KarpenterRules.validate(null)).containsExactly(new Violation(Rule.KARPENTER_SCHEMA, "", "must be an object"));
        assertThat(KarpenterRules.validate(JSON.textNode("NodePool"))).hasSize(1);
        assertThat(KarpenterRules.validateNodePool(JSON.arrayNode())).hasSize(1);
        assertThat(KarpenterRules.validateEC2NodeClass(JSON.nullNode())).hasSize(1);
    }

    @Test
    void changingTheNodeClassGroupOrKindIsRejectedOnUpdate() {
        ObjectNode old = Fixtures.nodePool();
        assertThat(KarpenterRules.validateUpdate(old, with(old, REF + "/group", "example.com")))
                .containsExactly(new Violation(Rule.KARPENTER_CEL, REF + "/group", CelRule.NODE_CLASS_GROUP_IMMUTABLE.message()));
        assertThat(KarpenterRules.validateUpdate(old, with(old, REF + "/kind", "OtherNodeClass")))
                .containsExactly(new Violation(Rule.KARPENTER_CEL, REF + "/kind", CelRule.NODE_CLASS_KIND_IMMUTABLE.message()));
        assertThat(KarpenterRules.validateUpdate(old, with(old, REF + "/name", "other"))).isEmpty();
    }

    @Test
    void switchingBetweenStaticAndDynamicIsRejectedOnUpdate() {
        ObjectNode dynamic = Fixtures.nodePool();
        ObjectNode fixed = with(dynamic, "/spec/replicas", "3");
        Violation transition = new Violation(Rule.KARPENTER_CEL, "/spec/replicas", CelRule.STATIC_DYNAMIC_TRANSITION.message());
        assertThat(KarpenterRules.validateUpdate(dynamic, fixed)).containsExactly(transition);
        assertThat(KarpenterRules.validateUpdate(fixed, dynamic)).containsExactly(transition);
        assertThat(KarpenterRules.validateUpdate(fixed, with(dynamic, "/spec/replicas", "5"))).isEmpty();
        assertThat(KarpenterRules.validateUpdate(dynamic, dynamic)).isEmpty();
    }

    @Test
    void transitionRulesAreNotPartOfCreateValidation() {
        assertThat(KarpenterRules.validate(with(Fixtures.nodePool(), "/spec/replicas", "3"))).isEmpty();
    }

    @Test
    void anUpdateFromAnotherKindOrGarbageAddsNoTransitionRule() {
        ObjectNode pool = Fixtures.nodePool();
        assertThat(KarpenterRules.validateUpdate(Fixtures.ec2NodeClass(), with(pool, "/spec/replicas", "1"))).isEmpty();
        assertThat(KarpenterRules.validateUpdate(JSON.textNode("x"), pool)).isEmpty();
        assertThat(KarpenterRules.validateUpdate(null, pool)).isEmpty();
        assertThat(KarpenterRules.validateUpdate(pool, null)).hasSize(1);
    }

    /** Every value of the realistic objects replaced by every JSON type: violations, never exceptions. */
    @Test
    void neverThrowsWhateverTypeAnyValueHas() {
        List<JsonNode> replacements = List.of(JSON.nullNode(), JSON.numberNode(-1), JSON.numberNode(1.5), JSON.textNode(""),
                JSON.textNode("x/y"), JSON.booleanNode(true), JSON.arrayNode().add(1).add(JSON.nullNode()),
                JSON.objectNode().put("a", 1), JSON.numberNode(new java.math.BigInteger("123456789012345678901234567890")));
        int checked = 0;
        for (ObjectNode object : List.of(Fixtures.fullNodePool(), Fixtures.fullEc2NodeClass())) {
            for (String pointer : pointers(object)) {
                for (JsonNode replacement : replacements) {
                    ObjectNode mutated = object.deepCopy();
                    replace(mutated, pointer, replacement);
                    assertThatCode(() -> {
                        KarpenterRules.validate(mutated);
                        KarpenterRules.validateUpdate(object, mutated);
                        KarpenterRules.validateUpdate(mutated, object);
                        KarpenterDefaults.withDefaults(mutated);
                    }).as(pointer + " = " + replacement).doesNotThrowAnyException();
                    checked++;
                }
            }
        }
        assertThat(checked).isGreaterThan(1000);
    }

    @Test
    void aValueOfTheWrongTypeAnywhereIsAViolation() {
        for (ObjectNode object : List.of(Fixtures.fullNodePool(), Fixtures.fullEc2NodeClass())) {
            for (String pointer : pointers(object)) {
                ObjectNode mutated = object.deepCopy();
                JsonNode wrong = object.at(pointer).isTextual() ? JSON.arrayNode() : JSON.textNode("x");
                replace(mutated, pointer, wrong);
                assertThat(KarpenterRules.validate(mutated)).as(pointer).isNotEmpty();
            }
        }
    }

    private static List<String> pointers(JsonNode root) {
        List<String> out = new ArrayList<>();
        collect(root, "", out);
        return out;
    }

    private static void collect(JsonNode node, String at, List<String> out) {
        if (!at.isEmpty()) {
            out.add(at);
        }
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                collect(e.getValue(), at + "/" + e.getKey().replace("~", "~0").replace("/", "~1"), out);
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                collect(node.get(i), at + "/" + i, out);
            }
        }
    }

    private static void replace(ObjectNode root, String pointer, JsonNode value) {
        int slash = pointer.lastIndexOf('/');
        JsonNode parent = root.at(pointer.substring(0, slash));
        String last = pointer.substring(slash + 1).replace("~1", "/").replace("~0", "~");
        if (parent.isArray()) {
            ((ArrayNode) parent).set(Integer.parseInt(last), value);
        } else {
            ((ObjectNode) parent).set(last, value);
        }
    }
}
