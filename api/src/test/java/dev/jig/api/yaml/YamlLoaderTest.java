package dev.jig.api.yaml;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jig.api.diag.Diagnostic;
import dev.jig.api.diag.Rule;
import dev.jig.api.source.Position;
import dev.jig.api.source.SourceFile;
import org.junit.jupiter.api.Test;

class YamlLoaderTest {

    private final YamlLoader loader = new YamlLoader();

    private YamlLoader.Result load(String text) {
        return loader.load(new SourceFile("t.yaml", text));
    }

    @Test
    void yaml12KeepsOnYesNoAndLeadingZeroAsStrings() {
        LoadedDocument doc = load("a: on\nb: yes\nc: no\nd: 010\ne: 10\nf: true\ng: ~\nh: 1.5\n").document().orElseThrow();
        assertThat(doc.root().get("a").isTextual()).isTrue();
        assertThat(doc.root().get("b").asText()).isEqualTo("yes");
        assertThat(doc.root().get("c").asText()).isEqualTo("no");
        assertThat(doc.root().get("d").isTextual()).isTrue();
        assertThat(doc.root().get("d").asText()).isEqualTo("010");
        assertThat(doc.root().get("e").isInt()).isTrue();
        assertThat(doc.root().get("f").isBoolean()).isTrue();
        assertThat(doc.root().get("g").isNull()).isTrue();
        assertThat(doc.root().get("h").isNumber()).isTrue();
    }

    @Test
    void quotedScalarsAreAlwaysStrings() {
        LoadedDocument doc = load("a: \"10\"\nb: 'true'\n").document().orElseThrow();
        assertThat(doc.root().get("a").isTextual()).isTrue();
        assertThat(doc.root().get("b").isTextual()).isTrue();
    }

    @Test
    void positionsPointAtValuesAndKeys() {
        LoadedDocument doc = load("spec:\n  pools:\n    - name: web\n      share: 50%\n").document().orElseThrow();
        assertThat(doc.positions().value("/spec/pools/0/share")).isEqualTo(new Position("t.yaml", 4, 14));
        assertThat(doc.positions().key("/spec/pools/0/share")).isEqualTo(new Position("t.yaml", 4, 7));
        assertThat(doc.positions().value("/spec/pools/0/missing")).isEqualTo(new Position("t.yaml", 3, 7));
    }

    @Test
    void duplicateKeysAreErrorsNamingBothPlaces() {
        YamlLoader.Result r = load("a: 1\nb: 2\na: 3\n");
        assertThat(r.document()).isEmpty();
        Diagnostic d = r.diagnostics().get(0);
        assertThat(d.rule()).isEqualTo(Rule.YAML_DUPLICATE_KEY);
        assertThat(d.position()).isEqualTo(new Position("t.yaml", 3, 1));
        assertThat(d.message()).contains("t.yaml:1:1");
    }

    @Test
    void syntaxErrorsAreLocated() {
        YamlLoader.Result r = load("a: [1, 2\nb: 3\n");
        assertThat(r.document()).isEmpty();
        assertThat(r.diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.rule()).isEqualTo(Rule.YAML_SYNTAX);
            assertThat(d.position().line()).isPositive();
        });
    }

    @Test
    void aSecondDocumentIsAnError() {
        assertThat(load("a: 1\n---\nb: 2\n").diagnostics()).extracting(Diagnostic::rule).containsExactly(Rule.YAML_MULTIPLE_DOCUMENTS);
    }

    @Test
    void emptyFilesAreReported() {
        assertThat(load("# only a comment\n").diagnostics()).extracting(Diagnostic::rule).containsExactly(Rule.EMPTY_DOCUMENT);
    }

    @Test
    void customTagsAndMergeKeysAreRejected() {
        assertThat(load("a: !secret x\n").diagnostics()).extracting(Diagnostic::rule).containsExactly(Rule.YAML_UNSUPPORTED);
        assertThat(load("base: &b {x: 1}\nc:\n  <<: *b\n").diagnostics()).extracting(Diagnostic::rule).containsExactly(Rule.YAML_UNSUPPORTED);
    }

    @Test
    void aliasesOfPlainValuesAreExpanded() {
        LoadedDocument doc = load("a: &z [us-east-1a]\nb: *z\n").document().orElseThrow();
        assertThat(doc.root().get("b").get(0).asText()).isEqualTo("us-east-1a");
    }

    @Test
    void billionLaughsIsRefusedNotExpanded() {
        StringBuilder y = new StringBuilder("a: &a [x, x, x, x, x, x, x, x, x, x]\n");
        for (char c = 'b'; c <= 'j'; c++) {
            char p = (char) (c - 1);
            y.append(c).append(": &").append(c).append(" [*").append(p).append(", *").append(p).append(", *").append(p)
                    .append(", *").append(p).append(", *").append(p).append(", *").append(p).append(", *").append(p).append("]\n");
        }
        YamlLoader.Result r = load(y.toString());
        assertThat(r.document()).isEmpty();
        assertThat(r.diagnostics()).isNotEmpty();
    }
}
