package dev.jig.charts;

import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.deser.BeanDeserializerBuilder;
import com.fasterxml.jackson.databind.deser.BeanDeserializerModifier;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.MutatingWebhookConfiguration;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.ValidatingWebhookConfiguration;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import io.fabric8.kubernetes.api.model.rbac.ClusterRole;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBinding;
import io.fabric8.kubernetes.api.model.rbac.Role;
import io.fabric8.kubernetes.api.model.rbac.RoleBinding;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads rendered manifests into typed objects, strictly: fabric8's model for Kubernetes kinds and
 * {@link ExtensionKinds} for cert-manager and the Prometheus Operator. fabric8's classes keep unknown
 * fields in {@code additionalProperties} through a {@code @JsonAnySetter}; this mapper removes that
 * setter, fails on unknown properties and refuses scalar coercions, so a misspelt or misplaced
 * field ({@code spec.replica}) and a value of the wrong type ({@code replicas: "3"}) both fail.
 * A kind this table does not know fails too: the chart renders nothing unchecked.
 */
final class StrictObjects {

    static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .addModule(new SimpleModule("strict").setDeserializerModifier(new BeanDeserializerModifier() {
                @Override
                public BeanDeserializerBuilder updateBuilder(DeserializationConfig config, BeanDescription description, BeanDeserializerBuilder builder) {
                    builder.setAnySetter(null);
                    return builder;
                }
            }))
            .build();

    private static final Map<String, Class<?>> KINDS = Map.ofEntries(
            Map.entry("v1/ServiceAccount", ServiceAccount.class),
            Map.entry("v1/Service", Service.class),
            Map.entry("v1/ConfigMap", ConfigMap.class),
            Map.entry("v1/Secret", Secret.class),
            Map.entry("apps/v1/Deployment", Deployment.class),
            Map.entry("policy/v1/PodDisruptionBudget", PodDisruptionBudget.class),
            Map.entry("rbac.authorization.k8s.io/v1/ClusterRole", ClusterRole.class),
            Map.entry("rbac.authorization.k8s.io/v1/ClusterRoleBinding", ClusterRoleBinding.class),
            Map.entry("rbac.authorization.k8s.io/v1/Role", Role.class),
            Map.entry("rbac.authorization.k8s.io/v1/RoleBinding", RoleBinding.class),
            Map.entry("admissionregistration.k8s.io/v1/ValidatingWebhookConfiguration", ValidatingWebhookConfiguration.class),
            Map.entry("admissionregistration.k8s.io/v1/MutatingWebhookConfiguration", MutatingWebhookConfiguration.class),
            Map.entry("cert-manager.io/v1/Issuer", ExtensionKinds.Issuer.class),
            Map.entry("cert-manager.io/v1/Certificate", ExtensionKinds.Certificate.class),
            Map.entry("monitoring.coreos.com/v1/ServiceMonitor", ExtensionKinds.ServiceMonitor.class),
            Map.entry("monitoring.coreos.com/v1/PrometheusRule", ExtensionKinds.PrometheusRule.class));

    private StrictObjects() {
    }

    /** Every document, typed; the first one that does not parse fails with its kind, name and the reason. */
    static List<Object> parse(List<Map<String, Object>> documents) {
        List<Object> out = new ArrayList<>();
        for (Map<String, Object> d : documents) out.add(parse(d));
        return out;
    }

    static Object parse(Map<String, Object> document) {
        String key = document.get("apiVersion") + "/" + document.get("kind");
        Class<?> type = KINDS.get(key);
        if (type == null) throw new IllegalArgumentException("rendered an object of a kind the strict parse does not know: " + key);
        try {
            return MAPPER.treeToValue(MAPPER.valueToTree(document), type);
        } catch (Exception e) {
            Object name = document.get("metadata") instanceof Map<?, ?> m ? m.get("name") : null;
            throw new IllegalArgumentException(key + " " + name + " does not parse strictly: " + e.getMessage(), e);
        }
    }

    /** The typed objects of one class, e.g. every Deployment. */
    static <T> List<T> all(List<Object> objects, Class<T> type) {
        return objects.stream().filter(type::isInstance).map(type::cast).toList();
    }

    /** The one object of this class and name. */
    static <T extends HasMetadata> T one(List<Object> objects, Class<T> type, String name) {
        return all(objects, type).stream().filter(o -> o.getMetadata().getName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + type.getSimpleName() + " " + name));
    }
}
