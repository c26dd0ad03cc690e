package dev.jig.compiler.karpenter.rules;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.compiler.source.SourceFile;
import dev.jig.compiler.yaml.YamlLoader;

/** Test objects written as YAML, and copies of them with one value set or removed. */
final class Fixtures {

    private static final YamlLoader YAML = new YamlLoader();

    static final String NODE_POOL = """
            apiVersion: karpenter.sh/v1
            kind: NodePool
            metadata:
              name: payments-web
            spec:
              template:
                spec:
                  nodeClassRef: {group: karpenter.k8s.aws, kind: EC2NodeClass, name: payments-al2023}
                  requirements:
                    - {key: karpenter.sh/capacity-type, operator: In, values: [spot]}
            """;

    static final String EC2_NODE_CLASS = """
            apiVersion: karpenter.k8s.aws/v1
            kind: EC2NodeClass
            metadata:
              name: payments-al2023
            spec:
              role: KarpenterNodeRole-acme-prod
              amiSelectorTerms:
                - alias: al2023@latest
              subnetSelectorTerms:
                - tags: {karpenter.sh/discovery: acme-prod}
              securityGroupSelectorTerms:
                - tags: {karpenter.sh/discovery: acme-prod}
            """;

    private Fixtures() {
    }

    static JsonNode yaml(String text) {
        YamlLoader.Result result = YAML.load(new SourceFile("test.yaml", text));
        return result.document().orElseThrow(() -> new IllegalArgumentException(result.diagnostics().toString())).root();
    }

    static ObjectNode nodePool() {
        return (ObjectNode) yaml(NODE_POOL);
    }

    static ObjectNode ec2NodeClass() {
        return (ObjectNode) yaml(EC2_NODE_CLASS);
    }

    /** A copy with the value (YAML flow text) set at the pointer, creating missing parent objects. */
    static ObjectNode with(ObjectNode base, String pointer, String yamlValue) {
        ObjectNode copy = base.deepCopy();
        JsonNode value = yaml("v: " + yamlValue).get("v");
        JsonPointer p = JsonPointer.compile(pointer);
        JsonNode parent = copy;
        for (JsonPointer step = p; step.tail() != null && !step.tail().matches(); step = step.tail()) {
            JsonNode next = parent.isArray()
                    ? parent.get(step.getMatchingIndex())
                    : parent.get(step.getMatchingProperty());
            if (next == null || !next.isContainerNode()) {
                ObjectNode owner = (ObjectNode) parent;
                next = step.tail().mayMatchElement()
                        ? owner.putArray(step.getMatchingProperty())
                        : owner.putObject(step.getMatchingProperty());
            }
            parent = next;
        }
        String last = p.last().getMatchingProperty();
        if (parent.isArray()) {
            ArrayNode array = (ArrayNode) parent;
            int index = p.last().getMatchingIndex();
            if (index < array.size()) {
                array.set(index, value);
            } else {
                array.add(value);
            }
        } else {
            ((ObjectNode) parent).set(last, value);
        }
        return copy;
    }

    /** A copy without the value at the pointer. */
    static ObjectNode without(ObjectNode base, String pointer) {
        ObjectNode copy = base.deepCopy();
        JsonPointer p = JsonPointer.compile(pointer);
        JsonNode parent = copy.at(p.head());
        if (parent.isArray()) {
            ((ArrayNode) parent).remove(p.last().getMatchingIndex());
        } else if (parent.isObject()) {
            ((ObjectNode) parent).remove(p.last().getMatchingProperty());
        }
        return copy;
    }
}
