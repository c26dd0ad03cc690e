package dev.jig.controller.kube;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodBuilder;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** Informer events keep one model per object: converted once per resourceVersion, left out when it does not parse. */
class ModelCacheTest {

    private final AtomicInteger conversions = new AtomicInteger();

    /** The model is the pod's "app" label; a pod labelled "broken" does not parse, one without the label has no model. */
    private final ModelCache<String> cache = new ModelCache<>("Pod", o -> {
        conversions.incrementAndGet();
        String app = o.getMetadata().getLabels() == null ? null : o.getMetadata().getLabels().get("app");
        if ("broken".equals(app)) throw new IllegalArgumentException("spec.containers[0].resources: not a quantity");
        return Optional.ofNullable(app);
    });

    private static HasMetadata pod(String name, String version, String app) {
        PodBuilder b = new PodBuilder().withNewMetadata().withNamespace("default").withName(name).withResourceVersion(version).endMetadata();
        if (app != null) b.editMetadata().addToLabels("app", app).endMetadata();
        return b.build();
    }

    @Test
    void anObjectIsConvertedOncePerResourceVersion() {
        assertThat(cache.put(pod("a", "1", "web"))).isTrue();
        assertThat(cache.put(pod("a", "1", "web"))).as("a resync of the same version").isFalse();
        assertThat(conversions).hasValue(1);
        assertThat(cache.put(pod("a", "2", "web"))).as("a new version with the same model changes nothing").isFalse();
        assertThat(conversions).hasValue(2);
        assertThat(cache.put(pod("a", "3", "api"))).isTrue();
        assertThat(cache.list()).containsExactly("api");
    }

    @Test
    void theListIsTheSameInstanceUntilSomethingChanges() {
        cache.put(pod("a", "1", "web"));
        cache.put(pod("b", "1", "api"));
        List<String> first = cache.list();
        cache.put(pod("a", "1", "web"));
        assertThat(cache.list()).isSameAs(first);
        assertThat(cache.remove(pod("b", "1", "api"))).isTrue();
        assertThat(cache.list()).isNotSameAs(first).containsExactly("web");
        assertThat(cache.remove(pod("b", "1", "api"))).as("gone already").isFalse();
    }

    @Test
    void anObjectThatDoesNotParseIsLeftOutUntilAVersionThatDoes() {
        cache.put(pod("a", "1", "web"));
        assertThat(cache.put(pod("a", "2", "broken"))).as("its model went").isTrue();
        assertThat(cache.list()).isEmpty();
        assertThat(cache.put(pod("a", "2", "broken"))).isFalse();
        assertThat(conversions).as("the broken version is tried once, not on every resync").hasValue(2);
        assertThat(cache.put(pod("a", "3", "web"))).isTrue();
        assertThat(cache.list()).containsExactly("web");
    }

    @Test
    void anObjectWithoutAModelIsKeptOutOfTheList() {
        assertThat(cache.put(pod("a", "1", null))).isFalse();
        assertThat(cache.list()).isEmpty();
        assertThat(cache.remove(pod("a", "1", null))).isFalse();
    }
}
