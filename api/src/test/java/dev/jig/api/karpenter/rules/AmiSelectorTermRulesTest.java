package dev.jig.api.karpenter.rules;

import static dev.jig.api.karpenter.rules.Case.accepts;
import static dev.jig.api.karpenter.rules.Case.cel;
import static dev.jig.api.karpenter.rules.Case.pattern;
import static dev.jig.api.karpenter.rules.Case.schema;
import static dev.jig.api.karpenter.rules.Fixtures.with;
import static dev.jig.api.karpenter.rules.Fixtures.without;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/** EC2NodeClass amiSelectorTerms, aliases, and how they constrain amiFamily. */
class AmiSelectorTermRulesTest {

    private static final ObjectNode CLASS = Fixtures.ec2NodeClass();
    private static final String TERMS = "/spec/amiSelectorTerms";
    private static final String ALIAS = TERMS + "/0/alias";

    private static ObjectNode terms(String flow) {
        return with(CLASS, TERMS, flow);
    }

    private static ObjectNode alias(String alias) {
        return with(CLASS, ALIAS, "'" + alias + "'");
    }

    static Stream<Case> aliases() {
        return Stream.of(
                accepts("al2023@latest", alias("al2023@latest")),
                accepts("pinned al2023", alias("al2023@v20240625")),
                accepts("pinned bottlerocket", alias("bottlerocket@v1.10.0")),
                accepts("windows latest", alias("windows2022@latest")),
                cel("no version", alias("al2023"), ALIAS, CelRule.ALIAS_FORMAT),
                cel("empty version", alias("al2023@"), ALIAS, CelRule.ALIAS_FORMAT),
                cel("family with a dash", alias("al-2023@latest"), ALIAS, CelRule.ALIAS_FORMAT),
                cel("unknown family", alias("ubuntu@latest"), ALIAS, CelRule.ALIAS_FAMILY),
                cel("family is case-sensitive", alias("AL2023@latest"), ALIAS, CelRule.ALIAS_FAMILY),
                cel("pinned windows", alias("windows2019@v1"), ALIAS, CelRule.ALIAS_WINDOWS_LATEST),
                cel("windows without version", alias("windows2025"), ALIAS, CelRule.ALIAS_WINDOWS_LATEST),
                accepts("windows version is what lies between the first and second '@'", alias("windows2022@latest@x")),
                schema("alias longer than 30", alias("bottlerocket@v1.20.3-0123456789"), ALIAS, "must be at most 30 characters"));
    }

    static Stream<Case> terms() {
        return Stream.of(
                schema("terms are required", without(CLASS, TERMS), TERMS, "required"),
                schema("at least one term", terms("[]"), TERMS, "must have at least 1 item"),
                schema("at most 30 terms", terms(IntStream.range(0, 31).mapToObj(i -> "{name: n" + i + "}")
                        .collect(Collectors.joining(", ", "[", "]"))), TERMS, "must have at most 30 items"),
                accepts("id term", with(terms("[{id: ami-0123abc}]"), "/spec/amiFamily", "AL2023")),
                accepts("id occurs anywhere (unanchored pattern)", with(terms("[{id: my-ami-0123abc}]"), "/spec/amiFamily", "AL2023")),
                pattern("id without ami- prefix", terms("[{id: img-0123}]"), TERMS + "/0/id", CrdPattern.AMI_ID),
                accepts("tags and owner", with(terms("[{tags: {Name: 'eks-*'}, owner: self}, {name: my-ami}]"), "/spec/amiFamily", "Custom")),
                accepts("ssmParameter term", with(terms("[{ssmParameter: /aws/service/eks/ami}]"), "/spec/amiFamily", "AL2023")),
                cel("owner alone", terms("[{owner: self}]"), TERMS + "/0", CelRule.AMI_TERM_NEEDS_FIELD),
                cel("empty term", terms("[{}]"), TERMS + "/0", CelRule.AMI_TERM_NEEDS_FIELD),
                cel("id with owner", terms("[{id: ami-1, owner: self}]"), TERMS + "/0", CelRule.AMI_ID_EXCLUSIVE),
                cel("id with tags in a second term", terms("[{name: a}, {id: ami-1, tags: {a: b}}]"), TERMS + "/1",
                        CelRule.AMI_ID_EXCLUSIVE),
                cel("alias with owner", terms("[{alias: al2023@latest, owner: self}]"), TERMS + "/0",
                        CelRule.AMI_ALIAS_EXCLUSIVE_FIELDS),
                cel("alias with another term", terms("[{alias: al2023@latest}, {name: a}]"), TERMS, CelRule.AMI_ALIAS_EXCLUSIVE_TERMS),
                cel("empty tag value", terms("[{tags: {Name: ''}}]"), TERMS + "/0/tags/Name", CelRule.SELECTOR_TAGS_NOT_EMPTY),
                cel("empty tag key", terms("[{tags: {'': x}}]"), TERMS + "/0/tags/", CelRule.SELECTOR_TAGS_NOT_EMPTY),
                schema("at most 20 tags", terms("[{tags: " + IntStream.range(0, 21).mapToObj(i -> "t" + i + ": v")
                        .collect(Collectors.joining(", ", "{", "}")) + "}]"), TERMS + "/0/tags", "must have at most 20 entries"),
                schema("unknown term field", terms("[{alias: al2023@latest, version: latest}]"), TERMS + "/0/version", "unknown field"));
    }

    static Stream<Case> amiFamily() {
        return Stream.of(
                schema("unknown amiFamily", with(CLASS, "/spec/amiFamily", "Ubuntu"), "/spec/amiFamily",
                        "must be one of [AL2, AL2023, Bottlerocket, Custom, Windows2019, Windows2022, Windows2025]"),
                cel("no alias and no amiFamily", terms("[{id: ami-1}]"), "/spec/amiFamily", CelRule.AMI_FAMILY_REQUIRED_WITHOUT_ALIAS),
                accepts("alias without amiFamily", CLASS),
                accepts("alias with Custom", with(CLASS, "/spec/amiFamily", "Custom")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource({"aliases", "terms", "amiFamily"})
    void checksAmiSelection(Case c) {
        c.verify(KarpenterRules::validateEC2NodeClass);
    }

    @ParameterizedTest(name = "{0} alias needs amiFamily {1} or Custom")
    @CsvSource({
        "al2, AL2, AMI_FAMILY_AL2",
        "al2023, AL2023, AMI_FAMILY_AL2023",
        "bottlerocket, Bottlerocket, AMI_FAMILY_BOTTLEROCKET",
        "windows2019, Windows2019, AMI_FAMILY_WINDOWS2019",
        "windows2022, Windows2022, AMI_FAMILY_WINDOWS2022",
        "windows2025, Windows2025, AMI_FAMILY_WINDOWS2025"})
    void aliasFamilyMustAgreeWithAmiFamily(String family, String amiFamily, CelRule rule) {
        ObjectNode withAlias = alias(family + "@latest");
        accepts("matching family", with(withAlias, "/spec/amiFamily", amiFamily)).verify(KarpenterRules::validateEC2NodeClass);
        accepts("Custom", with(withAlias, "/spec/amiFamily", "Custom")).verify(KarpenterRules::validateEC2NodeClass);
        String other = amiFamily.equals("AL2") ? "Bottlerocket" : "AL2";
        cel("other family", with(withAlias, "/spec/amiFamily", other), "/spec/amiFamily", rule)
                .verify(KarpenterRules::validateEC2NodeClass);
    }
}
