package dev.jig.api.karpenter.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;

/**
 * Holds the hand-written rules to the Karpenter v1.14.1 CRDs in {@code shared/reference}: every
 * CEL message, pattern, enum, label allow-list and default of the spec schemas (status excluded)
 * is one the rules implement, and nothing more. Skipped when the reference folder is absent.
 */
class CrdContractTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String VALUES = "/spec/template/spec/requirements/[]/values";

    /** What one CRD's spec schema declares, by schema path ({@code []} for items, {@code *} for map values). */
    private record Schema(List<String[]> validations, Map<String, String> patterns, Map<String, String> patternTypes,
            Map<String, Set<String>> enums, Map<String, JsonNode> defaults) {
    }

    private static Schema load(String file) throws IOException {
        Path dir = referenceDir();
        assumeTrue(dir != null && Files.isDirectory(dir), "Karpenter CRD reference not available");
        Object doc = new Load(LoadSettings.builder().build()).loadFromString(Files.readString(dir.resolve(file)));
        JsonNode root = MAPPER.valueToTree(doc).at("/spec/versions/0/schema/openAPIV3Schema");
        Schema schema = new Schema(new ArrayList<>(), new LinkedHashMap<>(), new LinkedHashMap<>(), new LinkedHashMap<>(),
                new LinkedHashMap<>());
        walk(root.at("/properties/spec"), "/spec", schema);
        return schema;
    }

    private static Path referenceDir() {
        String repoRoot = System.getProperty("jig.repo.root");
        return repoRoot == null ? null : Path.of(repoRoot).resolve("../shared/reference/karpenter-crds").normalize();
    }

    private static void walk(JsonNode node, String path, Schema out) {
        for (JsonNode v : node.path("x-kubernetes-validations")) {
            out.validations.add(new String[] {path, v.path("message").asText(), v.path("rule").asText()});
        }
        if (node.has("pattern")) {
            out.patterns.put(path, node.get("pattern").asText());
            out.patternTypes.put(path, node.has("type") ? node.get("type").asText() : "int-or-string");
        }
        if (node.has("enum")) {
            Set<String> values = new HashSet<>();
            node.get("enum").forEach(e -> values.add(e.asText()));
            out.enums.put(path, values);
        }
        if (node.has("default")) {
            out.defaults.put(path, node.get("default"));
        }
        node.path("properties").properties().forEach(e -> walk(e.getValue(), path + "/" + e.getKey(), out));
        if (node.has("items")) {
            walk(node.get("items"), path + "/[]", out);
        }
        if (node.path("additionalProperties").isObject()) {
            walk(node.get("additionalProperties"), path + "/*", out);
        }
    }

    private static Set<String> messages(Schema schema, boolean transition) {
        return schema.validations.stream().filter(v -> v[2].contains("oldSelf") == transition).map(v -> v[1])
                .collect(Collectors.toSet());
    }

    private static Set<String> implemented(CrdKind crd, boolean transition) {
        return Arrays.stream(CelRule.values()).filter(r -> r.crd() == crd && r.transition() == transition)
                .map(CelRule::message).collect(Collectors.toSet());
    }

    private static Set<String> implementedPatterns(CrdKind crd) {
        return Arrays.stream(CrdPattern.values()).filter(p -> p.crds().contains(crd)).map(CrdPattern::source)
                .collect(Collectors.toSet());
    }

    @Test
    void everyNodePoolCelMessageIsImplemented() throws IOException {
        Schema schema = load("karpenter.sh_nodepools.yaml");
        assertThat(implemented(CrdKind.NODE_POOL, false)).isEqualTo(messages(schema, false));
    }

    @Test
    void everyNodePoolTransitionRuleIsImplementedByValidateUpdate() throws IOException {
        Schema schema = load("karpenter.sh_nodepools.yaml");
        assertThat(implemented(CrdKind.NODE_POOL, true)).isEqualTo(messages(schema, true)).hasSize(3);
    }

    @Test
    void everyEC2NodeClassCelMessageIsImplemented() throws IOException {
        Schema schema = load("karpenter.k8s.aws_ec2nodeclasses.yaml");
        assertThat(implemented(CrdKind.EC2_NODE_CLASS, false)).isEqualTo(messages(schema, false));
        assertThat(messages(schema, true)).isEmpty();
        assertThat(implemented(CrdKind.EC2_NODE_CLASS, true)).isEmpty();
    }

    @Test
    void everyPatternIsImplemented() throws IOException {
        Schema pools = load("karpenter.sh_nodepools.yaml");
        Schema classes = load("karpenter.k8s.aws_ec2nodeclasses.yaml");
        assertThat(implementedPatterns(CrdKind.NODE_POOL)).isEqualTo(new HashSet<>(pools.patterns.values()));
        assertThat(implementedPatterns(CrdKind.EC2_NODE_CLASS)).isEqualTo(new HashSet<>(classes.patterns.values()));
    }

    /** A pattern on an array is ignored by the API server; the only one is on requirement values, and the rules ignore it too. */
    @Test
    void theOnlyPatternOnANonStringIsTheInertOneOnRequirementValues() throws IOException {
        Schema pools = load("karpenter.sh_nodepools.yaml");
        Schema classes = load("karpenter.k8s.aws_ec2nodeclasses.yaml");
        Map<String, String> nonString = new LinkedHashMap<>();
        pools.patternTypes.forEach((path, type) -> { if (type.equals("array")) nonString.put(path, type); });
        classes.patternTypes.forEach((path, type) -> { if (type.equals("array")) nonString.put(path, type); });
        assertThat(nonString).containsOnlyKeys(VALUES);
        assertThat(pools.patternTypes.values()).containsOnly("string", "array", "int-or-string");
        assertThat(classes.patternTypes.values()).containsOnly("string");
        ObjectNode pool = Fixtures.with(Fixtures.nodePool(), "/spec/template/spec/requirements/0/values", "['not a label value!']");
        assertThat(KarpenterRules.validate(pool)).isEmpty();
    }

    @Test
    void everyEnumMatches() throws IOException {
        Map<String, List<String>> pool = Map.of(
                "/spec/disruption/budgets/[]/reasons/[]", DisruptionRules.REASONS,
                "/spec/disruption/consolidationPolicy", DisruptionRules.CONSOLIDATION_POLICIES,
                "/spec/template/spec/requirements/[]/operator", RequirementRules.OPERATORS,
                "/spec/template/spec/taints/[]/effect", TaintRules.EFFECTS,
                "/spec/template/spec/startupTaints/[]/effect", TaintRules.EFFECTS);
        Map<String, List<String>> nodeClass = Map.of(
                "/spec/amiFamily", EC2NodeClassRules.AMI_FAMILIES,
                "/spec/blockDeviceMappings/[]/ebs/volumeType", BlockDeviceRules.VOLUME_TYPES,
                "/spec/capacityReservationSelectorTerms/[]/instanceMatchCriteria", SelectorTermRules.INSTANCE_MATCH_CRITERIA,
                "/spec/cpuOptions/nestedVirtualization", InstanceOptionRules.ENABLED_DISABLED,
                "/spec/instanceStorePolicy", EC2NodeClassRules.INSTANCE_STORE_POLICIES,
                "/spec/metadataOptions/httpEndpoint", InstanceOptionRules.ENABLED_DISABLED,
                "/spec/metadataOptions/httpProtocolIPv6", InstanceOptionRules.ENABLED_DISABLED,
                "/spec/metadataOptions/httpTokens", InstanceOptionRules.HTTP_TOKENS,
                "/spec/networkInterfaces/[]/interfaceType", NetworkInterfaceRules.INTERFACE_TYPES);
        assertEnums(load("karpenter.sh_nodepools.yaml"), pool);
        assertEnums(load("karpenter.k8s.aws_ec2nodeclasses.yaml"), nodeClass);
    }

    private static void assertEnums(Schema schema, Map<String, List<String>> expected) {
        assertThat(schema.enums.keySet()).isEqualTo(expected.keySet());
        expected.forEach((path, values) -> assertThat(new HashSet<>(values)).as(path).isEqualTo(schema.enums.get(path)));
    }

    @Test
    void labelAllowListsMatchTheCelRules() throws IOException {
        Schema schema = load("karpenter.sh_nodepools.yaml");
        int compared = 0;
        for (String[] v : schema.validations) {
            if (v[1].equals(CelRule.LABEL_DOMAIN_KARPENTER_K8S_AWS.message()) || v[1].equals(CelRule.LABEL_DOMAIN_KARPENTER_SH.message())) {
                compared++;
            }
            if (v[1].equals(CelRule.LABEL_DOMAIN_KARPENTER_K8S_AWS.message())) {
                assertThat(quoted(v[2])).as(v[0]).isEqualTo(union(LabelKeyRules.KARPENTER_K8S_AWS_ALLOWED, "^([^/]+)", "karpenter.k8s.aws"));
            }
            if (v[1].equals(CelRule.LABEL_DOMAIN_KARPENTER_SH.message())) {
                assertThat(quoted(v[2])).as(v[0]).isEqualTo(union(LabelKeyRules.KARPENTER_SH_ALLOWED, "^([^/]+)", "karpenter.sh"));
            }
        }
        assertThat(compared).as("labels and requirement keys, two domains each").isEqualTo(4);
    }

    @Test
    void kubeletKeyListsAndAliasFamiliesMatchTheCelRules() throws IOException {
        Schema schema = load("karpenter.k8s.aws_ec2nodeclasses.yaml");
        int compared = 0;
        for (String[] v : schema.validations) {
            compared += v[2].contains("['memory.available'") || v[2].contains("x=='cpu'") || v[1].equals(CelRule.ALIAS_FAMILY.message()) ? 1 : 0;
            if (v[0].equals("/spec/kubelet/evictionHard") || v[0].equals("/spec/kubelet/evictionSoft")
                    || v[0].equals("/spec/kubelet/evictionSoftGracePeriod")) {
                assertThat(quoted(v[2])).isEqualTo(KubeletRules.EVICTION_SIGNALS);
            }
            if (v[1].equals(CelRule.KUBE_RESERVED_KEYS.message()) || v[1].equals(CelRule.SYSTEM_RESERVED_KEYS.message())) {
                assertThat(quoted(v[2])).isEqualTo(KubeletRules.RESERVED_RESOURCES);
            }
            if (v[1].equals(CelRule.ALIAS_FAMILY.message())) {
                assertThat(quoted(v[2])).isEqualTo(union(new HashSet<>(AmiSelectorTermRules.ALIAS_FAMILIES), "@"));
            }
        }
        assertThat(compared).as("three eviction maps, two reserved maps, one alias rule").isEqualTo(6);
    }

    /** Applying the defaults to a skeleton fills in every CRD default of the spec. */
    @Test
    void everyDefaultIsApplied() throws IOException {
        assertDefaults(load("karpenter.sh_nodepools.yaml"), Fixtures.yaml(
                "{apiVersion: karpenter.sh/v1, kind: NodePool, spec: {template: {spec: {}}}}"));
        assertDefaults(load("karpenter.k8s.aws_ec2nodeclasses.yaml"), Fixtures.yaml(
                "{apiVersion: karpenter.k8s.aws/v1, kind: EC2NodeClass, spec: {}}"));
    }

    private static void assertDefaults(Schema schema, JsonNode skeleton) {
        ObjectNode defaulted = KarpenterDefaults.withDefaults(skeleton);
        assertThat(schema.defaults).isNotEmpty();
        schema.defaults.forEach((path, value) -> {
            JsonNode actual = defaulted.at(path.replace("[]", "0"));
            if (value.isObject()) {
                value.properties().forEach(e -> assertThat(actual.get(e.getKey())).as(path).isEqualTo(e.getValue()));
            } else {
                assertThat(actual).as(path).isEqualTo(value);
            }
        });
    }

    private static final Pattern QUOTED = Pattern.compile("[\"']([^\"']*)[\"']");

    private static Set<String> quoted(String rule) {
        Set<String> out = new HashSet<>();
        Matcher m = QUOTED.matcher(rule);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    private static Set<String> union(Set<String> set, String... more) {
        Set<String> out = new HashSet<>(set);
        out.addAll(List.of(more));
        return out;
    }
}
