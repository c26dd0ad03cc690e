package dev.jig.charts;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.rbac.ClusterRole;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBinding;
import io.fabric8.kubernetes.api.model.rbac.PolicyRule;
import io.fabric8.kubernetes.api.model.rbac.Role;
import io.fabric8.kubernetes.api.model.rbac.RoleBinding;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Least privilege: no wildcard, names where Kubernetes allows them, one ServiceAccount per program, a reason for every rule. */
class RbacTest {

    static List<String> combinations() {
        return Rendered.combinations().toList();
    }

    private static List<PolicyRule> rules(List<Object> objects) {
        List<PolicyRule> out = new ArrayList<>();
        StrictObjects.all(objects, ClusterRole.class).forEach(r -> out.addAll(r.getRules()));
        StrictObjects.all(objects, Role.class).forEach(r -> out.addAll(r.getRules()));
        return out;
    }

    /** The rules of one program's ClusterRole and Role. */
    private static List<PolicyRule> rules(List<Object> objects, String program) {
        List<PolicyRule> out = new ArrayList<>(StrictObjects.one(objects, ClusterRole.class, program).getRules());
        out.addAll(StrictObjects.one(objects, Role.class, program).getRules());
        return out;
    }

    /** Rules as "group/resource[names]" -> verbs, for exact comparisons. */
    private static Map<String, List<String>> table(List<PolicyRule> rules) {
        Map<String, List<String>> out = new TreeMap<>();
        for (PolicyRule r : rules) {
            for (String g : r.getApiGroups()) {
                for (String res : r.getResources()) {
                    String key = g + "/" + res + (r.getResourceNames() == null || r.getResourceNames().isEmpty() ? "" : r.getResourceNames());
                    assertThat(out).as("one rule per resource and names: %s", key).doesNotContainKey(key);
                    out.put(key, r.getVerbs());
                }
            }
        }
        return out;
    }

    @ParameterizedTest
    @MethodSource("combinations")
    void noRuleUsesAWildcardOrNonResourceUrls(String combination) {
        for (PolicyRule r : rules(Rendered.objects(combination))) {
            assertThat(r.getApiGroups()).as("%s", r).isNotEmpty().doesNotContain("*");
            assertThat(r.getResources()).as("%s", r).isNotEmpty().allSatisfy(x -> assertThat(x).doesNotContain("*"));
            assertThat(r.getVerbs()).as("%s", r).isNotEmpty().doesNotContain("*");
            assertThat(r.getResourceNames() == null ? List.<String>of() : r.getResourceNames()).doesNotContain("*");
            assertThat(r.getNonResourceURLs()).as("%s", r).isNullOrEmpty();
            assertThat(r.getVerbs()).as("no escalation verbs: %s", r).doesNotContain("escalate", "bind", "impersonate");
        }
    }

    @ParameterizedTest
    @MethodSource("combinations")
    void eachProgramRunsAsItsOwnServiceAccountWhichMountsNoTokenForOtherPods(String combination) {
        List<Object> objects = Rendered.objects(combination);
        List<Deployment> deployments = StrictObjects.all(objects, Deployment.class);
        assertThat(deployments.stream().map(d -> d.getSpec().getTemplate().getSpec().getServiceAccountName()).distinct()).hasSameSizeAs(deployments);
        for (Deployment d : deployments) {
            PodSpec pod = d.getSpec().getTemplate().getSpec();
            assertThat(pod.getServiceAccountName()).isEqualTo(d.getMetadata().getName());
            assertThat(pod.getAutomountServiceAccountToken()).as("it reads the API, so it says it mounts the token").isTrue();
            ServiceAccount account = StrictObjects.one(objects, ServiceAccount.class, pod.getServiceAccountName());
            assertThat(account.getAutomountServiceAccountToken()).isFalse();
            // every binding binds this program's role to this program's account alone
            for (ClusterRoleBinding b : StrictObjects.all(objects, ClusterRoleBinding.class)) {
                assertThat(b.getSubjects()).singleElement().satisfies(s -> assertThat(s.getName()).isEqualTo(b.getRoleRef().getName()));
            }
            for (RoleBinding b : StrictObjects.all(objects, RoleBinding.class)) {
                assertThat(b.getSubjects()).singleElement().satisfies(s -> assertThat(b.getRoleRef().getName()).isEqualTo(s.getName()));
            }
        }
    }

    @Test
    void theControllerMayDoExactlyWhatItsKubernetesAdapterCalls() {
        List<Object> objects = Rendered.objects("controller-only");
        assertThat(table(rules(objects, "jig-controller"))).isEqualTo(new TreeMap<>(Map.ofEntries(
                Map.entry("/pods", List.of("list", "watch", "delete")),
                Map.entry("/pods/status", List.of("patch")),
                Map.entry("/pods/eviction", List.of("create")),
                Map.entry("/nodes", List.of("get", "list", "watch", "patch", "delete")),
                Map.entry("apps/daemonsets", List.of("list", "watch")),
                Map.entry("apps/deployments", List.of("list")),
                Map.entry("policy/poddisruptionbudgets", List.of("list", "watch")),
                Map.entry("karpenter.sh/nodepools", List.of("list", "watch")),
                Map.entry("karpenter.k8s.aws/ec2nodeclasses", List.of("list", "watch")),
                Map.entry("karpenter.sh/nodeclaims", List.of("get", "list", "watch", "create", "update", "patch", "delete")),
                Map.entry("karpenter.sh/nodeclaims/status", List.of("update", "patch")),
                Map.entry("/events", List.of("create")),
                Map.entry("/configmaps[jig-tenancy]", List.of("list", "watch")),
                Map.entry("coordination.k8s.io/leases[jig-controller]", List.of("get", "update", "patch")),
                Map.entry("coordination.k8s.io/leases", List.of("create")))));
        // Events on pods go to each pod's namespace: create events is cluster-wide, and no Role is left in default
        assertThat(StrictObjects.all(objects, Role.class)).extracting(r -> r.getMetadata().getNamespace()).containsOnly(JigChart.NAMESPACE);
    }

    @Test
    void withoutNominationsTheControllerMayNotWritePodStatus() {
        List<Object> objects = StrictObjects.parse(JigChart.documents(JigChart.templateInline("webhook: {enabled: false}\ncontroller: {cloud: sim, nominatePods: false}")));
        Map<String, List<String>> table = table(rules(objects, "jig-controller"));
        assertThat(table).doesNotContainKey("/pods/status").containsEntry("/pods", List.of("list", "watch", "delete"));
        assertThat(table(rules(Rendered.objects("controller-only"), "jig-controller"))).containsEntry("/pods/status", List.of("patch"));
    }

    @Test
    void onlyTheAwsCloudWritesNodeClassStatus() {
        assertThat(table(rules(Rendered.objects("aws"), "jig-controller"))).containsEntry("karpenter.k8s.aws/ec2nodeclasses/status", List.of("update"));
        assertThat(table(rules(Rendered.objects("controller-only"), "jig-controller"))).doesNotContainKey("karpenter.k8s.aws/ec2nodeclasses/status");
        // the node-class finalizer: added and removed by the aws cloud only
        assertThat(table(rules(Rendered.objects("aws"), "jig-controller"))).containsEntry("karpenter.k8s.aws/ec2nodeclasses", List.of("list", "watch", "get", "patch"));
        assertThat(table(rules(Rendered.objects("controller-only"), "jig-controller"))).containsEntry("karpenter.k8s.aws/ec2nodeclasses", List.of("list", "watch"));
    }

    @Test
    void theWebhookReadsOnlyWhatItsTenancyViewNeeds() {
        assertThat(table(rules(Rendered.objects("webhook-only"), "jig-webhook"))).isEqualTo(new TreeMap<>(Map.of(
                "/nodes", List.of("get", "list", "watch"),
                "karpenter.sh/nodepools", List.of("get", "list", "watch"),
                "/configmaps[jig-tenancy]", List.of("get", "list", "watch"))));
    }

    @Test
    void selfManagedCertificatesAddTheirSecretAndTheTwoConfigurationsByName() {
        Map<String, List<String>> table = table(rules(Rendered.objects("self-managed"), "jig-webhook"));
        assertThat(table).containsEntry("/secrets[jig-webhook-self-managed-tls]", List.of("get", "update"))
                .containsEntry("/secrets", List.of("create"))
                .containsEntry("admissionregistration.k8s.io/validatingwebhookconfigurations[jig-webhook]", List.of("get", "patch"))
                .containsEntry("admissionregistration.k8s.io/mutatingwebhookconfigurations[jig-webhook]", List.of("get", "patch"));
        assertThat(table.keySet()).filteredOn(k -> k.contains("secrets")).hasSize(2);
        assertThat(table(rules(Rendered.objects("defaults"), "jig-webhook")).keySet()).noneMatch(k -> k.contains("secrets") || k.contains("webhookconfigurations"));
    }

    @Test
    void everyRuleInTheTemplatesIsJustifiedByTheCommentAboveIt() throws IOException {
        List<Path> templates;
        try (Stream<Path> walk = Files.walk(JigChart.CHART.resolve("templates"))) {
            templates = walk.filter(p -> p.getFileName().toString().equals("rbac.yaml")).toList();
        }
        assertThat(templates).hasSize(2);
        int rules = 0;
        for (Path t : templates) {
            List<String> lines = Files.readAllLines(t);
            for (int i = 0; i < lines.size(); i++) {
                if (!lines.get(i).trim().startsWith("- apiGroups:")) continue;
                rules++;
                int j = i - 1;
                while (j >= 0 && lines.get(j).trim().startsWith("{{")) j--;
                assertThat(lines.get(j).trim()).as("%s:%d has a comment saying why", t.getFileName(), i + 1).startsWith("#");
                String rule = String.join(" ", lines.subList(i, Math.min(i + 4, lines.size())));
                String verbs = rule.replaceAll(".*verbs: \\[([^]]*)].*", "$1");
                String comment = lines.get(j);
                for (int k = j; k >= 0 && lines.get(k).trim().startsWith("#"); k--) comment = lines.get(k) + " " + comment;
                for (String verb : verbs.split(",\\s*")) {
                    assertThat(comment).as("%s:%d: the comment justifies '%s'", t, i + 1, verb).contains(verb);
                }
            }
        }
        assertThat(rules).isGreaterThanOrEqualTo(15);
    }
}
