package dev.jig.webhook.rules;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.karpenter.rules.KarpenterRules;
import dev.jig.api.tenancy.PlatformDefaults;
import dev.jig.webhook.admission.Decision;
import dev.jig.webhook.admission.Operation;
import dev.jig.webhook.admission.WebhookSettings;
import dev.jig.webhook.testing.Acme;
import dev.jig.webhook.testing.Pods;
import dev.jig.webhook.testing.Requests;
import io.fabric8.zjsonpatch.JsonPatch;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MutationTest {

    private static final WebhookRules RULES = new WebhookRules(WebhookSettings.defaults());

    private static JsonNode apply(Decision d, JsonNode object) {
        return JsonPatch.apply(d.patchNode(), object);
    }

    @Test
    void dedicatedTenantsPodGetsItsNodeSelectorEntryAndToleration() {
        ObjectNode pod = Pods.pod("payments", "api-1");
        Decision d = RULES.mutate(Requests.pod(Operation.CREATE, pod, null), Optional.of(Acme.view()));
        JsonNode patched = apply(d, pod);
        assertThat(patched.at("/spec/nodeSelector/node-restriction.kubernetes.io~1jig-tenant").asText()).isEqualTo("payments");
        assertThat(patched.at("/spec/nodeSelector/jig.dev~1tenant").isMissingNode()).as("steered to the node key only").isTrue();
        assertThat(patched.at("/spec/tolerations/0").toString())
                .isEqualTo("{\"key\":\"jig.dev/tenant\",\"operator\":\"Equal\",\"value\":\"payments\",\"effect\":\"NoSchedule\"}");
        assertThat(patched.at("/spec/affinity").isMissingNode()).as("never a nodeSelectorTerm").isTrue();
        assertThat(RULES.validate(Requests.pod(Operation.CREATE, patched, null), Optional.of(Acme.view())).allowed()).isTrue();
    }

    @Test
    void sharedTenantsPodKeepsItsSelectorsAndGetsOnlyTheEntry() {
        ObjectNode pod = Pods.with(Pods.pod("storefront", "web-1"), "{\"nodeSelector\":{\"app-tier\":\"web\"},\"tolerations\":[{\"key\":\"a\",\"operator\":\"Exists\"}],"
                + "\"futureField\":{\"x\":1}}");
        Decision d = RULES.mutate(Requests.pod(Operation.CREATE, pod, null), Optional.of(Acme.view()));
        assertThat(d.patchNode()).hasSize(1);
        JsonNode patched = apply(d, pod);
        assertThat(patched.at("/spec/nodeSelector").toString()).isEqualTo("{\"app-tier\":\"web\",\"node-restriction.kubernetes.io/jig-tenant\":\"storefront\"}");
        assertThat(patched.at("/spec/tolerations")).hasSize(1);
        assertThat(patched.at("/spec/futureField/x").asInt()).as("fields no model knows survive").isEqualTo(1);
    }

    @Test
    void mutationIsIdempotentForReinvocation() {
        ObjectNode pod = Pods.pod("analytics", "spark-1");
        Decision first = RULES.mutate(Requests.pod(Operation.CREATE, pod, null), Optional.of(Acme.view()));
        JsonNode once = apply(first, pod);
        Decision second = RULES.mutate(Requests.pod(Operation.CREATE, once, null), Optional.of(Acme.view()));
        assertThat(second.hasPatch()).isFalse();
    }

    @Test
    void updatesAreNotPatched() {
        ObjectNode pod = Pods.pod("payments", "y");
        assertThat(RULES.mutate(Requests.pod(Operation.UPDATE, pod, pod), Optional.of(Acme.view())).hasPatch()).isFalse();
    }

    @Test
    void compiledPoolsAndNodeClassesNeedNoPatch() {
        for (String kind : new String[] {"NodePool", "EC2NodeClass"}) {
            for (ObjectNode o : Acme.objects(kind)) {
                Decision d = RULES.mutate(Requests.pool(Operation.CREATE, o, null), Optional.empty());
                assertThat(d.patchNode()).as(o.at("/metadata/name").asText()).isEmpty();
            }
        }
    }

    @Test
    void handMadePoolGetsPlatformAndKarpenterDefaults() {
        ObjectNode pool = Acme.object("NodePool", "storefront-web");
        ((ObjectNode) pool.get("spec")).remove("disruption");
        ((ObjectNode) pool.at("/spec/template/spec")).remove("expireAfter");
        JsonNode patched = apply(RULES.mutate(Requests.pool(Operation.CREATE, pool, null), Optional.empty()), pool);
        assertThat(patched.at("/spec/template/spec/expireAfter").asText()).isEqualTo("720h");
        assertThat(patched.at("/spec/disruption").toString())
                .isEqualTo("{\"consolidateAfter\":\"0s\",\"budgets\":[{\"nodes\":\"10%\"}],\"consolidationPolicy\":\"WhenEmptyOrUnderutilized\"}");
        assertThat(KarpenterRules.validate(patched)).isEmpty();
    }

    @Test
    void handMadePoolGetsThePlatformDefaultsTheTenancyPublishesBeforeTheConfiguredFallback() {
        ArrayNode fallback = Acme.JSON.createArrayNode();
        fallback.addObject().put("nodes", "5%");
        WebhookRules rules = new WebhookRules(new WebhookSettings(Set.of(), WebhookSettings.DEFAULT_EXEMPT, "336h", fallback));
        ObjectNode pool = Acme.object("NodePool", "storefront-web");
        ((ObjectNode) pool.get("spec")).remove("disruption");
        ((ObjectNode) pool.at("/spec/template/spec")).remove("expireAfter");
        PlatformDefaults published = Acme.view().tenancy().platformDefaults().orElseThrow();

        JsonNode patched = apply(rules.mutate(Requests.pool(Operation.CREATE, pool, null), Optional.of(Acme.view())), pool);
        assertThat(patched.at("/spec/template/spec/expireAfter").asText()).isEqualTo(published.expireAfter()).isEqualTo("720h");
        assertThat(patched.at("/spec/disruption/budgets")).isEqualTo(published.budgets()).hasSize(8);
        assertThat(patched.at("/spec/disruption/consolidateAfter").asText()).isEqualTo("0s");
        assertThat(KarpenterRules.validate(patched)).isEmpty();

        JsonNode withoutView = apply(rules.mutate(Requests.pool(Operation.CREATE, pool, null), Optional.empty()), pool);
        assertThat(withoutView.at("/spec/template/spec/expireAfter").asText()).isEqualTo("336h");
        assertThat(withoutView.at("/spec/disruption/budgets").toString()).isEqualTo("[{\"nodes\":\"5%\"}]");
    }

    @Test
    void handMadeNodeClassGetsImdsV2AndEncryptedVolumes() {
        ObjectNode nc = Acme.object("EC2NodeClass", "payments-al2023");
        ((ObjectNode) nc.get("spec")).remove("metadataOptions");
        ((ObjectNode) nc.at("/spec/blockDeviceMappings/0/ebs")).remove("encrypted");
        JsonNode patched = apply(RULES.mutate(Requests.pool(Operation.CREATE, nc, null), Optional.empty()), nc);
        assertThat(patched.at("/spec/metadataOptions/httpTokens").asText()).isEqualTo("required");
        assertThat(patched.at("/spec/blockDeviceMappings/0/ebs/encrypted").asBoolean()).isTrue();
        assertThat(KarpenterRules.validate(patched)).isEmpty();
    }
}
