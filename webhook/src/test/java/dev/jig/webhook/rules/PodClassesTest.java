package dev.jig.webhook.rules;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.webhook.admission.Decision;
import dev.jig.webhook.admission.Operation;
import dev.jig.webhook.admission.WebhookSettings;
import dev.jig.webhook.testing.Acme;
import dev.jig.webhook.testing.Catalogue.Case;
import dev.jig.webhook.testing.PodClasses;
import dev.jig.webhook.testing.Pods;
import dev.jig.webhook.testing.Requests;
import io.fabric8.zjsonpatch.JsonPatch;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The pure core over the tables of {@link PodClasses}; {@code PodClassesIT} runs the same tables over HTTPS. */
class PodClassesTest {

    private static final WebhookRules RULES = new WebhookRules(WebhookSettings.defaults());

    static Stream<Case> cases() {
        return Stream.of(PodClasses.identities(), PodClasses.identifyingLabels(), PodClasses.emptyValues(), PodClasses.nodeLabels(), PodClasses.tolerationKeys())
                .flatMap(List::stream);
    }

    static Stream<Arguments> shapes() {
        return PodClasses.steeringShapes().entrySet().stream().map(e -> Arguments.of(e.getKey(), e.getValue()));
    }

    @Test
    void everyClassHasAtLeastFiveRefusedRequests() {
        for (List<Case> table : List.of(PodClasses.identities(), PodClasses.identifyingLabels(), PodClasses.emptyValues(), PodClasses.nodeLabels(), PodClasses.tolerationKeys())) {
            assertThat(table.stream().filter(c -> c.expected() != null)).hasSizeGreaterThanOrEqualTo(5);
        }
        assertThat(PodClasses.steeringShapes()).hasSizeGreaterThanOrEqualTo(5);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void eachRequestGetsItsDecision(Case c) {
        Decision d = RULES.validate(c.input(), Optional.of(Acme.view()));
        if (c.expected() == null) {
            assertThat(d.denials()).as(c.name()).isEmpty();
        } else {
            assertThat(d.ruleIds()).as(c.name() + ": " + d.message()).contains(c.expected().id());
            assertThat(d.message()).contains("Fix: ");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shapes")
    void aPodOfNoTenantIsSteeredOffTenantNodesInEveryTerm(String shape, ObjectNode pod) {
        Decision first = RULES.mutate(Requests.pod(Operation.CREATE, pod, null), Optional.of(Acme.view()));
        JsonNode patched = JsonPatch.apply(first.patchNode(), pod);
        JsonNode terms = patched.at("/spec/affinity/nodeAffinity/requiredDuringSchedulingIgnoredDuringExecution/nodeSelectorTerms");
        assertThat(terms.size()).as(shape).isPositive();
        for (JsonNode term : terms) {
            for (String key : List.of(WellKnownLabels.NODE_TENANT, WellKnownLabels.JIG_TENANT)) {
                assertThat(term.path("matchExpressions").findValues("key").stream().map(JsonNode::asText)
                        .filter(key::equals).count()).as(shape + ": " + term).isEqualTo(1);
            }
        }
        assertThat(patched.at("/spec/nodeSelector").equals(pod.at("/spec/nodeSelector"))).as("nodeSelector untouched").isTrue();
        Decision again = RULES.mutate(Requests.pod(Operation.CREATE, patched, null), Optional.of(Acme.view()));
        assertThat(again.hasPatch()).as("reinvocation adds nothing").isFalse();
        assertThat(RULES.validate(Requests.pod(Operation.CREATE, patched, null), Optional.of(Acme.view())).denials()).isEmpty();
    }

    @Test
    void theOtherPartsOfATermAndOfTheAffinitySurvive() {
        ObjectNode pod = PodClasses.steeringShapes().get("two ORed required terms");
        JsonNode patched = JsonPatch.apply(RULES.mutate(Requests.pod(Operation.CREATE, pod, null), Optional.of(Acme.view())).patchNode(), pod);
        String path = "/spec/affinity/nodeAffinity/requiredDuringSchedulingIgnoredDuringExecution/nodeSelectorTerms/";
        assertThat(patched.at(path + "0/matchExpressions/0/key").asText()).isEqualTo(WellKnownLabels.ARCH);
        assertThat(patched.at(path + "1/matchExpressions/0/key").asText()).isEqualTo(WellKnownLabels.ZONE);
        ObjectNode preferred = PodClasses.steeringShapes().get("preferred node affinity only");
        JsonNode kept = JsonPatch.apply(RULES.mutate(Requests.pod(Operation.CREATE, preferred, null), Optional.of(Acme.view())).patchNode(), preferred);
        assertThat(kept.at("/spec/affinity/nodeAffinity/preferredDuringSchedulingIgnoredDuringExecution/0/weight").asInt()).isEqualTo(50);
    }

    @Test
    void daemonSetPodsAndTenantsPodsGetNoDoesNotExistRequirement() {
        ObjectNode ds = PodClasses.daemonSetPod();
        assertThat(RULES.mutate(Requests.pod(Operation.CREATE, ds, null), Optional.of(Acme.view())).hasPatch()).isFalse();
        ObjectNode tenant = Pods.pod("storefront", "t1");
        JsonNode patched = JsonPatch.apply(RULES.mutate(Requests.pod(Operation.CREATE, tenant, null), Optional.of(Acme.view())).patchNode(), tenant);
        assertThat(patched.at("/spec/affinity").isMissingNode()).isTrue();
        assertThat(patched.at("/spec/nodeSelector").toString()).isEqualTo("{\"" + WellKnownLabels.NODE_TENANT + "\":\"storefront\"}");
    }

    @Test
    void beforeTheViewSyncedANodeUpdateWithoutLabelChangesPassesAndAnyLabelChangeIsRefused() {
        for (Case c : PodClasses.nodeLabels()) {
            if (c.input().operation() != Operation.UPDATE) continue;
            Decision d = RULES.validate(c.input(), Optional.empty());
            boolean same = c.input().object().at("/metadata/labels").equals(c.input().oldObject().at("/metadata/labels"));
            assertThat(d.allowed()).as(c.name()).isEqualTo(same);
            if (!same) assertThat(d.ruleIds()).containsExactly("JIG0530");
        }
    }

    @Test
    void aConfigMapCompiledBeforeTheNodeKeySteersAndReadsTheLegacyLabel() {
        var legacy = dev.jig.api.tenancy.Tenancy.parse(Acme.tenancy().toJson().replaceAll("\"nodeTenancyKey\" : \"[^\"]*\",\\s*", ""));
        var view = dev.jig.webhook.tenancy.TenancyView.of(legacy, Map.of("old-node", "payments"), Acme.nodePools());
        assertThat(view.nodeKeys()).containsExactly(WellKnownLabels.JIG_TENANT);
        ObjectNode pod = Pods.pod("payments", "p1");
        JsonNode patched = JsonPatch.apply(RULES.mutate(Requests.pod(Operation.CREATE, pod, null), Optional.of(view)).patchNode(), pod);
        assertThat(patched.at("/spec/nodeSelector").toString()).isEqualTo("{\"" + WellKnownLabels.JIG_TENANT + "\":\"payments\"}");
    }
}
