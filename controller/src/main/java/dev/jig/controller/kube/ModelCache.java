package dev.jig.controller.kube;

import io.fabric8.kubernetes.api.model.HasMetadata;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * The models of one kind of object, kept by informer events (Karpenter keeps its cluster state the same way): an
 * object is converted once per resourceVersion when it is added or updated, and dropped when it is deleted, so a
 * snapshot reads ready models and parses nothing. A resync that delivers the same resourceVersion again costs a map
 * look-up. An object that does not parse is logged once per resourceVersion and left out, never fatal. The list of
 * models is built again only after a change, and unchanged objects keep their model instance across lists.
 * Thread-safe: informer threads write, reconciler threads read.
 *
 * @param <M> the model type
 */
final class ModelCache<M> {

    private static final Logger LOG = LoggerFactory.getLogger(ModelCache.class);

    /** The last resourceVersion seen and its model; null when that version did not parse or is not for the model. */
    private record Entry<M>(String resourceVersion, M model) {
    }

    private final String kind;
    private final Function<HasMetadata, Optional<M>> convert;
    private final Map<String, Entry<M>> entries = new HashMap<>();
    private List<M> list = List.of();
    private boolean stale;

    /** @param convert the object to its model; empty when it has none (a pod of no interest), throws when it does not parse */
    ModelCache(String kind, Function<HasMetadata, Optional<M>> convert) {
        this.kind = kind;
        this.convert = convert;
    }

    /** An added or updated object; returns whether a model changed (so a snapshot must change). */
    synchronized boolean put(HasMetadata object) {
        String key = key(object);
        String version = object.getMetadata().getResourceVersion();
        Entry<M> old = entries.get(key);
        if (old != null && version != null && version.equals(old.resourceVersion())) return false;
        M model = null;
        try {
            model = convert.apply(object).orElse(null);
        } catch (RuntimeException e) {
            LOG.atWarn().addKeyValue("event", "object-ignored").addKeyValue("kind", kind).addKeyValue("object", key)
                    .addKeyValue("resourceVersion", version).log("ignoring {} {} at resourceVersion {}: it does not parse: {}", kind, key, version,
                            e.getMessage());
        }
        M before = old == null ? null : old.model();
        boolean changed = !Objects.equals(before, model);
        // an equal model keeps the instance the list holds, so readers see one instance per object
        entries.put(key, new Entry<>(version, changed ? model : before));
        stale |= changed;
        return changed;
    }

    /** A deleted object; returns whether a model went. */
    synchronized boolean remove(HasMetadata object) {
        Entry<M> old = entries.remove(key(object));
        boolean changed = old != null && old.model() != null;
        stale |= changed;
        return changed;
    }

    /** Every model, the same list instance until something changes. */
    synchronized List<M> list() {
        if (stale) {
            List<M> out = new ArrayList<>(entries.size());
            for (Entry<M> e : entries.values()) if (e.model() != null) out.add(e.model());
            list = List.copyOf(out);
            stale = false;
        }
        return list;
    }

    private static String key(HasMetadata o) {
        String ns = o.getMetadata().getNamespace();
        return ns == null ? o.getMetadata().getName() : ns + '/' + o.getMetadata().getName();
    }
}
