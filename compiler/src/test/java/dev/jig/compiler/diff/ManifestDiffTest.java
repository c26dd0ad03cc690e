package dev.jig.compiler.diff;

import dev.jig.api.karpenter.Quantity;
import static dev.jig.compiler.diff.Manifests.json;
import static dev.jig.compiler.diff.Manifests.nodePool;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ManifestDiffTest {

    private final ManifestDiff diff = new ManifestDiff();

    private static final String LIMITS = "{cpu: '800', memory: '3200Gi'}";

    @Test
    void sameObjectsInAnotherOrderWithNewProvenanceAreNoChange() {
        JsonNode pool = nodePool("payments-web", "payments", LIMITS, "['spot']");
        JsonNode config = json("{apiVersion: 'v1', kind: 'ConfigMap', metadata: {name: 'jig-tenancy', namespace: 'jig-system'}}");
        JsonNode newRevision = pool.deepCopy();
        ((com.fasterxml.jackson.databind.node.ObjectNode) newRevision.path("metadata").path("annotations"))
                .put("jig.dev/revision", "def456").put("jig.dev/content-hash", "sha256:ff");

        ManifestDiff.Result result = diff.compare(List.of(pool, config), List.of(config, newRevision));

        assertThat(result.isEmpty()).isTrue();
        assertThat(result.limits()).isEmpty();
    }

    @Test
    void annotationsHoldingOnlyProvenanceEqualNoAnnotations() {
        JsonNode before = json("{kind: 'Namespace', metadata: {name: 'payments', annotations: {'jig.dev/revision': 'abc'}}}");
        JsonNode after = json("{kind: 'Namespace', metadata: {name: 'payments'}}");

        assertThat(diff.compare(List.of(before), List.of(after)).isEmpty()).isTrue();
    }

    @Test
    void sourceAnnotationIsComparedLikeAnyField() {
        JsonNode before = json("{kind: 'Namespace', metadata: {name: 'payments', annotations: {'jig.dev/source': 'a.yaml', 'jig.dev/revision': '1'}}}");
        JsonNode after = json("{kind: 'Namespace', metadata: {name: 'payments', annotations: {'jig.dev/source': 'b.yaml', 'jig.dev/revision': '2'}}}");

        ManifestDiff.Result result = diff.compare(List.of(before), List.of(after));

        assertThat(result.changed()).singleElement().satisfies(change -> assertThat(change.fields())
                .extracting(FieldChange::path, f -> f.before().asText(), f -> f.after().asText())
                .containsExactly(tuple("metadata.annotations[\"jig.dev/source\"]", "a.yaml", "b.yaml")));
    }

    @Test
    void addedAndRemovedObjectsAreSortedByKindNamespaceAndName() {
        JsonNode a = json("{kind: 'NodePool', metadata: {name: 'b'}}");
        JsonNode b = json("{kind: 'NodePool', metadata: {name: 'a'}}");
        JsonNode c = json("{kind: 'ConfigMap', metadata: {name: 'z', namespace: 'ns2'}}");
        JsonNode d = json("{kind: 'ConfigMap', metadata: {name: 'z', namespace: 'ns1'}}");
        JsonNode gone = json("{kind: 'EC2NodeClass', metadata: {name: 'old'}}");

        ManifestDiff.Result result = diff.compare(List.of(gone), List.of(a, b, c, d));

        assertThat(result.added()).extracting(o -> o.ref().toString())
                .containsExactly("ConfigMap ns1/z", "ConfigMap ns2/z", "NodePool a", "NodePool b");
        assertThat(result.removed()).extracting(ManifestObject::ref)
                .containsExactly(new ObjectRef("EC2NodeClass", "", "old"));
        assertThat(result.changed()).isEmpty();
    }

    @Test
    void addedObjectsCarryTheirContentWithoutProvenance() {
        JsonNode pool = nodePool("payments-web", "payments", LIMITS, "['spot']");

        ManifestObject added = diff.compare(List.of(), List.of(pool)).added().get(0);

        assertThat(added.content().path("metadata").path("annotations").fieldNames())
                .toIterable().containsExactly("jig.dev/source");
        assertThat(pool.path("metadata").path("annotations").has("jig.dev/revision"))
                .as("the input is not modified").isTrue();
    }

    @Test
    void changedObjectsListNestedFieldPathsInOrder() {
        JsonNode before = json("""
                {apiVersion: 'karpenter.sh/v1', kind: 'NodePool', metadata: {name: 'p'},
                 spec: {weight: 10, limits: {cpu: '800', memory: '1Gi'},
                        template: {metadata: {labels: {'jig.dev/tenant': 'payments', app-tier: 'web'}}}}}""");
        JsonNode after = json("""
                {apiVersion: 'karpenter.sh/v1', kind: 'NodePool', metadata: {name: 'p'},
                 spec: {limits: {memory: '1Gi', cpu: '900'}, expireAfter: '720h',
                        template: {metadata: {labels: {'jig.dev/tenant': 'search', app-tier: 'web'}}}}}""");

        ObjectChange change = diff.compare(List.of(before), List.of(after)).changed().get(0);

        assertThat(change.object()).isEqualTo(new ObjectRef("NodePool", "", "p"));
        assertThat(change.fields()).extracting(FieldChange::path, f -> FieldChange.display(f.before()),
                f -> FieldChange.display(f.after())).containsExactly(
                tuple("spec.expireAfter", "(absent)", "\"720h\""),
                tuple("spec.limits.cpu", "\"800\"", "\"900\""),
                tuple("spec.template.metadata.labels[\"jig.dev/tenant\"]", "\"payments\"", "\"search\""),
                tuple("spec.weight", "10", "(absent)"));
        assertThat(change.fields().get(0).isAddition()).isTrue();
        assertThat(change.fields().get(3).isRemoval()).isTrue();
    }

    @Test
    void requirementsAreMatchedByKeyNotByPosition() {
        JsonNode before = nodePool("p", "payments", LIMITS, "['spot']");
        JsonNode after = json("""
                {apiVersion: 'karpenter.sh/v1', kind: 'NodePool',
                 metadata: {name: 'p', annotations: {'jig.dev/source': 'tenants/payments.yaml'}},
                 spec: {
                   template: {
                     metadata: {labels: {'jig.dev/tenant': 'payments'}},
                     spec: {requirements: [
                       {key: 'karpenter.k8s.aws/instance-category', operator: 'In', values: ['c', 'm']},
                       {key: 'karpenter.sh/capacity-type', operator: 'In', values: ['spot', 'on-demand']},
                       {key: 'kubernetes.io/arch', operator: 'In', values: ['amd64']}]}},
                   limits: {cpu: '800', memory: '3200Gi'}}}""");

        ObjectChange change = diff.compare(List.of(before), List.of(after)).changed().get(0);

        assertThat(change.fields()).extracting(FieldChange::path, f -> FieldChange.display(f.after())).containsExactly(
                tuple("spec.template.spec.requirements[key=karpenter.k8s.aws/instance-category]",
                        "{\"key\":\"karpenter.k8s.aws/instance-category\",\"operator\":\"In\",\"values\":[\"c\",\"m\"]}"),
                tuple("spec.template.spec.requirements[key=karpenter.sh/capacity-type].values",
                        "[\"spot\",\"on-demand\"]"));
    }

    @Test
    void taintsAreMatchedByKeyAndEffect() {
        JsonNode before = json("""
                {kind: 'NodePool', metadata: {name: 'p'}, spec: {template: {spec: {taints: [
                  {key: 'jig.dev/tenant', value: 'payments', effect: 'NoSchedule'},
                  {key: 'workload', value: 'batch', effect: 'NoSchedule'}]}}}}""");
        JsonNode after = json("""
                {kind: 'NodePool', metadata: {name: 'p'}, spec: {template: {spec: {taints: [
                  {key: 'workload', value: 'batch', effect: 'NoExecute'},
                  {key: 'jig.dev/tenant', value: 'search', effect: 'NoSchedule'}]}}}}""");

        ObjectChange change = diff.compare(List.of(before), List.of(after)).changed().get(0);

        assertThat(change.fields()).extracting(FieldChange::path).containsExactly(
                "spec.template.spec.taints[key=jig.dev/tenant,effect=NoSchedule].value",
                "spec.template.spec.taints[key=workload,effect=NoExecute]",
                "spec.template.spec.taints[key=workload,effect=NoSchedule]");
    }

    @Test
    void otherListsOfObjectsAreComparedByPosition() {
        JsonNode before = json("{kind: 'NodePool', metadata: {name: 'p'}, spec: {disruption: {budgets: [{nodes: '10%'}]}}}");
        JsonNode after = json("""
                {kind: 'NodePool', metadata: {name: 'p'}, spec: {disruption: {budgets: [
                  {nodes: '20%'}, {nodes: '0', schedule: '0 9 * * 1-5', duration: '8h'}]}}}""");

        ObjectChange change = diff.compare(List.of(before), List.of(after)).changed().get(0);

        assertThat(change.fields()).extracting(FieldChange::path, f -> FieldChange.display(f.after())).containsExactly(
                tuple("spec.disruption.budgets[0].nodes", "\"20%\""),
                tuple("spec.disruption.budgets[1]", "{\"nodes\":\"0\",\"schedule\":\"0 9 * * 1-5\",\"duration\":\"8h\"}"));
    }

    @Test
    void requirementsWithoutUniqueKeysFallBackToPositions() {
        JsonNode before = json("{kind: 'NodePool', metadata: {name: 'p'}, spec: {requirements: [{key: 'a', values: ['1']}, {key: 'a', values: ['2']}]}}");
        JsonNode after = json("{kind: 'NodePool', metadata: {name: 'p'}, spec: {requirements: [{key: 'a', values: ['1']}, {key: 'a', values: ['3']}]}}");

        assertThat(diff.compare(List.of(before), List.of(after)).changed().get(0).fields())
                .extracting(FieldChange::path).containsExactly("spec.requirements[1].values");
    }

    @Test
    void scalarListsChangeAsAWhole() {
        JsonNode before = json("{kind: 'EC2NodeClass', metadata: {name: 'c'}, spec: {kubelet: {clusterDNS: ['10.0.0.10', '10.0.0.11']}}}");
        JsonNode after = json("{kind: 'EC2NodeClass', metadata: {name: 'c'}, spec: {kubelet: {clusterDNS: ['10.0.0.11']}}}");

        assertThat(diff.compare(List.of(before), List.of(after)).changed().get(0).fields())
                .extracting(FieldChange::path, f -> FieldChange.display(f.before()), f -> FieldChange.display(f.after()))
                .containsExactly(tuple("spec.kubelet.clusterDNS", "[\"10.0.0.10\",\"10.0.0.11\"]", "[\"10.0.0.11\"]"));
    }

    @Test
    void numbersCompareByValueAndStringsStayApartFromNumbers() {
        JsonNode before = json("{kind: 'NodePool', metadata: {name: 'p'}, spec: {weight: 10, limits: {cpu: 800}}}");
        JsonNode after = json("{kind: 'NodePool', metadata: {name: 'p'}, spec: {weight: 10.0, limits: {cpu: '800'}}}");

        assertThat(diff.compare(List.of(before), List.of(after)).changed().get(0).fields())
                .extracting(FieldChange::path).containsExactly("spec.limits.cpu");
    }

    @Test
    void apiVersionChangeIsAChangeNotAReplacement() {
        JsonNode before = json("{apiVersion: 'karpenter.sh/v1beta1', kind: 'NodePool', metadata: {name: 'p'}}");
        JsonNode after = json("{apiVersion: 'karpenter.sh/v1', kind: 'NodePool', metadata: {name: 'p'}}");

        ManifestDiff.Result result = diff.compare(List.of(before), List.of(after));

        assertThat(result.added()).isEmpty();
        assertThat(result.removed()).isEmpty();
        assertThat(result.changed().get(0).fields()).extracting(FieldChange::path).containsExactly("apiVersion");
    }

    @Test
    void keysThatAreNotIdentifiersAreQuoted() {
        assertThat(FieldDiff.child("", "spec")).isEqualTo("spec");
        assertThat(FieldDiff.child("spec", "app-tier")).isEqualTo("spec.app-tier");
        assertThat(FieldDiff.child("spec.limits", "nvidia.com/gpu")).isEqualTo("spec.limits[\"nvidia.com/gpu\"]");
        assertThat(FieldDiff.child("", "a \"b\"")).isEqualTo("[\"a \\\"b\\\"\"]");
    }

    @Test
    void tenantLimitTotalsSumNodePoolsPerTenant() {
        List<JsonNode> before = List.of(
                nodePool("payments-web", "payments", "{cpu: '800', memory: '3200Gi'}", "['spot']"),
                nodePool("payments-batch", "payments", "{cpu: '200', memory: '800Gi'}", "['spot']"),
                nodePool("search-web", "search", "{cpu: 100, memory: '400Gi'}", "['spot']"),
                nodePool("old-web", "old", "{cpu: '10', memory: '40Gi'}", "['spot']"));
        List<JsonNode> after = List.of(
                nodePool("payments-web", "payments", "{cpu: '900', memory: '3200Gi'}", "['spot']"),
                nodePool("payments-batch", "payments", "{cpu: '200000m', memory: '819200Mi'}", "['spot']"),
                nodePool("search-web", "search", "{cpu: 100, memory: '400Gi', 'nvidia.com/gpu': '4'}", "['spot']"),
                nodePool("ml-gpu", "ml", "{cpu: '1.5', memory: '1536Mi', 'nvidia.com/gpu': 2}", "['spot']"));

        ManifestDiff.Result result = diff.compare(before, after);

        assertThat(result.limits()).extracting(TenantLimitChange::tenant, TenantLimitChange::resource,
                l -> l.before().map(q -> q.format(l.resource())).orElse("unlimited"),
                l -> l.after().map(q -> q.format(l.resource())).orElse("unlimited")).containsExactly(
                tuple("ml", "cpu", "0", "1.5"),
                tuple("ml", "memory", "0", "1536Mi"),
                tuple("ml", "nvidia.com/gpu", "0", "2"),
                tuple("old", "cpu", "10", "0"),
                tuple("old", "memory", "40Gi", "0"),
                tuple("payments", "cpu", "1000", "1100"),
                tuple("search", "nvidia.com/gpu", "unlimited", "4"));
        assertThat(result.limits().get(5).delta()).contains(Quantity.parse("100"));
        assertThat(result.limits().get(6).delta()).isEmpty();
    }

    @Test
    void aNodePoolWithoutALimitMakesItsTenantUnlimited() {
        List<JsonNode> before = List.of(
                nodePool("payments-web", "payments", "{cpu: '800'}", "['spot']"),
                nodePool("payments-batch", "payments", "{cpu: '200'}", "['spot']"));
        List<JsonNode> after = List.of(
                nodePool("payments-web", "payments", "{cpu: '800'}", "['spot']"),
                nodePool("payments-batch", "payments", "{}", "['spot']"));

        assertThat(diff.compare(before, after).limits()).containsExactly(
                new TenantLimitChange("payments", "cpu", Optional.of(Quantity.parse("1000")), Optional.empty()));
    }

    @Test
    void theTenancyKeyIsConfigurable() {
        JsonNode before = json("""
                {kind: 'NodePool', metadata: {name: 'p'}, spec: {limits: {cpu: '1'},
                 template: {metadata: {labels: {'acme.io/team': 'payments', 'jig.dev/tenant': 'ignored'}}}}}""");
        JsonNode after = json("""
                {kind: 'NodePool', metadata: {name: 'p'}, spec: {limits: {cpu: '2'},
                 template: {metadata: {labels: {'acme.io/team': 'payments', 'jig.dev/tenant': 'ignored'}}}}}""");

        assertThat(new ManifestDiff("acme.io/team").compare(List.of(before), List.of(after)).limits())
                .extracting(TenantLimitChange::tenant).containsExactly("payments");
    }

    @Test
    void rejectsDuplicateAndAnonymousManifests() {
        JsonNode pool = json("{kind: 'NodePool', metadata: {name: 'p'}}");
        JsonNode anonymous = json("{kind: 'NodePool', metadata: {}}");

        assertThatThrownBy(() -> diff.compare(List.of(pool, pool), List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("duplicate manifest NodePool p (before)");
        assertThatThrownBy(() -> diff.compare(List.of(), List.of(anonymous)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("manifest without kind or metadata.name");
    }

    @Test
    void rejectsALimitThatIsNotAQuantity() {
        JsonNode pool = nodePool("p", "payments", "{cpu: 'lots'}", "['spot']");

        assertThatThrownBy(() -> diff.compare(List.of(), List.of(pool)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("NodePool limit cpu: invalid quantity 'lots': unexpected 'l' at character 1");
    }
}
