package dev.jig.controller.scheduling;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.api.karpenter.Taint;
import dev.jig.api.karpenter.WellKnownLabels;
import dev.jig.api.source.SourceFile;
import dev.jig.api.yaml.YamlLoader;
import dev.jig.controller.cloud.Offering;
import dev.jig.controller.cloud.ResolvedInstanceType;
import dev.jig.controller.model.Pod;
import dev.jig.controller.requirements.NodeRequirement;
import dev.jig.controller.requirements.NodeRequirements;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

import static dev.jig.controller.testing.Fixtures.AL2023;
import static dev.jig.controller.testing.Fixtures.RESOLVER;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Karpenter v1.14.1's scheduling tests, replayed as fixtures of our own translation
 * ({@code src/test/resources/upstream/*.yaml}, one file per upstream test file): each case gives NodePools,
 * existing nodes, DaemonSets and pods, runs them through {@link Scheduler#solve}, and checks the outcome upstream
 * expects. Upstream's fake cloud (test-zone-1..3, invented instance types) becomes the bundled EC2 catalog in
 * us-east-1a..c; a case's {@code upstream} names the test it comes from. A case with {@code disabled} names the
 * feature Jig lacks and is skipped, so it can be enabled once the feature lands. The README lists the upstream
 * cases that do not apply to Jig.
 *
 * <p>The "launched node" of a planned NodeClaim is its cheapest option in its zones (what the simulated cloud
 * launches when every offering is available): its labels are the NodeClaim's plus the type's, and the zone and
 * capacity type when the NodeClaim has only one.
 */
class UpstreamReplayTest {

    private static final Path FIXTURES = Path.of(System.getProperty("jig.repo.root", ".."), "controller", "src", "test", "resources", "upstream");
    /** {@code -Djig.upstream.runDisabled=true} runs the disabled cases too, to see which a merged feature now passes. */
    private static final boolean RUN_DISABLED = Boolean.getBoolean("jig.upstream.runDisabled");

    @TestFactory
    Stream<DynamicNode> upstreamCases() throws IOException {
        List<DynamicNode> files = new ArrayList<>();
        try (Stream<Path> paths = Files.list(FIXTURES)) {
            for (Path file : paths.filter(p -> p.toString().endsWith(".yaml")).sorted().toList()) {
                YamlLoader.Result loaded = new YamlLoader().load(new SourceFile(file.toString(), Files.readString(file)));
                assertThat(loaded.diagnostics()).as(file.toString()).isEmpty();
                JsonNode root = loaded.document().orElseThrow().root();
                List<DynamicNode> cases = new ArrayList<>();
                Set<String> names = new HashSet<>();
                for (JsonNode c : root.path("cases")) {
                    String name = c.path("name").asText();
                    assertThat(names.add(name)).as("duplicate case %s in %s", name, file).isTrue();
                    cases.add(DynamicTest.dynamicTest(name, () -> run(c)));
                }
                files.add(DynamicContainer.dynamicContainer(file.getFileName().toString(), cases));
            }
        }
        assertThat(files).isNotEmpty();
        return files.stream();
    }

    /** One pod group's outcome: where each of its pods went. */
    private record Placed(PlannedNodeClaim claim, String existing) {
    }

    private static void run(JsonNode c) {
        Assumptions.assumeTrue(!c.hasNonNull("disabled") || RUN_DISABLED, () -> "disabled: " + c.path("disabled").asText());
        assertThat(c.path("upstream").asText()).as("every case names its upstream test").isNotBlank();
        UpstreamCase replay = UpstreamCase.read(c);
        SchedulingResult r = Scheduler.solve(replay.input());
        check(c.path("expect"), r, replay.groupOf(), replay.input().nodes());
    }

    private static void check(JsonNode expect, SchedulingResult r, Map<String, String> groupOf, List<ExistingNode> nodes) {
        Map<String, ExistingNode> byName = new HashMap<>();
        for (ExistingNode n : nodes) byName.put(n.name(), n);
        Map<String, List<Placed>> placed = new LinkedHashMap<>();
        for (PlannedNodeClaim claim : r.newClaims()) {
            for (Pod p : claim.pods()) placed.computeIfAbsent(groupOf.get(p.name()), k -> new ArrayList<>()).add(new Placed(claim, null));
        }
        r.existing().forEach((node, pods) -> pods.forEach(p -> placed.computeIfAbsent(groupOf.get(p.name()), k -> new ArrayList<>()).add(new Placed(null, node))));
        Map<String, List<Unschedulable>> failed = new LinkedHashMap<>();
        for (Unschedulable u : r.unschedulable()) failed.computeIfAbsent(groupOf.get(u.pod().name()), k -> new ArrayList<>()).add(u);
        String why = "unschedulable: " + r.unschedulable().stream().map(Unschedulable::describe).toList() + "; claims: " + r.newClaims();

        for (String g : UpstreamCase.strings(expect.get("scheduled"))) {
            assertThat(failed.get(g)).as("pods of %s are all placed; %s", g, why).isNull();
            assertThat(placed.get(g)).as("pods of %s are placed", g).isNotEmpty();
        }
        for (String g : UpstreamCase.strings(expect.get("unschedulable"))) {
            assertThat(placed.get(g)).as("no pod of %s is placed; %s", g, why).isNull();
            assertThat(failed.get(g)).as("pods of %s are unschedulable", g).isNotEmpty();
            if (expect.hasNonNull("refusal")) {
                for (Unschedulable u : failed.get(g)) {
                    assertThat(u.refusals()).extracting(x -> x.rule().id()).as(u.describe()).contains(expect.get("refusal").asText());
                }
            }
        }
        if (expect.has("newNodes")) assertThat(r.newClaims()).as(why).hasSize(expect.get("newNodes").asInt());
        for (Iterator<Map.Entry<String, JsonNode>> it = expect.path("placedCount").fields(); it.hasNext(); ) {
            var e = it.next();
            assertThat(placed.getOrDefault(e.getKey(), List.of())).as("placed pods of %s; %s", e.getKey(), why).hasSize(e.getValue().asInt());
            if (expect.hasNonNull("refusal")) {
                for (Unschedulable u : failed.getOrDefault(e.getKey(), List.of())) {
                    assertThat(u.refusals()).extracting(x -> x.rule().id()).as(u.describe()).contains(expect.get("refusal").asText());
                }
            }
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = expect.path("placedIn").fields(); it.hasNext(); ) {
            var e = it.next();
            long n = r.newClaims().stream().filter(claim -> claim.pool().equals(e.getKey())).mapToLong(claim -> claim.pods().size()).sum();
            assertThat(n).as("pods placed in pool %s; %s", e.getKey(), why).isEqualTo(e.getValue().asLong());
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = expect.path("onExisting").fields(); it.hasNext(); ) {
            var e = it.next();
            assertThat(placed.get(e.getKey())).as("%s on existing node", e.getKey()).isNotEmpty()
                    .allSatisfy(p -> assertThat(p.existing()).isEqualTo(e.getValue().asText()));
        }
        for (JsonNode set : expect.path("together")) {
            Set<Object> targets = new HashSet<>();
            for (String g : UpstreamCase.strings(set)) for (Placed p : placed.getOrDefault(g, List.of())) targets.add(target(p));
            assertThat(targets).as("%s share one node", set).hasSize(1);
        }
        for (JsonNode set : expect.path("apart")) {
            Map<Object, String> owner = new HashMap<>();
            for (String g : UpstreamCase.strings(set)) {
                for (Placed p : placed.getOrDefault(g, List.of())) {
                    String other = owner.putIfAbsent(target(p), g);
                    assertThat(other == null || other.equals(g)).as("%s and %s share a node", other, g).isTrue();
                }
            }
        }
        forGroups(expect.path("nodeLabels"), placed, (p, want) -> {
            Map<String, String> labels = launchedLabels(p);
            for (Iterator<Map.Entry<String, JsonNode>> it = want.fields(); it.hasNext(); ) {
                var e = it.next();
                if (e.getValue().isNull()) assertThat(labels).doesNotContainKey(e.getKey());
                else if (e.getValue().isArray()) assertThat(labels.get(e.getKey())).as(e.getKey()).isIn(UpstreamCase.strings(e.getValue()));
                else assertThat(labels).containsEntry(e.getKey(), e.getValue().asText());
            }
        });
        forGroups(expect.path("hasLabels"), placed, (p, want) -> assertThat(launchedLabels(p)).containsKeys(UpstreamCase.strings(want).toArray(new String[0])));
        for (String g : UpstreamCase.strings(expect.get("noTaints"))) {
            assertThat(placed.get(g)).isNotEmpty().allSatisfy(p -> assertThat(p.claim().taints()).isEmpty());
        }
        forGroups(expect.path("optionLabels"), placed, (p, want) -> {
            for (PlannedNodeClaim.Option o : p.claim().options()) {
                want.fields().forEachRemaining(e -> assertThat(o.type().label(e.getKey())).as("%s of option %s", e.getKey(), o.type().name())
                        .isEqualTo(e.getValue().asText()));
            }
        });
        for (String g : UpstreamCase.strings(expect.get("optionsHold"))) {
            assertThat(placed.get(g)).isNotEmpty().allSatisfy(p -> {
                long cpu = 0, mem = 0;
                for (Pod x : p.claim().pods()) {
                    cpu += x.requests().cpuMillis();
                    mem += x.requests().memoryBytes();
                }
                for (PlannedNodeClaim.Option o : p.claim().options()) {
                    assertThat(o.type().allocatable().cpuMillis()).as("cpu of %s", o.type().name()).isGreaterThanOrEqualTo(cpu);
                    assertThat(o.type().allocatable().memoryBytes()).as("memory of %s", o.type().name()).isGreaterThanOrEqualTo(mem);
                }
            });
        }
        forGroups(expect.path("distinctOptionValues"), placed, (p, want) -> want.fields().forEachRemaining(e -> {
            Set<String> values = new HashSet<>();
            for (PlannedNodeClaim.Option o : p.claim().options()) values.add(o.type().label(e.getKey()));
            assertThat(values).as("distinct %s among the options", e.getKey()).hasSizeGreaterThanOrEqualTo(e.getValue().asInt());
        }));
        forGroups(expect.path("cheapestPossible"), placed, (p, want) -> {
            NodeRequirements constraints = NodeRequirements.ofExpressions(UpstreamCase.expressions(want));
            double best = cheapest(constraints, p.claim().pods());
            assertThat(best).as("some catalog type meets %s", want).isFinite();
            assertThat(p.claim().cheapest().price()).as("cheapest option %s", p.claim().cheapest().type().name()).isCloseTo(best, within(1e-9));
        });
        forGroups(expect.path("instanceTypes"), placed, (p, want) -> {
            assertThat(p.claim()).isNotNull();
            assertThat(p.claim().options()).extracting(o -> o.type().name()).isNotEmpty().isSubsetOf(UpstreamCase.strings(want));
        });
        forGroups(expect.path("cheapest"), placed, (p, want) -> assertThat(p.claim().cheapest().type().name()).isEqualTo(want.asText()));
        forGroups(expect.path("zones"), placed, (p, want) -> assertThat(p.claim().zones()).isNotEmpty().isSubsetOf(UpstreamCase.strings(want)));
        forGroups(expect.path("capacityTypes"), placed, (p, want) -> assertThat(p.claim().capacityTypes()).isNotEmpty().isSubsetOf(UpstreamCase.strings(want)));
        forGroups(expect.path("taints"), placed, (p, want) -> {
            List<Taint> taints = new ArrayList<>(p.claim().taints());
            taints.addAll(p.claim().startupTaints());
            for (JsonNode t : want) {
                assertThat(taints).contains(new Taint(t.path("key").asText(), t.hasNonNull("value") ? t.get("value").asText() : null, t.path("effect").asText()));
            }
        });
        for (Iterator<Map.Entry<String, JsonNode>> it = expect.path("maxPerDomain").fields(); it.hasNext(); ) {
            var e = it.next();
            e.getValue().fields().forEachRemaining(k -> {
                Map<String, Integer> counts = new TreeMap<>();
                for (Placed p : placed.getOrDefault(e.getKey(), List.of())) counts.merge(domain(p, k.getKey(), r, byName), 1, Integer::sum);
                assertThat(counts.values()).as("pods of %s per %s: %s", e.getKey(), k.getKey(), counts).allSatisfy(n -> assertThat(n).isLessThanOrEqualTo(k.getValue().asInt()));
            });
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = expect.path("spread").fields(); it.hasNext(); ) {
            var e = it.next();
            for (Iterator<Map.Entry<String, JsonNode>> keys = e.getValue().fields(); keys.hasNext(); ) {
                var k = keys.next();
                Map<String, Integer> counts = new TreeMap<>();
                Set<String> groups = new HashSet<>();
                for (String g : e.getKey().split(",")) groups.add(g.trim());
                for (String g : groups) {
                    for (Placed p : placed.getOrDefault(g, List.of())) counts.merge(domain(p, k.getKey(), r, byName), 1, Integer::sum);
                }
                for (ExistingNode n : nodes) {
                    for (Pod bound : n.pods()) {
                        if (groups.contains(groupOf.get(bound.name()))) counts.merge(domain(new Placed(null, n.name()), k.getKey(), r, byName), 1, Integer::sum);
                    }
                }
                List<Integer> sorted = new ArrayList<>(counts.values());
                sorted.sort(null);
                List<Integer> want = new ArrayList<>();
                for (JsonNode n : k.getValue()) want.add(n.asInt());
                assertThat(sorted).as("pods of %s per %s: %s", e.getKey(), k.getKey(), counts).isEqualTo(want);
            }
        }
    }

    private interface GroupCheck {
        void check(Placed p, JsonNode want);
    }

    private static void forGroups(JsonNode byGroup, Map<String, List<Placed>> placed, GroupCheck check) {
        for (Iterator<Map.Entry<String, JsonNode>> it = byGroup.fields(); it.hasNext(); ) {
            var e = it.next();
            List<Placed> ps = placed.get(e.getKey());
            assertThat(ps).as("pods of %s are placed", e.getKey()).isNotEmpty();
            for (Placed p : ps) check.check(p, e.getValue());
        }
    }

    private static Object target(Placed p) {
        return p.claim() != null ? p.claim() : p.existing();
    }

    /** The launched node's labels: the NodeClaim's, its cheapest type's, and its zone and capacity type when it has one of each. */
    private static Map<String, String> launchedLabels(Placed p) {
        Map<String, String> labels = new HashMap<>(p.claim().labels());
        labels.putAll(p.claim().cheapest().type().labels());
        if (p.claim().zones().size() == 1) labels.put(WellKnownLabels.ZONE, p.claim().zones().get(0));
        if (p.claim().capacityTypes().size() == 1) labels.put(WellKnownLabels.CAPACITY_TYPE, p.claim().capacityTypes().get(0));
        return labels;
    }

    /** The pod's domain for {@code key}: the node's identity for hostname, else the launched (or existing) node's label. */
    private static String domain(Placed p, String key, SchedulingResult r, Map<String, ExistingNode> nodes) {
        if (key.equals(WellKnownLabels.HOSTNAME)) return p.claim() != null ? "claim-" + r.newClaims().indexOf(p.claim()) : p.existing();
        if (p.claim() == null) return nodes.get(p.existing()).labels().getOrDefault(key, "(none)");
        String v = launchedLabels(p).get(key);
        return v == null ? "(none)" : v;
    }

    /**
     * The oracle for upstream's "schedules on one of the cheapest instances": the lowest offering price over every
     * catalog type whose labels meet {@code constraints}, with an offering in the zones and capacity types they allow,
     * and room for {@code pods}.
     */
    private static double cheapest(NodeRequirements constraints, List<Pod> pods) {
        long cpu = 0, mem = 0;
        for (Pod p : pods) {
            cpu += p.requests().cpuMillis();
            mem += p.requests().memoryBytes();
        }
        NodeRequirement zone = constraints.get(WellKnownLabels.ZONE);
        NodeRequirement capacityType = constraints.get(WellKnownLabels.CAPACITY_TYPE);
        double best = Double.POSITIVE_INFINITY;
        types:
        for (ResolvedInstanceType t : RESOLVER.resolve(AL2023)) {
            for (NodeRequirement r : constraints.all()) {
                if (WellKnownLabels.ALL.contains(r.key()) && !r.matches(t.label(r.key()))) continue types;
            }
            if (t.allocatable().cpuMillis() < cpu || t.allocatable().memoryBytes() < mem || t.allocatable().pods() < pods.size()) continue;
            for (Offering o : t.offerings()) {
                if (zone.allows(o.zone()) && capacityType.allows(o.capacityType())) best = Math.min(best, o.pricePerHour());
            }
        }
        return best;
    }
}
