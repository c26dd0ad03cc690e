package dev.jig.compiler.schema;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jig.api.diag.Diagnostic;
import dev.jig.api.diag.Rule;
import dev.jig.api.tenancy.PrincipalName;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** {@code spec.tenancy.labelAdmins} accepts exactly the principal forms the webhook matches ({@link PrincipalName}). */
class LabelAdminsSchemaTest {

    private final PolicySchemas schemas = PolicySchemas.bundled();

    private List<Diagnostic> check(String admin) {
        String yaml = Policies.PLATFORM + "  tenancy:\n    labelAdmins: [\"" + admin + "\"]\n";
        return schemas.validate(Policies.load("t.yaml", yaml));
    }

    @Test
    void theSchemaPatternIsThePrincipalPattern() throws Exception {
        Path schema = Path.of(System.getProperty("jig.repo.root", ".."), "policies", "schema", "platform.schema.json");
        JsonNode doc = new ObjectMapper().readTree(Files.readString(schema));
        assertThat(doc.findValue("labelAdmins").path("items").path("pattern").asText()).isEqualTo(PrincipalName.PATTERN);
    }

    @ParameterizedTest
    @ValueSource(strings = {"system:serviceaccount:argocd:argocd-application-controller", "group:platform-admins", "user:jane@acme.example",
            "group:system:serviceaccounts:argocd"})
    void typedPrincipalsPass(String admin) {
        assertThat(check(admin)).isEmpty();
        assertThat(PrincipalName.parse(admin)).isPresent();
    }

    @ParameterizedTest
    @ValueSource(strings = {"platform-admins", "system:serviceaccounts:argocd", "system:serviceaccount:argocd", "group:", "user: jane"})
    void bareOrMalformedPrincipalsAreSchemaErrors(String admin) {
        assertThat(check(admin)).singleElement().satisfies(d -> {
            assertThat(d.rule()).isEqualTo(Rule.SCHEMA);
            assertThat(d.message()).contains("spec.tenancy.labelAdmins");
        });
        assertThat(PrincipalName.parse(admin)).isEmpty();
    }
}
