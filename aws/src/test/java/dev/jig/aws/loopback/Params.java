package dev.jig.aws.loopback;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The form parameters of one EC2 Query request, with EC2's numbered-list conventions ({@code Filter.1.Value.2}). */
public record Params(Map<String, String> values) {

    public String get(String name) {
        return values.get(name);
    }

    public String get(String name, String orElse) {
        return values.getOrDefault(name, orElse);
    }

    /** The values of {@code prefix.1}, {@code prefix.2}, … in order. */
    public List<String> list(String prefix) {
        List<String> out = new ArrayList<>();
        for (int i = 1; values.containsKey(prefix + "." + i); i++) out.add(values.get(prefix + "." + i));
        return out;
    }

    /** The sub-parameters of {@code prefix.1.}, {@code prefix.2.}, … as their own Params. */
    public List<Params> members(String prefix) {
        List<Params> out = new ArrayList<>();
        for (int i = 1; ; i++) {
            String p = prefix + "." + i + ".";
            Map<String, String> sub = new LinkedHashMap<>();
            values.forEach((k, v) -> {
                if (k.startsWith(p)) sub.put(k.substring(p.length()), v);
            });
            if (sub.isEmpty()) return out;
            out.add(new Params(sub));
        }
    }

    /** {@code Filter.N.Name} to its values. */
    public Map<String, List<String>> filters() {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (Params f : members("Filter")) out.put(f.get("Name"), f.list("Value"));
        return out;
    }

    /** {@code TagSpecification.N} of {@code resourceType}: its tags. */
    public Map<String, String> tagSpecification(String resourceType) {
        Map<String, String> tags = new LinkedHashMap<>();
        for (Params spec : members("TagSpecification")) {
            if (resourceType.equals(spec.get("ResourceType"))) {
                for (Params t : spec.members("Tag")) tags.put(t.get("Key"), t.get("Value"));
            }
        }
        return tags;
    }
}
