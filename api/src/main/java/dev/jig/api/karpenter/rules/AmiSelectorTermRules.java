package dev.jig.api.karpenter.rules;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.karpenter.model.NodeClassSelectors;
import dev.jig.api.karpenter.model.SelectorTerm;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * {@code amiSelectorTerms} of an EC2NodeClass, and how an alias term constrains
 * {@code amiFamily}. An alias is {@code family@version}; Windows families accept only
 * {@code latest}. As in CEL, the family is what precedes the first '@' and the version what lies
 * between the first and the second '@'.
 */
final class AmiSelectorTermRules {

    /** The CEL rule's regex, {@code self.matches('^[a-zA-Z0-9]+@.+$')}. */
    static final Pattern ALIAS_FORMAT = GoRegex.compile("^[a-zA-Z0-9]+@.+$");
    static final List<String> ALIAS_FAMILIES =
            List.of("al2", "al2023", "bottlerocket", "windows2019", "windows2022", "windows2025");
    private static final List<String> WINDOWS_FAMILIES = List.of("windows2019", "windows2022", "windows2025");
    /** The amiFamily that goes with each alias family, in the order of {@link #ALIAS_FAMILIES}. */
    private static final List<String> AMI_FAMILY_OF_ALIAS =
            List.of("AL2", "AL2023", "Bottlerocket", "Windows2019", "Windows2022", "Windows2025");
    /** The rule that ties each alias family to its amiFamily, in the same order. */
    private static final List<CelRule> AMI_FAMILY_RULES = List.of(
            CelRule.AMI_FAMILY_AL2, CelRule.AMI_FAMILY_AL2023, CelRule.AMI_FAMILY_BOTTLEROCKET,
            CelRule.AMI_FAMILY_WINDOWS2019, CelRule.AMI_FAMILY_WINDOWS2022, CelRule.AMI_FAMILY_WINDOWS2025);
    private static final Set<String> TERM = Set.of("alias", "id", "name", "owner", "ssmParameter", "tags");
    private static final int MAX_TERMS = 30;
    private static final int MAX_ALIAS = 30;

    private AmiSelectorTermRules() {
    }

    static void check(ArrayNode terms, Pointer at, Checks checks) {
        if (terms == null) {
            return;
        }
        checks.minItems(terms, at, 1);
        checks.maxItems(terms, at, MAX_TERMS);
        for (int i = 0; i < terms.size(); i++) {
            ObjectNode term = checks.objectItem(terms.get(i), at.index(i));
            if (term != null) {
                term(term, at.index(i), checks);
            }
        }
        if (!Checks.allObjects(terms)) {
            return;
        }
        List<SelectorTerm> typed = NodeClassSelectors.terms(terms);
        boolean anyAlias = false;
        for (int i = 0; i < typed.size(); i++) {
            SelectorTerm t = typed.get(i);
            boolean alias = t.has(SelectorTerm.ALIAS);
            boolean id = t.has(SelectorTerm.ID);
            boolean tags = t.has(SelectorTerm.TAGS);
            boolean name = t.has(SelectorTerm.NAME);
            boolean owner = t.has(SelectorTerm.OWNER);
            anyAlias |= alias;
            if (!(tags || id || name || alias || t.has(SelectorTerm.SSM_PARAMETER))) {
                checks.cel(at.index(i), CelRule.AMI_TERM_NEEDS_FIELD);
            }
            if (id && (alias || tags || name || owner)) {
                checks.cel(at.index(i), CelRule.AMI_ID_EXCLUSIVE);
            }
            if (alias && (id || tags || name || owner)) {
                checks.cel(at.index(i), CelRule.AMI_ALIAS_EXCLUSIVE_FIELDS);
            }
        }
        if (anyAlias && terms.size() != 1) {
            checks.cel(at, CelRule.AMI_ALIAS_EXCLUSIVE_TERMS);
        }
    }

    private static void term(ObjectNode term, Pointer at, Checks checks) {
        checks.closed(term, at, TERM);
        String alias = checks.string(term, at, "alias");
        if (alias != null) {
            checks.maxLength(alias, at.child("alias"), MAX_ALIAS);
            alias(alias, at.child("alias"), checks);
        }
        checks.string(term, at, "id", CrdPattern.AMI_ID);
        checks.string(term, at, "name");
        checks.string(term, at, "owner");
        checks.string(term, at, "ssmParameter");
        SelectorTags.check(checks.stringMap(term, at, "tags"), at.child("tags"), checks);
    }

    private static void alias(String alias, Pointer at, Checks checks) {
        if (!ALIAS_FORMAT.matcher(alias).find()) {
            checks.cel(at, CelRule.ALIAS_FORMAT);
        }
        String family = family(alias);
        if (!ALIAS_FAMILIES.contains(family)) {
            checks.cel(at, CelRule.ALIAS_FAMILY);
        }
        if (WINDOWS_FAMILIES.contains(family)) {
            int first = alias.indexOf('@');
            int second = first < 0 ? -1 : alias.indexOf('@', first + 1);
            String version = first < 0 ? null : alias.substring(first + 1, second < 0 ? alias.length() : second);
            if (!"latest".equals(version)) { // no version: split('@')[1] fails, which rejects too
                checks.cel(at, CelRule.ALIAS_WINDOWS_LATEST);
            }
        }
    }

    /** The spec-level rules: amiFamily must agree with an alias family, and is required without an alias. */
    static void checkFamily(ObjectNode spec, String amiFamily, ArrayNode terms, Pointer at, Checks checks) {
        if (terms == null || !Checks.allObjects(terms)) {
            return;
        }
        boolean anyAlias = false;
        for (SelectorTerm term : NodeClassSelectors.terms(terms)) {
            if (!term.has(SelectorTerm.ALIAS)) {
                continue;
            }
            anyAlias = true;
            String alias = term.alias();
            if (alias == null || amiFamily == null) {
                continue;
            }
            int index = ALIAS_FAMILIES.indexOf(family(alias));
            if (index >= 0 && !amiFamily.equals("Custom") && !amiFamily.equals(AMI_FAMILY_OF_ALIAS.get(index))) {
                checks.cel(at.child("amiFamily"), AMI_FAMILY_RULES.get(index));
            }
        }
        if (!anyAlias && !Checks.has(spec, "amiFamily")) {
            checks.cel(at.child("amiFamily"), CelRule.AMI_FAMILY_REQUIRED_WITHOUT_ALIAS);
        }
    }

    /** What precedes the first '@': CEL's {@code split('@')[0]}, and {@code find('^[^@]+')} alike. */
    static String family(String alias) {
        int at = alias.indexOf('@');
        return at < 0 ? alias : alias.substring(0, at);
    }
}
