package dev.jig.compiler.diff;

import static dev.jig.compiler.diff.Manifests.json;
import static dev.jig.compiler.diff.Manifests.nodePool;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;

class DiffRendererTest {

    private static final ManifestDiff DIFF = new ManifestDiff();

    /** payments-web grows and gains on-demand, search-web is new, the old EC2NodeClass goes. */
    private static ManifestDiff.Result sample() {
        List<JsonNode> before = List.of(
                nodePool("payments-web", "payments", "{cpu: '800', memory: '3200Gi'}", "['spot']"),
                json("{apiVersion: 'karpenter.k8s.aws/v1', kind: 'EC2NodeClass', metadata: {name: 'payments-al2'}, spec: {role: 'R'}}"));
        List<JsonNode> after = List.of(
                nodePool("payments-web", "payments", "{cpu: '900', memory: '3200Gi'}", "['spot', 'on-demand']"),
                json("{apiVersion: 'v1', kind: 'Namespace', metadata: {name: 'search', labels: {'jig.dev/tenant': 'search'}}}"));
        return DIFF.compare(before, after);
    }

    @Test
    void textListsSummaryLimitsAndObjectsInIdentityOrder() {
        assertThat(DiffRenderer.text(sample())).isEqualTo("""
                1 added, 1 removed, 1 changed

                Tenant limits:
                  tenant   | resource | before | after | change
                  payments | cpu      | 800    | 900   | +100

                - EC2NodeClass payments-al2
                + Namespace search
                ~ NodePool payments-web
                    spec.limits.cpu: "800" -> "900"
                    spec.template.spec.requirements[key=karpenter.sh/capacity-type].values: ["spot"] -> ["spot","on-demand"]
                """);
    }

    @Test
    void markdownHasSummaryLimitsTableAndCollapsibleObjects() {
        assertThat(DiffRenderer.markdown(sample())).isEqualTo("""
                **1 added, 1 removed, 1 changed**

                **Tenant limits**

                | Tenant | Resource | Before | After | Change |
                | --- | --- | ---: | ---: | ---: |
                | payments | cpu | 800 | 900 | +100 |

                <details>
                <summary>removed EC2NodeClass <code>payments-al2</code></summary>

                ```diff
                - apiVersion: karpenter.k8s.aws/v1
                - kind: EC2NodeClass
                - metadata:
                -   name: payments-al2
                - spec:
                -   role: R
                ```

                </details>

                <details>
                <summary>added Namespace <code>search</code></summary>

                ```diff
                + apiVersion: v1
                + kind: Namespace
                + metadata:
                +   name: search
                +   labels:
                +     jig.dev/tenant: search
                ```

                </details>

                <details>
                <summary>changed NodePool <code>payments-web</code> (2 fields)</summary>

                | Field | Before | After |
                | --- | --- | --- |
                | `spec.limits.cpu` | `"800"` | `"900"` |
                | `spec.template.spec.requirements[key=karpenter.sh/capacity-type].values` | `["spot"]` | `["spot","on-demand"]` |

                </details>
                """);
    }

    @Test
    void anEmptyDiffSaysSoInBothForms() {
        ManifestDiff.Result empty = DIFF.compare(List.of(), List.of());

        assertThat(DiffRenderer.text(empty)).isEqualTo("No changes to the compiled output.\n");
        assertThat(DiffRenderer.markdown(empty)).isEqualTo("No changes to the compiled output.\n");
    }

    @Test
    void tableCellsEscapePipesAndCodeSpansSurviveBackticks() {
        List<JsonNode> before = List.of(
                nodePool("p", "a|b", "{cpu: '1'}", "['spot']"),
                json("{kind: 'ConfigMap', metadata: {name: 'c', namespace: 'n'}, data: {'x|y': 'one | two', z: 'has `tick`'}}"));
        List<JsonNode> after = List.of(
                nodePool("p", "a|b", "{cpu: '2'}", "['spot']"),
                json("{kind: 'ConfigMap', metadata: {name: 'c', namespace: 'n'}, data: {'x|y': 'three', z: '`'}}"));
        ManifestDiff.Result result = DIFF.compare(before, after);

        String markdown = DiffRenderer.markdown(result);
        String text = DiffRenderer.text(result);

        assertThat(markdown)
                .contains("| a\\|b | cpu | 1 | 2 | +1 |")
                .contains("| `data[\"x\\|y\"]` | `\"one \\| two\"` | `\"three\"` |")
                .contains("| `data.z` | ``\"has `tick`\"`` | ``\"`\"`` |")
                .contains("<summary>changed ConfigMap <code>n/c</code> (2 fields)</summary>");
        assertThat(text)
                .contains("  a\\|b   | cpu      | 1      | 2     | +1")
                .contains("~ ConfigMap n/c\n    data[\"x|y\"]: \"one | two\" -> \"three\"\n");
    }

    @Test
    void addedYamlKeepsStringsThatLookLikeNumbersQuotedAndFencesAroundBackticks() {
        JsonNode pool = json("{kind: 'NodePool', metadata: {name: 'p'}, spec: {weight: 10, limits: {cpu: '800'}, note: '```'}}");

        String markdown = DiffRenderer.markdown(DIFF.compare(List.of(), List.of(pool)));

        assertThat(markdown)
                .contains("+   weight: 10\n")
                .contains("+     cpu: '800'\n")
                .contains("\n````diff\n")
                .endsWith("````\n\n</details>\n");
    }

    @Test
    void limitTotalsShowUnlimitedAndNegativeChanges() {
        List<JsonNode> before = List.of(nodePool("p", "t", "{cpu: '4', memory: '2Gi'}", "['spot']"));
        List<JsonNode> after = List.of(nodePool("p", "t", "{memory: '512Mi'}", "['spot']"));

        assertThat(DiffRenderer.markdown(DIFF.compare(before, after)))
                .contains("| t | cpu | 4 | unlimited |  |\n")
                .contains("| t | memory | 2Gi | 512Mi | -1536Mi |\n");
    }

    @Test
    void markdownStaysWithinTheCommentBudgetAndSaysWhatItLeftOut() throws Exception {
        java.util.List<com.fasterxml.jackson.databind.JsonNode> after = new java.util.ArrayList<>();
        com.fasterxml.jackson.databind.ObjectMapper m = new com.fasterxml.jackson.databind.ObjectMapper();
        for (int i = 0; i < 200; i++) {
            after.add(m.readTree("{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"cm" + i
                    + "\",\"namespace\":\"ns\"},\"data\":{\"k\":\"" + "x".repeat(500) + "\"}}"));
        }
        ManifestDiff.Result result = new ManifestDiff().compare(java.util.List.of(), after);
        String full = DiffRenderer.markdown(result);
        String capped = DiffRenderer.markdown(result, 20_000);
        assertThat(full.length()).isGreaterThan(100_000);
        assertThat(capped.length()).isLessThanOrEqualTo(20_300);
        assertThat(capped).startsWith("**200 added, 0 removed, 0 changed**").containsPattern("_\\d+ more objects are not shown");
    }
}
