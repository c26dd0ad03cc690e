package dev.jig.compiler.schema;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Collapses the cascades that {@code anyOf}/{@code oneOf} produce: a validator reports why every
 * alternative failed, but a person wants to hear about the alternative they meant. Per
 * alternative group, the branches whose {@code type} fits the value are the ones meant; when
 * exactly one fits, only its violations stay; when none fits, one {@code type} violation listing
 * every accepted type replaces them all; when several fit, the branch with the fewest violations
 * stays. Nested groups are pruned the same way, outermost first.
 */
final class BranchPruning {

    private BranchPruning() {
    }

    static List<SchemaError> prune(List<SchemaError> violations) {
        return prune(violations, 0);
    }

    private static List<SchemaError> prune(List<SchemaError> violations, int from) {
        Map<List<String>, List<SchemaError>> groups = new LinkedHashMap<>();
        List<SchemaError> plain = new ArrayList<>();
        for (SchemaError v : violations) {
            int i = firstBranch(v.evaluationPath(), from);
            if (i < 0) {
                plain.add(v);
            } else {
                groups.computeIfAbsent(v.evaluationPath().subList(0, i + 1), k -> new ArrayList<>()).add(v);
            }
        }
        List<SchemaError> out = new ArrayList<>();
        for (SchemaError v : plain) {
            boolean summaryOfGroup = (v.keyword().equals("anyOf") || v.keyword().equals("oneOf"))
                    && groups.containsKey(v.evaluationPath());
            if (!summaryOfGroup) out.add(v);
        }
        for (Map.Entry<List<String>, List<SchemaError>> group : groups.entrySet()) {
            out.addAll(resolve(group.getKey().size(), group.getValue()));
        }
        return out;
    }

    private static List<SchemaError> resolve(int prefixLength, List<SchemaError> members) {
        Map<String, List<SchemaError>> branches = new LinkedHashMap<>();
        for (SchemaError v : members) {
            branches.computeIfAbsent(v.evaluationPath().get(prefixLength), k -> new ArrayList<>()).add(v);
        }
        String root = members.stream().map(SchemaError::pointer).min(Comparator.comparingInt(String::length)).orElse("");
        List<List<SchemaError>> fitting = new ArrayList<>();
        for (List<SchemaError> branch : branches.values()) {
            boolean wrongType = branch.stream().anyMatch(v -> v.keyword().equals("type") && v.pointer().equals(root));
            if (!wrongType) fitting.add(branch);
        }
        if (fitting.isEmpty()) {
            return List.of(mergedType(members, root));
        }
        List<SchemaError> chosen = fitting.stream().min(Comparator.comparingInt(List::size)).orElseThrow();
        return prune(chosen, prefixLength + 1);
    }

    /** One type violation at {@code root} that lists the types every alternative accepts. */
    private static SchemaError mergedType(List<SchemaError> members, String root) {
        Set<String> expected = new LinkedHashSet<>();
        SchemaError first = null;
        for (SchemaError v : members) {
            if (!v.keyword().equals("type") || !v.pointer().equals(root)) continue;
            if (first == null) first = v;
            if (v.arguments().size() > 1 && v.arguments().get(1) instanceof List<?> types) {
                for (Object t : types) expected.add(String.valueOf(t));
            }
        }
        if (first == null) throw new IllegalStateException("no type violation at " + root);
        JsonNode instance = first.instance();
        // No single schema owns the merged keyword, hence no schema pointer.
        return new SchemaError("type", root, first.evaluationPath(), "", null,
                List.of(first.arguments().get(0), List.copyOf(expected)), instance, first.message());
    }

    private static int firstBranch(List<String> path, int from) {
        for (int i = from; i < path.size() - 1; i++) {
            String t = path.get(i);
            if ((t.equals("anyOf") || t.equals("oneOf")) && isIndex(path.get(i + 1))) return i;
        }
        return -1;
    }

    private static boolean isIndex(String token) {
        return !token.isEmpty() && token.chars().allMatch(Character::isDigit);
    }
}
