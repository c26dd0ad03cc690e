package dev.jig.api.karpenter.rules;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.source.SourceFile;
import dev.jig.api.yaml.YamlLoader;

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

    /** A NodePool the way Jig emits one for a dedicated tenant's GPU-capable pool. */
    static final String FULL_NODE_POOL = """
            apiVersion: karpenter.sh/v1
            kind: NodePool
            metadata:
              name: payments-web
              labels:
                app.kubernetes.io/managed-by: jig
              annotations:
                jig.dev/source: tenants/payments.yaml
                jig.dev/revision: 3f2c9a1e0b7d4c6a8e5f1a2b3c4d5e6f7a8b9c0d
                jig.dev/content-hash: sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08
            spec:
              weight: 20
              limits:
                cpu: "480"
                memory: 1920Gi
                nvidia.com/gpu: 8
              disruption:
                consolidationPolicy: WhenEmptyOrUnderutilized
                consolidateAfter: 5m
                budgets:
                  - nodes: 10%
                  - nodes: "0"
                    schedule: "0 13 * * 1-5"
                    duration: 8h
                    reasons: [Drifted, Underutilized]
                  - nodes: "1"
                    reasons: [Empty]
              template:
                metadata:
                  labels:
                    jig.dev/tenant: payments
                    jig.dev/pool: web
                    app-tier: web
                  annotations:
                    jig.dev/source: tenants/payments.yaml
                spec:
                  nodeClassRef:
                    group: karpenter.k8s.aws
                    kind: EC2NodeClass
                    name: payments-al2023
                  expireAfter: 336h
                  terminationGracePeriod: 24h
                  requirements:
                    - {key: karpenter.sh/capacity-type, operator: In, values: [spot, on-demand]}
                    - {key: kubernetes.io/arch, operator: In, values: [amd64, arm64]}
                    - {key: karpenter.k8s.aws/instance-category, operator: In, values: [c, m, r, g]}
                    - {key: karpenter.k8s.aws/instance-family, operator: In, values: [m7i, c7i, m7g, c7g, g5], minValues: 2}
                    - {key: karpenter.k8s.aws/instance-generation, operator: Gt, values: ["5"]}
                    - {key: karpenter.k8s.aws/instance-generation, operator: Lte, values: ["8"]}
                    - {key: karpenter.k8s.aws/instance-cpu, operator: Gte, values: ["2"]}
                    - {key: karpenter.k8s.aws/instance-cpu, operator: Lte, values: ["16"]}
                    - {key: karpenter.k8s.aws/instance-memory, operator: Gte, values: ["4096"]}
                    - {key: karpenter.k8s.aws/instance-memory, operator: Lt, values: ["65537"]}
                    - {key: karpenter.k8s.aws/instance-gpu-name, operator: In, values: [l4, a10g]}
                    - {key: topology.kubernetes.io/zone, operator: In, values: [us-east-1a, us-east-1b]}
                    - {key: jig.dev/tenant, operator: In, values: [payments]}
                  taints:
                    - {key: jig.dev/tenant, value: payments, effect: NoSchedule}
                    - {key: nvidia.com/gpu, effect: NoSchedule}
                  startupTaints:
                    - {key: node.jig.dev/initializing, value: "true", effect: NoExecute}
            """;

    /** An EC2NodeClass the way Jig emits one. */
    static final String FULL_EC2_NODE_CLASS = """
            apiVersion: karpenter.k8s.aws/v1
            kind: EC2NodeClass
            metadata:
              name: payments-al2023
              annotations:
                jig.dev/source: tenants/payments.yaml
                jig.dev/content-hash: sha256:2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae
            spec:
              role: KarpenterNodeRole-acme-prod
              amiSelectorTerms:
                - alias: al2023@latest
              subnetSelectorTerms:
                - tags: {karpenter.sh/discovery: acme-prod}
              securityGroupSelectorTerms:
                - tags: {karpenter.sh/discovery: acme-prod}
              tags:
                jig.dev/tenant: payments
                cost-center: CC-1042
                owner: payments-team@acme.example
              kubelet:
                maxPods: 110
                podsPerCore: 0
                systemReserved: {cpu: 100m, memory: 100Mi, ephemeral-storage: 1Gi}
                kubeReserved: {cpu: 200m, memory: 1465Mi}
                evictionHard: {memory.available: 5%, nodefs.available: 10%, nodefs.inodesFree: 5%}
                evictionSoft: {memory.available: 500Mi}
                evictionSoftGracePeriod: {memory.available: 1m30s}
                evictionMaxPodGracePeriod: 60
                imageGCHighThresholdPercent: 85
                imageGCLowThresholdPercent: 80
                cpuCFSQuota: true
                clusterDNS: [10.100.0.10]
              blockDeviceMappings:
                - deviceName: /dev/xvda
                  rootVolume: true
                  ebs:
                    volumeSize: 100Gi
                    volumeType: gp3
                    iops: 3000
                    throughput: 125
                    encrypted: true
                    deleteOnTermination: true
                    kmsKeyID: arn:aws:kms:us-east-1:123456789012:key/1234abcd-12ab-34cd-56ef-1234567890ab
              metadataOptions:
                httpEndpoint: enabled
                httpProtocolIPv6: disabled
                httpPutResponseHopLimit: 1
                httpTokens: required
              detailedMonitoring: false
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

    static ObjectNode fullNodePool() {
        return (ObjectNode) yaml(FULL_NODE_POOL);
    }

    static ObjectNode fullEc2NodeClass() {
        return (ObjectNode) yaml(FULL_EC2_NODE_CLASS);
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
                next = step.tail().mayMatchElement() ? JsonNodeFactory.instance.arrayNode() : JsonNodeFactory.instance.objectNode();
                if (parent.isArray()) {
                    ((ArrayNode) parent).add(next);
                } else {
                    ((ObjectNode) parent).set(step.getMatchingProperty(), next);
                }
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
