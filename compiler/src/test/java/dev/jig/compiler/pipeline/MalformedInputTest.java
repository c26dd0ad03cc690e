package dev.jig.compiler.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jig.api.diag.Diagnostic;
import dev.jig.compiler.pipeline.Compiler.Result;
import dev.jig.compiler.testing.PolicyFixture;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A corpus of broken tenant files: every one gives located errors with a rule id and a hint, and
 * none crashes the compiler or lets a partial output through.
 */
class MalformedInputTest {

    @org.junit.jupiter.api.Test
    void filesThatAreNotUtf8AreLocatedErrors() throws Exception {
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("jig-utf8");
        dev.jig.compiler.testing.PolicyRepo.write(dir, PolicyFixture.valid().files());
        java.nio.file.Files.write(dir.resolve("tenants/beta.yaml"), new byte[] {'a', ':', ' ', (byte) 0xC3, (byte) 0x28, '\n'});
        Result r = new Compiler(dev.jig.api.ec2.Catalog.bundled())
                .compile(new dev.jig.compiler.source.DirectorySourceTree(dir).files(), java.util.Optional.empty());
        assertThat(r.diagnostics()).anySatisfy(d -> {
            assertThat(d.position().toString()).isEqualTo("tenants/beta.yaml:1:4");
            assertThat(d.message()).contains("not valid UTF-8");
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "",
            "---\n",
            "[]\n",
            "just a string\n",
            "42\n",
            "{\n",
            "a: b: c\n",
            "key: 'unterminated\n",
            "\t- tab indented\n",
            "apiVersion: jig.dev/v1alpha1\n",
            "apiVersion: jig.dev/v1beta1\nkind: Tenant\n",
            "apiVersion: jig.dev/v1alpha1\nkind: Tenant\n",
            "apiVersion: jig.dev/v1alpha1\nkind: Tenant\nmetadata: {name: x}\nspec: []\n",
            "apiVersion: jig.dev/v1alpha1\nkind: Tenant\nmetadata: {name: UPPER}\nspec: {}\n",
            "apiVersion: jig.dev/v1alpha1\nkind: Tenant\nmetadata: {name: x}\nspec:\n  namespaces: [x]\n  owners: [o]\n  costCenter: c\n  isolation: dedicated\n  quota: {cpu: lots, memory: 1Gi}\n  pools: [{name: p}]\n",
            "apiVersion: jig.dev/v1alpha1\nkind: Tenant\nmetadata: {name: x}\nspec:\n  namespaces: [x]\n  owners: [o]\n  costCenter: c\n  isolation: dedicated\n  quota: {cpu: 1, memory: 1Gi}\n  pools: []\n",
            "apiVersion: jig.dev/v1alpha1\nkind: Tenant\nmetadata: {name: x}\nspec:\n  namespaces: [x]\n  owners: [o]\n  costCenter: c\n  isolation: dedicated\n  quota: {cpu: 1, memory: 1Gi}\n  pools: [{name: p, share: 150%}]\n",
            "apiVersion: jig.dev/v1alpha1\nkind: Tenant\nmetadata: {name: x}\nspec:\n  namespaces: [x]\n  owners: [o]\n  costCenter: c\n  isolation: dedicated\n  quota: {cpu: 1, memory: 1Gi}\n  pools: [{name: p, weight: 100}]\n",
            "apiVersion: jig.dev/v1alpha1\nkind: Tenant\nmetadata: {name: x}\nspec:\n  namespaces: [x]\n  owners: [o]\n  costCenter: c\n  isolation: dedicated\n  quota: {cpu: 1, memory: 1Gi}\n  pools: [{name: p, expireAfter: 1d}]\n",
            "apiVersion: jig.dev/v1alpha1\nkind: Tenant\nmetadata: {name: x}\nspec:\n  namespaces: [x]\n  owners: [o]\n  costCenter: c\n  isolation: dedicated\n  quota: {cpu: 1, memory: 1Gi}\n  pools: [{name: p, taints: [{key: k, effect: Sometimes}]}]\n",
            "apiVersion: jig.dev/v1alpha1\nkind: Tenant\nmetadata: {name: x}\nspec:\n  namespaces: [x]\n  owners: [o]\n  costCenter: c\n  isolation: dedicated\n  quota: {cpu: 1, memory: 1Gi}\n  pools: [{name: p, labels: {\"bad key!\": v}}]\n",
            "apiVersion: jig.dev/v1alpha1\nkind: Tenant\nmetadata: {name: x}\nspec:\n  namespaces: [x]\n  owners: [o]\n  costCenter: c\n  isolation: dedicated\n  quota: {cpu: 1, memory: 1Gi}\n  pools: [{name: p, kubelet: {maxPods: -3}}]\n",
            "apiVersion: jig.dev/v1alpha1\nkind: Tenant\nmetadata: {name: x}\nspec:\n  namespaces: [x]\n  owners: [o]\n  costCenter: c\n  isolation: dedicated\n  quota: {cpu: 1, memory: 1Gi}\n  pools: [{name: p, disruption: {budgets: [{nodes: \"0\", schedule: \"@daily\"}]}}]\n",
            "a: &a [x]\nb: &b [*a, *a]\nc: [*b, *b]\n",
            "x: !!binary aGVsbG8=\n",
            "? [complex, key]\n: value\n",
            "\u0000\u0001\u0002",
            "\uFEFFapiVersion: jig.dev/v1alpha1\nkind: Tenant\n"})
    void brokenTenantFilesGiveLocatedErrorsAndNoOutput(String text) {
        Result r = PolicyFixture.valid().put("tenants/beta.yaml", text).compile();
        assertThat(r.hasErrors()).as("errors for %s", text).isTrue();
        assertThat(r.objects()).isEmpty();
        for (Diagnostic d : r.diagnostics()) {
            assertThat(d.rule().id()).matches("JIG0\\d{3}");
            assertThat(d.message()).isNotBlank().doesNotContain("Exception");
            assertThat(d.hint()).isNotBlank();
            assertThat(d.position().file()).isNotBlank();
        }
        assertThat(r.diagnostics()).anyMatch(d -> d.position().file().equals("tenants/beta.yaml"));
    }
}
