package dev.jig.compiler.schema;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;

class FieldPathTest {

    private final JsonNode root = Policies.load("t.yaml", """
            spec:
              pools:
                - labels: {example.com/team: a, "0": b}
            """).root();

    @Test
    void listIndexesUseBrackets() {
        assertThat(FieldPath.of(root, List.of("spec", "pools", "0", "labels"))).isEqualTo("spec.pools[0].labels");
    }

    @Test
    void keysThatAreNotPlainNamesAreQuoted() {
        assertThat(FieldPath.of(root, List.of("spec", "pools", "0", "labels", "example.com/team")))
                .isEqualTo("spec.pools[0].labels['example.com/team']");
        assertThat(FieldPath.of(root, List.of("spec", "pools", "0", "labels", "0"))).isEqualTo("spec.pools[0].labels['0']");
    }

    @Test
    void rootIsEmpty() {
        assertThat(FieldPath.of(root, List.of())).isEmpty();
    }
}
