package dev.jig.webhook.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.diag.Rule;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.api.tenancy.Provenance;
import dev.jig.api.tenancy.Tenancy;
import dev.jig.webhook.admission.AdmissionInput.Principal;
import dev.jig.webhook.admission.Decision;
import dev.jig.webhook.admission.Operation;
import dev.jig.webhook.admission.WebhookSettings;
import dev.jig.webhook.tenancy.TenancyView;
import dev.jig.webhook.testing.Catalogue.Case;
import dev.jig.webhook.testing.NodeClaimClasses;
import dev.jig.webhook.testing.PoolClasses;
import dev.jig.webhook.testing.PoolWorld;
import dev.jig.webhook.testing.Requests;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The NodePool and EC2NodeClass review classes in the pure core, and the tenancy documents they depend on. */
class PoolClassesTest {

    private static final WebhookRules RULES = new WebhookRules(WebhookSettings.defaults());

    static Stream<Case> cases() {
        return Stream.of(PoolClasses.weightBands(), PoolClasses.metadataUpdates(), PoolClasses.isolationPlacement(), PoolClasses.nodeClasses(),
                PoolClasses.nodeClassClaims(), PoolClasses.nodeTenancyKey(), NodeClaimClasses.writers()).flatMap(List::stream);
    }

    @Test
    void everyClassHasAtLeastFiveCases() {
        for (List<?> table : List.of(PoolClasses.weightBands(), PoolClasses.metadataUpdates(), PoolClasses.metadataMutations(),
                PoolClasses.isolationPlacement(), PoolClasses.nodeClasses(), PoolClasses.nodeClassClaims(), PoolClasses.nodeTenancyKey(),
                NodeClaimClasses.writers())) {
            assertThat(table).hasSizeGreaterThanOrEqualTo(5);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void theCoreDecidesEachCaseAsTheServerDoes(Case c) {
        Decision d = RULES.validate(c.input(), Optional.of(PoolWorld.view(PoolWorld.tenancy())));
        if (c.expected() == null) {
            assertThat(d.allowed()).as(c.name() + ": " + d.message()).isTrue();
        } else {
            assertThat(d.allowed()).as(c.name()).isFalse();
            assertThat(d.ruleIds()).as(d.message()).contains(c.expected().id());
        }
    }

    static Stream<Long> seeds() {
        return Stream.iterate(1L, seed -> seed + 1).limit(20);
    }

    /**
     * Class 4 as a property: whatever mix of controller and API-server metadata an UPDATE changes on
     * any compiled object — or on one written before its defaults existed — it is admitted and not
     * patched, whoever sends it; adding one change to a Jig-owned label or annotation to the same mix
     * gets it judged in full, and a user is refused.
     */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void metadataOnlyUpdatesOfAnyPoolAreAdmittedUnpatchedAndJigMetadataIsJudged(long seed) {
        Random random = new Random(seed);
        List<ObjectNode> stored = new ArrayList<>(PoolWorld.objects("NodePool"));
        stored.addAll(PoolWorld.objects("EC2NodeClass"));
        for (ObjectNode old : stored) {
            if (random.nextBoolean()) stripADefault(old, random);
            ObjectNode updated = old.deepCopy();
            ObjectNode meta = (ObjectNode) updated.get("metadata");
            int changes = 1 + random.nextInt(4);
            for (int i = 0; i < changes; i++) {
                switch (random.nextInt(7)) {
                    case 0 -> meta.withArray("finalizers").add(random.nextBoolean() ? "karpenter.sh/termination" : "karpenter.k8s.aws/termination");
                    case 1 -> meta.withArray("ownerReferences").addObject().put("apiVersion", "v1").put("kind", "ConfigMap").put("name", "o" + i)
                            .put("uid", "u" + random.nextInt(1000));
                    case 2 -> ((ObjectNode) meta.get("annotations")).put("example.com/note-" + random.nextInt(5), "v" + random.nextInt(9));
                    case 3 -> ((ObjectNode) meta.get("labels")).put("team.example.com/owner", "t" + random.nextInt(9));
                    case 4 -> meta.put("resourceVersion", Integer.toString(random.nextInt(1_000_000))).put("generation", random.nextInt(9) + 1);
                    case 5 -> meta.withArray("managedFields").addObject().put("manager", "m" + random.nextInt(3)).put("operation", "Update");
                    default -> updated.putObject("status").putArray("conditions").addObject().put("type", "Ready")
                            .put("status", random.nextBoolean() ? "True" : "False");
                }
            }
            Principal user = List.of(Requests.KARPENTER, Requests.DEVELOPER, Requests.GITOPS).get(random.nextInt(3));
            var in = Requests.pool(Operation.UPDATE, updated, old, user);
            String what = old.path("metadata").path("name").asText() + " seed " + seed;
            Decision validated = RULES.validate(in, Optional.of(PoolWorld.view(PoolWorld.tenancy())));
            assertThat(validated.allowed()).as(what + ": " + validated.message()).isTrue();
            assertThat(RULES.mutate(in, Optional.of(PoolWorld.view(PoolWorld.tenancy()))).patch()).as(what).isEmpty();

            ObjectNode jig = updated.deepCopy();
            String[] owned = {"annotations/jig.dev/source", "annotations/jig.dev/revision", "annotations/jig.dev/content-hash",
                    "labels/jig.dev/tenant", "labels/jig.dev/pool", "annotations/jig.dev/anything"};
            String pick = owned[random.nextInt(owned.length)];
            int slash = pick.indexOf('/');
            ((ObjectNode) jig.get("metadata").get(pick.substring(0, slash))).put(pick.substring(slash + 1), "x" + random.nextInt(9));
            Decision judged = RULES.validate(Requests.pool(Operation.UPDATE, jig, old, Requests.DEVELOPER), Optional.of(PoolWorld.view(PoolWorld.tenancy())));
            assertThat(judged.allowed()).as(what + " with " + pick).isFalse();
        }
    }

    /** Removes a default a compiler before it existed would not have written (the object stays stamped as it was). */
    private static void stripADefault(ObjectNode object, Random random) {
        if (object.path("kind").asText().equals("EC2NodeClass")) {
            object.at("/spec/blockDeviceMappings").forEach(m -> ((ObjectNode) m.get("ebs")).remove("encrypted"));
        } else {
            ((ObjectNode) object.at("/spec/disruption")).remove(random.nextBoolean() ? "budgets" : "consolidateAfter");
        }
        ((ObjectNode) object.at("/metadata/annotations")).put("jig.dev/content-hash", Provenance.contentHash(object));
    }

    /** The tenancy as a compiler from before reserved pools and node classes were published wrote it. */
    private static Tenancy older() {
        Tenancy t = PoolWorld.tenancy();
        return Tenancy.of(t.cluster(), t.tenancyKey(), t.poolLabel(), t.labelAdmins(), t.regularWeights(), t.reservedWeights(),
                t.tenants().values().stream().map(e -> new Tenancy.TenantEntry(e.name(), e.dedicated(), e.namespaces(), e.quota(), e.nodePools()))
                        .toList());
    }

    @Test
    void aTenancyThatDoesNotSayWhichPoolsAreReservedOrWhoseClassesAreWhoseFailsClosed() {
        // ... while metadata-only updates, which judge nothing, still pass: deletions never hang on an old ConfigMap
        ObjectNode stored = PoolWorld.nodeClass("alpha-al2023");
        ObjectNode finalized = stored.deepCopy();
        ((ObjectNode) finalized.get("metadata")).putArray("finalizers").add("karpenter.k8s.aws/termination");
        assertThat(RULES.validate(Requests.pool(Operation.UPDATE, finalized, stored, Requests.KARPENTER),
                Optional.of(PoolWorld.view(Tenancy.parse(older().toJson())))).allowed()).isTrue();
        Tenancy older = Tenancy.parse(older().toJson());
        for (ObjectNode pool : PoolWorld.objects("NodePool")) {
            Decision d = RULES.validate(Requests.pool(Operation.CREATE, pool, null), Optional.of(PoolWorld.view(older)));
            assertThat(d.allowed()).as(pool.path("metadata").path("name").asText()).isFalse();
            assertThat(d.ruleIds()).contains(Rule.POOL_WEIGHT_OUT_OF_BAND.id(), Rule.POOL_FOREIGN_NODE_CLASS.id());
            assertThat(d.message()).contains("compiled by an older jig");
        }
        for (ObjectNode nodeClass : PoolWorld.objects("EC2NodeClass")) {
            Decision d = RULES.validate(Requests.pool(Operation.CREATE, nodeClass, null), Optional.of(PoolWorld.view(older)));
            assertThat(d.ruleIds()).containsExactly(Rule.POOL_TENANT_MISMATCH.id());
            assertThat(d.message()).contains("compiled by an older jig");
        }
    }

    @Test
    void breakGlassEntriesAreKindQualifiedAndABareNameIsANodePoolOnly() {
        ObjectNode pool = PoolWorld.nodePool("beta-api");
        ((ObjectNode) pool.get("metadata")).remove("annotations");
        ObjectNode nodeClass = PoolWorld.nodeClass("beta-al2023");
        ((ObjectNode) nodeClass.get("metadata")).remove("annotations");
        Optional<TenancyView> view = Optional.of(PoolWorld.view(PoolWorld.tenancy()));
        for (Set<String> entries : List.of(Set.of("NodePool/beta-api", "EC2NodeClass/beta-al2023"), Set.of("beta-api", "EC2NodeClass/beta-al2023"))) {
            WebhookRules rules = new WebhookRules(WebhookSettings.defaults().withBreakGlass(entries));
            for (ObjectNode object : List.of(pool, nodeClass)) {
                Decision d = rules.validate(Requests.pool(Operation.CREATE, object, null, Requests.DEVELOPER), view);
                assertThat(d.allowed()).as(entries + ": " + d.message()).isTrue();
                assertThat(d.notes()).extracting(f -> f.rule().id()).containsExactly("JIG0502");
            }
        }
        WebhookRules crossed = new WebhookRules(WebhookSettings.defaults().withBreakGlass(Set.of("NodePool/beta-al2023", "EC2NodeClass/beta-api")));
        assertThat(crossed.validate(Requests.pool(Operation.CREATE, pool, null, Requests.DEVELOPER), view).ruleIds()).contains("JIG0501");
        assertThat(crossed.validate(Requests.pool(Operation.CREATE, nodeClass, null, Requests.DEVELOPER), view).ruleIds()).contains("JIG0501");
        WebhookRules bare = new WebhookRules(WebhookSettings.defaults().withBreakGlass(Set.of("beta-al2023")));
        assertThat(bare.validate(Requests.pool(Operation.CREATE, nodeClass, null, Requests.DEVELOPER), view).ruleIds()).contains("JIG0501");
    }

    @Test
    void aBreakGlassEntryOfAnotherKindIsRefusedAtStartUp() {
        for (String entry : List.of("Pod/x", "nodepool/x", "NodePool/", "/x", "NodePool/a/b")) {
            assertThatThrownBy(() -> WebhookSettings.defaults().withBreakGlass(Set.of(entry))).as(entry)
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("NodePool/<name>");
        }
    }

    @Test
    void aNodeClassThePlatformSharesServesEveryTenantAndNoOtherTenantsClassDoes() {
        Tenancy shared = Tenancy.parse(PoolWorld.tenancy().withSharedNodeClasses(List.of("platform-default")).toJson());
        Decision onShared = RULES.validate(Requests.pool(Operation.CREATE,
                PoolClasses.referencing("beta-api", "karpenter.k8s.aws", "EC2NodeClass", "platform-default"), null), Optional.of(PoolWorld.view(shared)));
        assertThat(onShared.allowed()).as(onShared.message()).isTrue();
        Decision onForeign = RULES.validate(Requests.pool(Operation.CREATE,
                PoolClasses.referencing("beta-api", "karpenter.k8s.aws", "EC2NodeClass", "alpha-al2023"), null), Optional.of(PoolWorld.view(shared)));
        assertThat(onForeign.ruleIds()).containsExactly(Rule.POOL_FOREIGN_NODE_CLASS.id());
    }

    @Test
    void aTenancyWithoutANodeKeyRequiresTheLegacyLabelOnNodesAndStillJudgesTheNodeKeyAsAClaim() {
        Tenancy t = PoolWorld.tenancy();
        Tenancy legacy = Tenancy.parse(new Tenancy(t.cluster(), t.tenancyKey(), t.poolLabel(), t.labelAdmins(), t.regularWeights(),
                t.reservedWeights(), t.tenants(), t.namespaces(), t.nodePools(), t.sharedNodeClasses(), t.platformDefaults(), Optional.empty())
                .toJson());
        assertThat(legacy.nodeKeys()).containsExactly(t.tenancyKey());
        Optional<TenancyView> view = Optional.of(PoolWorld.view(legacy));
        for (ObjectNode pool : PoolWorld.objects("NodePool")) {
            Decision compiled = RULES.validate(Requests.pool(Operation.CREATE, pool, null), view);
            assertThat(compiled.allowed()).as(compiled.message()).isTrue();
        }
        ObjectNode legacyOnly = PoolWorld.nodePool("alpha-web");
        ((ObjectNode) legacyOnly.at("/spec/template/metadata/labels")).remove(WellKnownLabels.NODE_TENANT);
        Decision d = RULES.validate(Requests.pool(Operation.CREATE, restamp(legacyOnly), null), view);
        assertThat(d.allowed()).as(d.message()).isTrue();
        ObjectNode foreign = PoolWorld.nodePool("alpha-web");
        ((ObjectNode) foreign.at("/spec/template/metadata/labels")).put(WellKnownLabels.NODE_TENANT, "beta");
        assertThat(RULES.validate(Requests.pool(Operation.CREATE, restamp(foreign), null), view).ruleIds())
                .containsExactly(Rule.POOL_TENANT_MISMATCH.id());
        ObjectNode nodeKeyOnly = PoolWorld.nodePool("alpha-web");
        ((ObjectNode) nodeKeyOnly.at("/spec/template/metadata/labels")).remove(t.tenancyKey());
        assertThat(RULES.validate(Requests.pool(Operation.CREATE, restamp(nodeKeyOnly), null), view).message())
                .contains("does not label its nodes " + t.tenancyKey() + "=alpha");
    }

    private static ObjectNode restamp(ObjectNode object) {
        ((ObjectNode) object.at("/metadata/annotations")).put("jig.dev/content-hash", Provenance.contentHash(object));
        return object;
    }
}
