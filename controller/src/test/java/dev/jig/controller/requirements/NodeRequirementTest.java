package dev.jig.controller.requirements;

import dev.jig.api.karpenter.Requirement.Operator;
import dev.jig.api.karpenter.Requirement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class NodeRequirementTest {

    private static NodeRequirement req(Operator op, String... values) {
        return NodeRequirement.of(new Requirement("k", op, List.of(values)));
    }

    @Test
    void inIntersectInKeepsTheCommonValues() {
        NodeRequirement r = req(Operator.In, "a", "b", "c").intersect(req(Operator.In, "b", "c", "d"));
        assertThat(r.operator()).isEqualTo(Operator.In);
        assertThat(r.values()).containsExactly("b", "c");
    }

    @Test
    void inIntersectNotInRemovesTheExcludedValues() {
        NodeRequirement r = req(Operator.In, "a", "b").intersect(req(Operator.NotIn, "a"));
        assertThat(r.values()).containsExactly("b");
        assertThat(req(Operator.NotIn, "a").intersect(req(Operator.In, "a", "b")).values()).containsExactly("b");
    }

    @Test
    void notInIntersectNotInExcludesTheUnion() {
        NodeRequirement r = req(Operator.NotIn, "a").intersect(req(Operator.NotIn, "b"));
        assertThat(r.operator()).isEqualTo(Operator.NotIn);
        assertThat(r.values()).containsExactly("a", "b");
        assertThat(r.allows("c")).isTrue();
        assertThat(r.allows("a")).isFalse();
    }

    @Test
    void existsIsTheIdentityAndDoesNotExistAnnihilatesValues() {
        NodeRequirement in = req(Operator.In, "a");
        assertThat(NodeRequirement.exists("k").intersect(in)).isEqualTo(in);
        NodeRequirement none = NodeRequirement.doesNotExist("k").intersect(in);
        assertThat(none.operator()).isEqualTo(Operator.DoesNotExist);
        assertThat(none.intersects(in)).isFalse();
    }

    @Test
    void gtAndLtAreStrictAndGteAndLteInclusive() {
        assertThat(req(Operator.Gt, "4").allows("4")).isFalse();
        assertThat(req(Operator.Gt, "4").allows("5")).isTrue();
        assertThat(req(Operator.Lt, "9").allows("9")).isFalse();
        assertThat(req(Operator.Lt, "9").allows("8")).isTrue();
        assertThat(req(Operator.Gte, "4").allows("4")).isTrue();
        assertThat(req(Operator.Lte, "9").allows("9")).isTrue();
        assertThat(req(Operator.Lte, "9").allows("10")).isFalse();
    }

    @Test
    void boundsRejectValuesThatAreNotIntegers() {
        assertThat(req(Operator.Gt, "4").allows("large")).isFalse();
        assertThat(req(Operator.Lt, "4").allows("large")).isFalse();
    }

    @Test
    void disjointBoundsIntersectToNothing() {
        NodeRequirement r = req(Operator.Gt, "8").intersect(req(Operator.Lt, "4"));
        assertThat(r.operator()).isEqualTo(Operator.DoesNotExist);
        assertThat(req(Operator.Gt, "8").intersects(req(Operator.Lt, "4"))).isFalse();
        assertThat(req(Operator.Gte, "4").intersects(req(Operator.Lte, "4"))).isTrue();
    }

    @Test
    void boundsFilterAFiniteSetAndDisappear() {
        NodeRequirement r = req(Operator.In, "2", "4", "8", "x").intersect(req(Operator.Gt, "3"));
        assertThat(r.operator()).isEqualTo(Operator.In);
        assertThat(r.values()).containsExactly("4", "8");
        assertThat(r.toRequirements()).containsExactly(new Requirement("k", Operator.In, List.of("4", "8")));
    }

    @Test
    void twoBoundsSerialiseAsGteAndLte() {
        NodeRequirement r = req(Operator.Gt, "3").intersect(req(Operator.Lt, "65"));
        assertThat(r.toRequirements()).containsExactly(
                new Requirement("k", Operator.Gte, List.of("4")), new Requirement("k", Operator.Lte, List.of("64")));
    }

    @Test
    void gtOfTheLargestIntegerMatchesNothing() {
        assertThat(req(Operator.Gt, Long.toString(Long.MAX_VALUE)).operator()).isEqualTo(Operator.DoesNotExist);
    }

    @Test
    void intersectionKeepsTheLargerMinValues() {
        NodeRequirement a = NodeRequirement.of(new Requirement("k", Operator.Exists, List.of()), 3);
        NodeRequirement b = NodeRequirement.of(new Requirement("k", Operator.In, List.of("a", "b", "c", "d")), 2);
        assertThat(a.intersect(b).minValues()).isEqualTo(3);
    }

    @Test
    void absentLabelsSatisfyOnlyNotInAndDoesNotExist() {
        assertThat(req(Operator.NotIn, "a").matches(null)).isTrue();
        assertThat(NodeRequirement.doesNotExist("k").matches(null)).isTrue();
        assertThat(req(Operator.In, "a").matches(null)).isFalse();
        assertThat(NodeRequirement.exists("k").matches(null)).isFalse();
        assertThat(req(Operator.Gt, "1").matches(null)).isFalse();
        assertThat(NodeRequirement.doesNotExist("k").matches("a")).isFalse();
    }

    @Test
    void boundOperatorsNeedOneIntegerValue() {
        assertThatThrownBy(() -> req(Operator.Gt, "x")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> req(Operator.Lt)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void matchesAgreesWithTheCompilerRequirementOnEveryOperator() {
        for (Operator op : Operator.values()) {
            Requirement compiler = op == Operator.Exists || op == Operator.DoesNotExist ? new Requirement("k", op, List.of())
                    : op == Operator.In || op == Operator.NotIn ? new Requirement("k", op, List.of("3", "a"))
                    : new Requirement("k", op, List.of("3"));
            NodeRequirement ours = NodeRequirement.of(compiler);
            for (String v : new String[] {null, "2", "3", "4", "a", "b"}) {
                assertThat(ours.matches(v)).as(compiler.describe() + " on " + v).isEqualTo(compiler.matches(v));
            }
        }
    }

    /** intersects() is the allocation-free form of "the intersection allows some value". */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void intersectsAgreesWithIntersectOnRandomPairs(long seed) {
        Random random = new Random(seed);
        String[] universe = {"1", "2", "3", "4", "5", "6", "a", "b"};
        for (int i = 0; i < 2_000; i++) {
            NodeRequirement a = random(random, universe);
            NodeRequirement b = random(random, universe);
            NodeRequirement both = a.intersect(b);
            boolean someValue = false;
            for (String v : universe) {
                boolean inBoth = a.allows(v) && b.allows(v);
                assertThat(both.allows(v)).as(a + " ∩ " + b + " on " + v).isEqualTo(inBoth);
                someValue |= inBoth;
            }
            if (!(a.operator() == Operator.Exists || a.operator() == Operator.NotIn)
                    || !(b.operator() == Operator.Exists || b.operator() == Operator.NotIn)) {
                assertThat(a.intersects(b)).as(a + " ∩ " + b).isEqualTo(someValue);
            }
        }
    }

    private static NodeRequirement random(Random r, String[] universe) {
        Operator op = Operator.values()[r.nextInt(Operator.values().length)];
        return switch (op) {
            case In, NotIn -> {
                int n = 1 + r.nextInt(3);
                String[] vs = new String[n];
                for (int i = 0; i < n; i++) vs[i] = universe[r.nextInt(universe.length)];
                yield NodeRequirement.of(new Requirement("k", op, List.of(vs).stream().distinct().toList()));
            }
            case Exists, DoesNotExist -> NodeRequirement.of(new Requirement("k", op, List.of()));
            default -> NodeRequirement.of(new Requirement("k", op, List.of(Integer.toString(r.nextInt(7)))));
        };
    }
}
