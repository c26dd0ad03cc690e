package dev.jig.compiler.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jig.compiler.testing.Cli;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code jig validate} over temporary manifest files, as a user runs it. */
class ValidateCommandTest {

    /** Karpenter's getting-started NodePool and EC2NodeClass (karpenter.sh docs, v1), as a user copies them. */
    static final String GETTING_STARTED = """
            apiVersion: karpenter.sh/v1
            kind: NodePool
            metadata:
              name: default
            spec:
              template:
                spec:
                  requirements:
                    - key: kubernetes.io/arch
                      operator: In
                      values: ["amd64"]
                    - key: kubernetes.io/os
                      operator: In
                      values: ["linux"]
                    - key: karpenter.sh/capacity-type
                      operator: In
                      values: ["on-demand"]
                    - key: karpenter.k8s.aws/instance-category
                      operator: In
                      values: ["c", "m", "r"]
                    - key: karpenter.k8s.aws/instance-generation
                      operator: Gt
                      values: ["2"]
                  nodeClassRef:
                    group: karpenter.k8s.aws
                    kind: EC2NodeClass
                    name: default
                  expireAfter: 720h # 30 * 24h = 720h
              limits:
                cpu: 1000
              disruption:
                consolidationPolicy: WhenEmptyOrUnderutilized
                consolidateAfter: 1m
            ---
            apiVersion: karpenter.k8s.aws/v1
            kind: EC2NodeClass
            metadata:
              name: default
            spec:
              role: "KarpenterNodeRole-my-cluster"
              amiSelectorTerms:
                - alias: "al2023@latest"
              subnetSelectorTerms:
                - tags:
                    karpenter.sh/discovery: "my-cluster"
              securityGroupSelectorTerms:
                - tags:
                    karpenter.sh/discovery: "my-cluster"
            """;

    @TempDir
    Path tmp;

    private Path write(String name, String text) throws IOException {
        Path file = tmp.resolve(name);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
        return file;
    }

    /** {@code file:line:col} of the first occurrence of {@code needle}, as findings print it. */
    private static String at(Path file, String text, String needle) {
        int i = text.indexOf(needle);
        int line = (int) text.substring(0, i).chars().filter(c -> c == '\n').count() + 1;
        int col = i - (text.lastIndexOf('\n', i - 1) + 1) + 1;
        return file + ":" + line + ":" + col;
    }

    @Test
    void upstreamGettingStartedObjectsAreClean() throws IOException {
        Path file = write("karpenter.yaml", GETTING_STARTED);
        Cli.Outcome r = Cli.run("validate", file.toString());
        assertThat(r.exit()).as(r.out()).isZero();
        assertThat(r.out()).isEqualTo("1 file checked: 0 errors, 0 warnings\n");
        assertThat(r.err()).isEmpty();
    }

    /** Validates the getting-started manifests with {@code from} replaced by {@code to}; the report must be findings (exit 1). */
    private String findings(String from, String to, String needle, String expected) throws IOException {
        String text = GETTING_STARTED.replace(from, to);
        Path file = write("pool.yaml", text);
        Cli.Outcome r = Cli.run("validate", file.toString());
        assertThat(r.exit()).as(r.out()).isEqualTo(1);
        assertThat(r.out()).contains(at(file, text, needle) + ": " + expected);
        return r.out();
    }

    @Test
    void aNegativeLimitIsJig0305AtItsValue() throws IOException {
        assertThat(findings("cpu: 1000", "cpu: \"-100000\"", "\"-100000\"",
                "error[JIG0305] NodePool 'default': /spec/limits/cpu: limit cpu is negative (-100000)")).contains("  hint: Limits are caps of 0 or more");
    }

    @Test
    void aNullLimitIsJig0301AtItsValue() throws IOException {
        findings("cpu: 1000", "cpu: null", "null", "error[JIG0301] NodePool 'default': /spec/limits/cpu: must be an integer or a string, not null");
    }

    @Test
    void aLimitKubernetesCannotParseIsJig0304() throws IOException {
        findings("cpu: 1000", "cpu: 1e1.5", "1e1.5", "error[JIG0304] NodePool 'default': /spec/limits/cpu: invalid quantity '1e1.5'");
    }

    @Test
    void aCelViolationIsPlacedAtTheRequirement() throws IOException {
        assertThat(findings("values: [\"on-demand\"]", "values: []", "[]", "error[JIG0303] NodePool 'default': /spec/template/spec/requirements/2"))
                .contains("requirements with operator 'In' must have a value defined")
                .contains("hint: The API server with the Karpenter v1.14.1 CRDs would reject this object");
    }

    @Test
    void aTransitionViolationNeedsTheStoredObject() throws IOException {
        Path stored = write("stored.yaml", GETTING_STARTED);
        String text = GETTING_STARTED.replace("group: karpenter.k8s.aws", "group: nodes.example.com");
        Path changed = write("changed.yaml", text);
        assertThat(Cli.run("validate", changed.toString()).exit()).as("as a CREATE it is valid").isZero();
        Cli.Outcome r = Cli.run("validate", changed.toString(), "--old", stored.toString());
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.out()).contains(at(changed, text, "nodes.example.com") + ": error[JIG0303] NodePool 'default': "
                + "/spec/template/spec/nodeClassRef/group: nodeClassRef.group is immutable");
    }

    @Test
    void theStaticDynamicTransitionIsCheckedAgainstTheStoredObject() throws IOException {
        Path stored = write("stored.yaml", GETTING_STARTED);
        Path changed = write("changed.yaml", GETTING_STARTED.replace("  limits:\n    cpu: 1000\n", "  replicas: 3\n"));
        Cli.Outcome r = Cli.run("validate", changed.toString(), "--old", stored.toString());
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.out()).contains("Cannot transition NodePool between static (replicas set) and dynamic (replicas unset) provisioning modes");
    }

    @Test
    void otherKindsAreSkippedWithANoteAndDirectoriesAndListsAreRead() throws IOException {
        write("dir/namespace.yaml", "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: team-a\n");
        String list = "apiVersion: v1\nkind: List\nitems:\n" + GETTING_STARTED.replace("cpu: 1000", "cpu: -5").lines()
                .filter(l -> !l.equals("---")).map(l -> (l.startsWith("apiVersion") ? "  - " : "    ") + l).reduce("", (a, l) -> a + l + "\n");
        Path listFile = write("dir/list.yml", list);
        write("dir/notes.txt", "not read");
        Cli.Outcome r = Cli.run("validate", tmp.resolve("dir").toString());
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err()).contains("note: " + tmp.resolve("dir/namespace.yaml") + ":1:1: skipped v1 Namespace 'team-a'");
        assertThat(r.out()).contains(at(listFile, list, "-5") + ": error[JIG0305] NodePool 'default': /spec/limits/cpu")
                .contains("2 files checked: 1 error, 0 warnings");
    }

    @Test
    void unparsableYamlIsALocatedError() throws IOException {
        Path file = write("broken.yaml", GETTING_STARTED + "---\nkind: NodePool\nspec: [unclosed\n");
        Cli.Outcome r = Cli.run("validate", file.toString());
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.out()).containsPattern(java.util.regex.Pattern.quote(file.toString()) + ":\\d+:\\d+: error\\[JIG0001\\]");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"json", "github", "sarif", "junit"})
    void everyLintFormatCarriesTheFinding(String format) throws IOException {
        Path file = write("pool.yaml", GETTING_STARTED.replace("cpu: 1000", "cpu: \"-1\""));
        Cli.Outcome r = Cli.run("validate", "--format", format, file.toString());
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.out()).contains("JIG0305").contains("pool.yaml");
        if (format.equals("json") || format.equals("sarif")) assertThat(new ObjectMapper().readTree(r.out())).isNotNull();
    }

    @Test
    void usageAndIoErrorsExitTwo() throws IOException {
        assertThat(Cli.run("validate").exit()).isEqualTo(2);
        assertThat(Cli.run("validate", "--format", "xml", write("a.yaml", GETTING_STARTED).toString()).exit()).isEqualTo(2);
        Cli.Outcome missing = Cli.run("validate", tmp.resolve("absent.yaml").toString());
        assertThat(missing.exit()).isEqualTo(2);
        assertThat(missing.err()).contains("no such file or directory").doesNotContain("Exception");
    }
}
