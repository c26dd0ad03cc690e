package dev.jig.api.karpenter.rules;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.karpenter.model.NodeClassSelectors;
import dev.jig.api.karpenter.model.SelectorTerm;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * The subnet, security group and capacity reservation selector terms of an EC2NodeClass.
 * <p>CRD quirk kept on purpose: the "mutually exclusive" rules of these three lists are written
 * {@code !self.all(x, has(x.id) && ...)}, not {@code !self.exists(...)}. They reject a list only
 * when <em>every</em> term combines {@code id} with another field, and they reject an empty list.
 * A term that mixes {@code id} and {@code tags} passes when another term does not.
 */
final class SelectorTermRules {

    static final List<String> INSTANCE_MATCH_CRITERIA = List.of("open", "targeted");
    private static final int MAX_TERMS = 30;

    /**
     * A CRD rule over a whole list: it rejects the list when every term sets {@code field} together
     * with any of {@code others} (the {@code !self.all(...)} quirk above).
     */
    private record Exclusive(String field, Set<String> others, CelRule rule) {
    }

    /**
     * What the CRD says of one kind of term list: the fields a term may have, the rule for an empty
     * list (null when an empty list is allowed), the fields of which each term needs one, and the
     * list-level exclusivity rules.
     */
    private record Shape(Set<String> fields, CelRule notEmpty, Set<String> needsOneOf, CelRule needsField, List<Exclusive> exclusive) {
    }

    private static final Shape SECURITY_GROUPS = new Shape(Set.of(SelectorTerm.ID, SelectorTerm.NAME, SelectorTerm.TAGS),
            CelRule.SECURITY_GROUP_TERMS_NOT_EMPTY, Set.of(SelectorTerm.TAGS, SelectorTerm.ID, SelectorTerm.NAME), CelRule.SECURITY_GROUP_TERM_NEEDS_FIELD,
            List.of(new Exclusive(SelectorTerm.ID, Set.of(SelectorTerm.TAGS, SelectorTerm.NAME), CelRule.SECURITY_GROUP_ID_EXCLUSIVE),
                    new Exclusive(SelectorTerm.NAME, Set.of(SelectorTerm.TAGS, SelectorTerm.ID), CelRule.SECURITY_GROUP_NAME_EXCLUSIVE)));
    private static final Shape SUBNETS = new Shape(Set.of(SelectorTerm.ID, SelectorTerm.TAGS),
            CelRule.SUBNET_TERMS_NOT_EMPTY, Set.of(SelectorTerm.TAGS, SelectorTerm.ID), CelRule.SUBNET_TERM_NEEDS_FIELD,
            List.of(new Exclusive(SelectorTerm.ID, Set.of(SelectorTerm.TAGS), CelRule.SUBNET_ID_EXCLUSIVE)));
    private static final Shape CAPACITY_RESERVATIONS = new Shape(
            Set.of(SelectorTerm.ID, SelectorTerm.INSTANCE_MATCH_CRITERIA, SelectorTerm.OWNER_ID, SelectorTerm.TAGS),
            null, Set.of(SelectorTerm.TAGS, SelectorTerm.ID, SelectorTerm.INSTANCE_MATCH_CRITERIA), CelRule.CAPACITY_RESERVATION_TERM_NEEDS_FIELD,
            List.of(new Exclusive(SelectorTerm.ID, Set.of(SelectorTerm.TAGS, SelectorTerm.OWNER_ID, SelectorTerm.INSTANCE_MATCH_CRITERIA),
                    CelRule.CAPACITY_RESERVATION_ID_EXCLUSIVE)));

    private SelectorTermRules() {
    }

    static void securityGroups(ArrayNode terms, Pointer at, Checks checks) {
        check(terms, at, checks, SECURITY_GROUPS, (term, termAt) -> {
            checks.string(term, termAt, SelectorTerm.ID, CrdPattern.SECURITY_GROUP_ID);
            checks.string(term, termAt, SelectorTerm.NAME);
        });
    }

    static void subnets(ArrayNode terms, Pointer at, Checks checks) {
        check(terms, at, checks, SUBNETS, (term, termAt) -> checks.string(term, termAt, SelectorTerm.ID, CrdPattern.SUBNET_ID));
    }

    static void capacityReservations(ArrayNode terms, Pointer at, Checks checks) {
        check(terms, at, checks, CAPACITY_RESERVATIONS, (term, termAt) -> {
            checks.string(term, termAt, SelectorTerm.ID, CrdPattern.CAPACITY_RESERVATION_ID);
            checks.string(term, termAt, SelectorTerm.OWNER_ID, CrdPattern.ACCOUNT_ID);
            checks.oneOf(term, termAt, SelectorTerm.INSTANCE_MATCH_CRITERIA, INSTANCE_MATCH_CRITERIA);
        });
    }

    /**
     * Checks one list: its size, each term's fields (closed set, {@code fieldChecks}, then the tags),
     * the empty-list rule, and, once every item is an object, each term's required fields and the
     * list's exclusivity rules, in the CRD's order.
     */
    private static void check(ArrayNode terms, Pointer at, Checks checks, Shape shape, BiConsumer<ObjectNode, Pointer> fieldChecks) {
        if (terms == null) {
            return;
        }
        checks.maxItems(terms, at, MAX_TERMS);
        for (int i = 0; i < terms.size(); i++) {
            Pointer termAt = at.index(i);
            ObjectNode term = checks.objectItem(terms.get(i), termAt);
            if (term != null) {
                checks.closed(term, termAt, shape.fields());
                fieldChecks.accept(term, termAt);
                SelectorTags.check(checks.stringMap(term, termAt, SelectorTerm.TAGS), termAt.child(SelectorTerm.TAGS), checks);
            }
        }
        if (terms.isEmpty() && shape.notEmpty() != null) {
            checks.cel(at, shape.notEmpty());
        }
        if (!Checks.allObjects(terms)) {
            return;
        }
        List<SelectorTerm> typed = NodeClassSelectors.terms(terms);
        boolean[] allMixed = new boolean[shape.exclusive().size()];
        Arrays.fill(allMixed, true);
        for (int i = 0; i < typed.size(); i++) {
            SelectorTerm t = typed.get(i);
            if (shape.needsOneOf().stream().noneMatch(t::has)) {
                checks.cel(at.index(i), shape.needsField());
            }
            for (int e = 0; e < allMixed.length; e++) {
                Exclusive x = shape.exclusive().get(e);
                allMixed[e] &= t.has(x.field()) && x.others().stream().anyMatch(t::has);
            }
        }
        for (int e = 0; e < allMixed.length; e++) {
            if (allMixed[e]) {
                checks.cel(at, shape.exclusive().get(e).rule());
            }
        }
    }
}
