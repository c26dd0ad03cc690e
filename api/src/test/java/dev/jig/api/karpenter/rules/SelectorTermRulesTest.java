package dev.jig.api.karpenter.rules;

import static dev.jig.api.karpenter.rules.Case.accepts;
import static dev.jig.api.karpenter.rules.Case.cel;
import static dev.jig.api.karpenter.rules.Case.pattern;
import static dev.jig.api.karpenter.rules.Case.schema;
import static dev.jig.api.karpenter.rules.Fixtures.with;
import static dev.jig.api.karpenter.rules.Fixtures.without;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Subnet, security group and capacity reservation selector terms, including the CRD's
 * {@code !self.all(...)} mutual-exclusion rules that only reject a list when every term offends.
 */
class SelectorTermRulesTest {

    private static final ObjectNode CLASS = Fixtures.ec2NodeClass();
    private static final String SUBNETS = "/spec/subnetSelectorTerms";
    private static final String GROUPS = "/spec/securityGroupSelectorTerms";
    private static final String RESERVATIONS = "/spec/capacityReservationSelectorTerms";

    static Stream<Case> subnets() {
        return Stream.of(
                schema("subnets are required", without(CLASS, SUBNETS), SUBNETS, "required"),
                cel("empty subnet terms", with(CLASS, SUBNETS, "[]"), SUBNETS, CelRule.SUBNET_TERMS_NOT_EMPTY),
                cel("empty subnet terms also fail the !all rule", with(CLASS, SUBNETS, "[]"), SUBNETS, CelRule.SUBNET_ID_EXCLUSIVE),
                accepts("subnet id", with(CLASS, SUBNETS, "[{id: subnet-0abc}]")),
                pattern("subnet id without prefix", with(CLASS, SUBNETS, "[{id: sn-0abc}]"), SUBNETS + "/0/id", CrdPattern.SUBNET_ID),
                cel("empty subnet term", with(CLASS, SUBNETS, "[{}]"), SUBNETS + "/0", CelRule.SUBNET_TERM_NEEDS_FIELD),
                cel("every term mixes id and tags", with(CLASS, SUBNETS, "[{id: subnet-1, tags: {a: b}}]"), SUBNETS,
                        CelRule.SUBNET_ID_EXCLUSIVE),
                accepts("one mixed term among others passes (!all, not !exists)",
                        with(CLASS, SUBNETS, "[{id: subnet-1, tags: {a: b}}, {tags: {c: d}}]")),
                cel("empty subnet tag value", with(CLASS, SUBNETS, "[{tags: {a: ''}}]"), SUBNETS + "/0/tags/a",
                        CelRule.SELECTOR_TAGS_NOT_EMPTY),
                schema("unknown subnet field", with(CLASS, SUBNETS, "[{name: a}]"), SUBNETS + "/0/name", "unknown field"));
    }

    static Stream<Case> securityGroups() {
        return Stream.of(
                schema("groups are required", without(CLASS, GROUPS), GROUPS, "required"),
                cel("empty group terms", with(CLASS, GROUPS, "[]"), GROUPS, CelRule.SECURITY_GROUP_TERMS_NOT_EMPTY),
                accepts("group name", with(CLASS, GROUPS, "[{name: eks-cluster-sg}]")),
                accepts("group id", with(CLASS, GROUPS, "[{id: sg-0abc}]")),
                pattern("group id without prefix", with(CLASS, GROUPS, "[{id: group-1}]"), GROUPS + "/0/id",
                        CrdPattern.SECURITY_GROUP_ID),
                cel("empty group term", with(CLASS, GROUPS, "[{}]"), GROUPS + "/0", CelRule.SECURITY_GROUP_TERM_NEEDS_FIELD),
                cel("every term mixes id and name", with(CLASS, GROUPS, "[{id: sg-1, name: a}]"), GROUPS,
                        CelRule.SECURITY_GROUP_ID_EXCLUSIVE),
                cel("every term mixes name and tags", with(CLASS, GROUPS, "[{name: a, tags: {a: b}}]"), GROUPS,
                        CelRule.SECURITY_GROUP_NAME_EXCLUSIVE),
                accepts("a mixed term among others passes", with(CLASS, GROUPS, "[{name: a, tags: {a: b}}, {id: sg-1}]")));
    }

    static Stream<Case> capacityReservations() {
        return Stream.of(
                accepts("reservation by id", with(CLASS, RESERVATIONS, "[{id: cr-0abc}]")),
                accepts("reservation by tags and owner", with(CLASS, RESERVATIONS, "[{tags: {a: b}, ownerID: '123456789012'}]")),
                accepts("open reservations", with(CLASS, RESERVATIONS, "[{instanceMatchCriteria: open}]")),
                cel("empty list fails the !all rule", with(CLASS, RESERVATIONS, "[]"), RESERVATIONS,
                        CelRule.CAPACITY_RESERVATION_ID_EXCLUSIVE),
                cel("every term mixes id and owner", with(CLASS, RESERVATIONS, "[{id: cr-1, ownerID: '123456789012'}]"),
                        RESERVATIONS, CelRule.CAPACITY_RESERVATION_ID_EXCLUSIVE),
                accepts("a mixed term among others passes", with(CLASS, RESERVATIONS, "[{id: cr-1, tags: {a: b}}, {id: cr-2}]")),
                cel("owner alone", with(CLASS, RESERVATIONS, "[{ownerID: '123456789012'}, {id: cr-2}]"), RESERVATIONS + "/0",
                        CelRule.CAPACITY_RESERVATION_TERM_NEEDS_FIELD),
                pattern("id with upper case", with(CLASS, RESERVATIONS, "[{id: cr-ABC}]"), RESERVATIONS + "/0/id",
                        CrdPattern.CAPACITY_RESERVATION_ID),
                pattern("owner of 11 digits", with(CLASS, RESERVATIONS, "[{tags: {a: b}, ownerID: '12345678901'}]"),
                        RESERVATIONS + "/0/ownerID", CrdPattern.ACCOUNT_ID),
                schema("unknown match criteria", with(CLASS, RESERVATIONS, "[{instanceMatchCriteria: closed}]"),
                        RESERVATIONS + "/0/instanceMatchCriteria", "must be one of [open, targeted]"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource({"subnets", "securityGroups", "capacityReservations"})
    void checksSelectorTerms(Case c) {
        c.verify(KarpenterRules::validateEC2NodeClass);
    }
}
