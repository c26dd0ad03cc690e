package dev.jig.controller.model;

import dev.jig.api.karpenter.Taint;

import java.util.List;

/**
 * A pod toleration with Kubernetes' matching rules: an empty key with {@code Exists} tolerates
 * every taint, an empty effect matches every effect, {@code Equal} compares values.
 *
 * @param key      taint key, or empty for any key (only with {@code Exists})
 * @param operator {@code Equal} (default) or {@code Exists}
 * @param value    value compared by {@code Equal}; may be empty
 * @param effect   {@code NoSchedule}, {@code PreferNoSchedule}, {@code NoExecute}, or empty for all
 */
public record Toleration(String key, String operator, String value, String effect) {

    public static final String NO_SCHEDULE = "NoSchedule";
    public static final String PREFER_NO_SCHEDULE = "PreferNoSchedule";
    public static final String NO_EXECUTE = "NoExecute";

    public Toleration {
        key = key == null ? "" : key;
        operator = operator == null || operator.isEmpty() ? "Equal" : operator;
        value = value == null ? "" : value;
        effect = effect == null ? "" : effect;
    }

    public static Toleration exists(String key, String effect) {
        return new Toleration(key, "Exists", "", effect);
    }

    public boolean tolerates(Taint taint) {
        if (!effect.isEmpty() && !effect.equals(taint.effect())) return false;
        if (key.isEmpty()) return operator.equals("Exists");
        if (!key.equals(taint.key())) return false;
        if (operator.equals("Exists")) return true;
        String taintValue = taint.value() == null ? "" : taint.value();
        return value.equals(taintValue);
    }

    /**
     * The first taint of {@code taints} that {@code tolerations} leave untolerated, or null. Only
     * effects that keep a new pod off a node count ({@code NoSchedule}, {@code NoExecute}, and
     * {@code PreferNoSchedule} when {@code preferNoScheduleBinds}, as Karpenter treats it before it
     * relaxes preferences).
     */
    public static Taint firstUntolerated(List<Taint> taints, List<Toleration> tolerations, boolean preferNoScheduleBinds) {
        for (Taint t : taints) {
            if (t.effect().equals(PREFER_NO_SCHEDULE) && !preferNoScheduleBinds) continue;
            boolean ok = false;
            for (Toleration tol : tolerations) {
                if (tol.tolerates(t)) {
                    ok = true;
                    break;
                }
            }
            if (!ok) return t;
        }
        return null;
    }
}
