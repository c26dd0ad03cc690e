package dev.jig.compiler.schema;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jig.api.diag.Diagnostic;
import dev.jig.api.diag.Rule;
import dev.jig.api.diag.Severity;
import dev.jig.api.source.Position;
import java.util.List;
import org.junit.jupiter.api.Test;

class PolicySchemasTest {

    private final PolicySchemas schemas = PolicySchemas.bundled();

    private List<Diagnostic> check(String yaml) {
        return schemas.validate(Policies.load("t.yaml", yaml));
    }

    private Diagnostic only(String yaml) {
        List<Diagnostic> found = check(yaml);
        assertThat(found).hasSize(1);
        return found.get(0);
    }

    private static Position at(int line, int column) {
        return new Position("t.yaml", line, column);
    }

    @Test
    void validTenantHasNoFindings() {
        assertThat(check(Policies.TENANT)).isEmpty();
    }

    @Test
    void validPlatformHasNoFindings() {
        assertThat(check(Policies.PLATFORM)).isEmpty();
    }

    @Test
    void everyFindingIsASchemaErrorWithAHint() {
        List<Diagnostic> found = check(Policies.TENANT.replace("share: 60%", "share: 150%").replace("weight: 20", "weight: 0"));
        assertThat(found).hasSize(2).allSatisfy(d -> {
            assertThat(d.rule()).isEqualTo(Rule.SCHEMA);
            assertThat(d.severity()).isEqualTo(Severity.ERROR);
            assertThat(d.hint()).isNotBlank();
        });
    }

    @Test
    void wrongTypeNamesTheFieldAndPointsAtTheValue() {
        Diagnostic d = only(Policies.TENANT.replace("    cpu: 800", "    cpu: true"));
        assertThat(d.position()).isEqualTo(at(11, 10));
        assertThat(d.message()).isEqualTo("spec.quota.cpu: must be a quantity such as 4000, \"500m\" or \"64Gi\"; found true");
    }

    @Test
    void mappingWhereAListBelongsPointsAtTheKey() {
        Diagnostic d = only(Policies.TENANT.replace("owners: [payments-team@acme.example]", "owners: {team: payments}"));
        assertThat(d.position()).isEqualTo(at(7, 3));
        assertThat(d.message()).isEqualTo("spec.owners: must be a list, found a mapping");
    }

    @Test
    void unquotedNumberWhereAStringBelongsSaysToQuoteIt() {
        Diagnostic d = only(Policies.TENANT.replace("      weight: 20\n", "      weight: 20\n      disruption:\n        budgets:\n          - nodes: 0\n"));
        assertThat(d.position()).isEqualTo(at(20, 20));
        assertThat(d.message()).isEqualTo("spec.pools[0].disruption.budgets[0].nodes: must be a string, found the number 0; quote it: \"0\"");
    }

    @Test
    void enumListsTheAllowedValuesAndSuggestsTheNearest() {
        Diagnostic d = only(Policies.TENANT.replace("isolation: dedicated", "isolation: dedicatd"));
        assertThat(d.position()).isEqualTo(at(9, 14));
        assertThat(d.message()).isEqualTo("spec.isolation: must be one of [dedicated, shared], found 'dedicatd' (did you mean 'dedicated'?)");
    }

    @Test
    void enumInsideAListPointsAtTheItem() {
        Diagnostic d = only(Policies.TENANT.replace("[spot, on-demand]", "[spot, reserved]"));
        assertThat(d.position()).isEqualTo(at(15, 29));
        assertThat(d.message()).startsWith("spec.pools[0].capacityTypes[1]: must be one of [on-demand, spot], found 'reserved'");
    }

    @Test
    void patternMismatchExplainsTheExpectedFormat() {
        Diagnostic d = only(Policies.TENANT.replace("share: 60%", "share: 150%"));
        assertThat(d.position()).isEqualTo(at(16, 14));
        assertThat(d.message()).isEqualTo("spec.pools[0].share: must be a percentage from 1% to 100%, such as 60%; found '150%'");
        assertThat(d.hint()).startsWith("Part of the tenant quota").endsWith("Example: share: 60%");
    }

    @Test
    void missingRequiredFieldPointsAtTheParentKey() {
        Diagnostic d = only(Policies.TENANT.replace("  costCenter: CC-1042\n", ""));
        assertThat(d.position()).isEqualTo(at(5, 1));
        assertThat(d.message()).isEqualTo("spec: missing required field 'costCenter'");
        assertThat(d.hint()).startsWith("Cost center billed for the tenant's nodes").endsWith("Example: costCenter: CC-1042");
    }

    @Test
    void missingTopLevelFieldHasNoPathPrefix() {
        Diagnostic d = only("apiVersion: jig.dev/v1alpha1\nkind: Tenant\nmetadata: {name: x}\n");
        assertThat(d.position()).isEqualTo(at(1, 1));
        assertThat(d.message()).isEqualTo("missing required field 'spec'");
    }

    @Test
    void unknownFieldPointsAtItsKeyAndSuggestsTheNearestField() {
        Diagnostic d = only(Policies.TENANT.replace("      weight: 20", "      weight: 20\n      sharee: 10%"));
        assertThat(d.position()).isEqualTo(at(18, 7));
        assertThat(d.message()).startsWith("spec.pools[0]: unknown field 'sharee' (did you mean 'share'?); allowed: name, capacityTypes,")
                .contains("weight");
        assertThat(d.hint()).startsWith("Part of the tenant quota");
    }

    @Test
    void unknownFieldWithoutLikelyTypoListsTheAllowedFields() {
        Diagnostic d = only(Policies.TENANT.replace("metadata:\n  name: payments", "metadata:\n  name: payments\n  labels: {a: b}"));
        assertThat(d.position()).isEqualTo(at(5, 3));
        assertThat(d.message()).isEqualTo("metadata: unknown field 'labels'; allowed: name");
    }

    @Test
    void tooFewItemsGivesMinimumAndCount() {
        Diagnostic d = only(Policies.TENANT.replace("namespaces: [payments, payments-jobs]", "namespaces: []"));
        assertThat(d.position()).isEqualTo(at(6, 3));
        assertThat(d.message()).isEqualTo("spec.namespaces: must have at least 1 item, found 0");
    }

    @Test
    void repeatedItemPointsAtTheRepeat() {
        Diagnostic d = only(Policies.PLATFORM.replace("[us-east-1a, us-east-1b]", "[us-east-1a, us-east-1b, us-east-1a]"));
        assertThat(d.position()).isEqualTo(at(9, 37));
        assertThat(d.message()).isEqualTo("spec.cluster.zones: 'us-east-1a' is listed twice (also at [0]); items must be unique");
    }

    @Test
    void numberAboveMaximumGivesBoundAndValue() {
        Diagnostic d = only(Policies.TENANT.replace("weight: 20", "weight: 90"));
        assertThat(d.position()).isEqualTo(at(17, 15));
        assertThat(d.message()).isEqualTo("spec.pools[0].weight: must be at most 79, found 90");
        assertThat(d.hint()).contains("80 to 100 are kept for reservation pools");
    }

    @Test
    void numberBelowMinimumGivesBoundAndValue() {
        Diagnostic d = only(Policies.TENANT.replace("weight: 20", "weight: 0"));
        assertThat(d.message()).isEqualTo("spec.pools[0].weight: must be at least 1, found 0");
    }

    @Test
    void tooLongNameGivesLimitAndLength() {
        Diagnostic d = only(Policies.TENANT.replace("name: payments", "name: payments-and-settlements-europe"));
        assertThat(d.position()).isEqualTo(at(4, 9));
        assertThat(d.message()).isEqualTo("metadata.name: must be at most 30 characters long, found 31");
    }

    @Test
    void wrongApiVersionNamesTheOnlyAcceptedOne() {
        Diagnostic d = only(Policies.TENANT.replace("jig.dev/v1alpha1", "jig.dev/v1"));
        assertThat(d.position()).isEqualTo(at(1, 13));
        assertThat(d.message()).isEqualTo("apiVersion: must be 'jig.dev/v1alpha1', found 'jig.dev/v1'");
    }

    @Test
    void scheduleWithoutDurationNamesBoth() {
        Diagnostic d = only(Policies.TENANT.replace("      weight: 20\n",
                "      weight: 20\n      disruption:\n        budgets:\n          - nodes: \"0\"\n            schedule: \"@daily\"\n"));
        assertThat(d.position()).isEqualTo(at(20, 13));
        assertThat(d.message()).isEqualTo("spec.pools[0].disruption.budgets[0]: 'schedule' needs 'duration' as well");
        assertThat(d.hint()).startsWith("How long the window lasts");
    }

    @Test
    void invalidMapKeyPointsAtTheKey() {
        Diagnostic d = only(Policies.TENANT.replace("      weight: 20\n", "      weight: 20\n      labels: {\"Bad Key\": x}\n"));
        assertThat(d.position()).isEqualTo(at(18, 16));
        assertThat(d.message()).isEqualTo("spec.pools[0].labels: key 'Bad Key' is not valid: must be a Kubernetes label key such as 'app-tier' or 'example.com/team'");
    }

    @Test
    void keysThatAreNotPlainNamesAreQuotedInThePath() {
        Diagnostic d = only(Policies.TENANT.replace("      weight: 20\n",
                "      weight: 20\n      kubelet:\n        evictionHard: {memory.available: lots}\n"));
        assertThat(d.message()).startsWith("spec.pools[0].kubelet.evictionHard['memory.available']: must be a quantity such as \"100Mi\"");
    }

    @Test
    void windowsImagesAreNotAcceptedBecausePoolsAreLinux() {
        Diagnostic d = only(Policies.PLATFORM.replace("al2023: al2023@latest", "al2023: windows2022@latest"));
        assertThat(d.message()).startsWith("spec.images.al2023: must be a Linux AMI alias");
    }

    @Test
    void everyErrorOfADocumentIsReportedInFileOrder() {
        List<Diagnostic> found = check(Policies.TENANT
                .replace("isolation: dedicated", "isolation: private")
                .replace("share: 60%", "share: 0%")
                .replace("    memory: 3200Gi", "    memory: lots"));
        assertThat(found).extracting(d -> d.position().line()).containsExactly(9, 12, 16);
    }

    @Test
    void unknownKindIsNotASchemaError() {
        Diagnostic d = only("apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: x}\n");
        assertThat(d.rule()).isEqualTo(Rule.UNKNOWN_KIND);
        assertThat(d.position()).isEqualTo(at(2, 7));
        assertThat(d.message()).isEqualTo("kind 'Deployment' is not a Jig policy kind (Platform or Tenant)");
    }

    @Test
    void missingKindIsReported() {
        Diagnostic d = only("apiVersion: jig.dev/v1alpha1\nmetadata: {name: x}\n");
        assertThat(d.rule()).isEqualTo(Rule.UNKNOWN_KIND);
        assertThat(d.message()).isEqualTo("missing 'kind' (Platform or Tenant)");
    }

    @Test
    void documentThatIsNotAMappingIsReported() {
        Diagnostic d = only("- a\n- b\n");
        assertThat(d.rule()).isEqualTo(Rule.UNKNOWN_KIND);
    }

    @Test
    void bundledSchemasAreSharedAndCopiedOut() {
        assertThat(PolicySchemas.bundled()).isSameAs(schemas);
        assertThat(schemas.schemaDocument(PolicyKind.TENANT).path("$id").asText())
                .isEqualTo("https://jig.dev/schema/v1alpha1/tenant.schema.json");
    }
}
