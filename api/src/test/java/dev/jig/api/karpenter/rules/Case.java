package dev.jig.api.karpenter.rules;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.diag.Rule;
import java.util.List;
import java.util.function.Function;

/**
 * One parameterized test case: an object and the violation it must produce, or none. The name is
 * what JUnit shows.
 */
record Case(String name, ObjectNode object, Violation expected) {

    static Case accepts(String name, ObjectNode object) {
        return new Case(name, object, null);
    }

    static Case schema(String name, ObjectNode object, String pointer, String message) {
        return new Case(name, object, new Violation(Rule.KARPENTER_SCHEMA, pointer, message));
    }

    static Case pattern(String name, ObjectNode object, String pointer, CrdPattern pattern) {
        return new Case(name, object, new Violation(Rule.KARPENTER_PATTERN, pointer, pattern.message()));
    }

    static Case cel(String name, ObjectNode object, String pointer, CelRule rule) {
        return new Case(name, object, new Violation(Rule.KARPENTER_CEL, pointer, rule.message()));
    }

    /** A rule of Jig's own beyond the CRDs; the message is checked by the rule's own test. */
    static Case beyond(String name, ObjectNode object, String pointer, Rule rule) {
        return new Case(name, object, new Violation(rule, pointer, null));
    }

    void verify(Function<ObjectNode, List<Violation>> rules) {
        List<Violation> found = rules.apply(object);
        if (expected == null) {
            assertThat(found).as(name).isEmpty();
        } else if (expected.message() == null) {
            assertThat(found).as(name).anyMatch(v -> v.rule() == expected.rule() && v.pointer().equals(expected.pointer()));
        } else {
            assertThat(found).as(name).contains(expected);
        }
    }

    @Override
    public String toString() {
        return (expected == null ? "accepts: " : "rejects: ") + name;
    }
}
