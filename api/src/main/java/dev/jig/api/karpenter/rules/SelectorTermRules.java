package dev.jig.api.karpenter.rules;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.karpenter.model.NodeClassSelectors;
import dev.jig.api.karpenter.model.SelectorTerm;
import java.util.List;
import java.util.Set;

/**
 * The subnet, security group and capacity reservation selector terms of an EC2NodeClass.
 * <p>CRD quirk kept on purpose: the "mutually exclusive" rules of these three lists are written
 * {@code !self.all(x, has(x.id) && ...)}, not {@code !self.exists(...)}. They reject a list only
 * when <em>every</em> term combines {@code id} with another field, and they reject an empty list.
 * A term that mixes {@code id} and {@code tags} passes when another term does not.
 */
final class SelectorTermRules {

    static final List<String> INSTANCE_MATCH_CRITERIA = List.of("open", "targeted");
    private static final Set<String> SECURITY_GROUP_TERM = Set.of("id", "name", "tags");
    private static final Set<String> SUBNET_TERM = Set.of("id", "tags");
    private static final Set<String> CAPACITY_RESERVATION_TERM = Set.of("id", "instanceMatchCriteria", "ownerID", "tags");
    private static final int MAX_TERMS = 30;

    private SelectorTermRules() {
    }

    static void securityGroups(ArrayNode terms, Pointer at, Checks checks) {
        if (terms == null) {
            return;
        }
        checks.maxItems(terms, at, MAX_TERMS);
        for (int i = 0; i < terms.size(); i++) {
            ObjectNode term = checks.objectItem(terms.get(i), at.index(i));
            if (term != null) {
                checks.closed(term, at.index(i), SECURITY_GROUP_TERM);
                checks.string(term, at.index(i), "id", CrdPattern.SECURITY_GROUP_ID);
                checks.string(term, at.index(i), "name");
                SelectorTags.check(checks.stringMap(term, at.index(i), "tags"), at.index(i).child("tags"), checks);
            }
        }
        if (terms.isEmpty()) {
            checks.cel(at, CelRule.SECURITY_GROUP_TERMS_NOT_EMPTY);
        }
        if (!Checks.allObjects(terms)) {
            return;
        }
        List<SelectorTerm> typed = NodeClassSelectors.terms(terms);
        boolean allIdMixed = true;
        boolean allNameMixed = true;
        for (int i = 0; i < typed.size(); i++) {
            SelectorTerm t = typed.get(i);
            boolean id = t.has(SelectorTerm.ID);
            boolean name = t.has(SelectorTerm.NAME);
            boolean tags = t.has(SelectorTerm.TAGS);
            if (!(tags || id || name)) {
                checks.cel(at.index(i), CelRule.SECURITY_GROUP_TERM_NEEDS_FIELD);
            }
            allIdMixed &= id && (tags || name);
            allNameMixed &= name && (tags || id);
        }
        if (allIdMixed) {
            checks.cel(at, CelRule.SECURITY_GROUP_ID_EXCLUSIVE);
        }
        if (allNameMixed) {
            checks.cel(at, CelRule.SECURITY_GROUP_NAME_EXCLUSIVE);
        }
    }

    static void subnets(ArrayNode terms, Pointer at, Checks checks) {
        if (terms == null) {
            return;
        }
        checks.maxItems(terms, at, MAX_TERMS);
        for (int i = 0; i < terms.size(); i++) {
            ObjectNode term = checks.objectItem(terms.get(i), at.index(i));
            if (term != null) {
                checks.closed(term, at.index(i), SUBNET_TERM);
                checks.string(term, at.index(i), "id", CrdPattern.SUBNET_ID);
                SelectorTags.check(checks.stringMap(term, at.index(i), "tags"), at.index(i).child("tags"), checks);
            }
        }
        if (terms.isEmpty()) {
            checks.cel(at, CelRule.SUBNET_TERMS_NOT_EMPTY);
        }
        if (!Checks.allObjects(terms)) {
            return;
        }
        List<SelectorTerm> typed = NodeClassSelectors.terms(terms);
        boolean allIdMixed = true;
        for (int i = 0; i < typed.size(); i++) {
            SelectorTerm t = typed.get(i);
            boolean id = t.has(SelectorTerm.ID);
            boolean tags = t.has(SelectorTerm.TAGS);
            if (!(tags || id)) {
                checks.cel(at.index(i), CelRule.SUBNET_TERM_NEEDS_FIELD);
            }
            allIdMixed &= id && tags;
        }
        if (allIdMixed) {
            checks.cel(at, CelRule.SUBNET_ID_EXCLUSIVE);
        }
    }

    static void capacityReservations(ArrayNode terms, Pointer at, Checks checks) {
        if (terms == null) {
            return;
        }
        checks.maxItems(terms, at, MAX_TERMS);
        for (int i = 0; i < terms.size(); i++) {
            ObjectNode term = checks.objectItem(terms.get(i), at.index(i));
            if (term != null) {
                Pointer termAt = at.index(i);
                checks.closed(term, termAt, CAPACITY_RESERVATION_TERM);
                checks.string(term, termAt, "id", CrdPattern.CAPACITY_RESERVATION_ID);
                checks.string(term, termAt, "ownerID", CrdPattern.ACCOUNT_ID);
                checks.oneOf(term, termAt, "instanceMatchCriteria", INSTANCE_MATCH_CRITERIA);
                SelectorTags.check(checks.stringMap(term, termAt, "tags"), termAt.child("tags"), checks);
            }
        }
        if (!Checks.allObjects(terms)) {
            return;
        }
        List<SelectorTerm> typed = NodeClassSelectors.terms(terms);
        boolean allIdMixed = true;
        for (int i = 0; i < typed.size(); i++) {
            SelectorTerm t = typed.get(i);
            boolean id = t.has(SelectorTerm.ID);
            boolean tags = t.has(SelectorTerm.TAGS);
            boolean criteria = t.has(SelectorTerm.INSTANCE_MATCH_CRITERIA);
            if (!(tags || id || criteria)) {
                checks.cel(at.index(i), CelRule.CAPACITY_RESERVATION_TERM_NEEDS_FIELD);
            }
            allIdMixed &= id && (tags || t.has(SelectorTerm.OWNER_ID) || criteria);
        }
        if (allIdMixed) {
            checks.cel(at, CelRule.CAPACITY_RESERVATION_ID_EXCLUSIVE);
        }
    }
}
