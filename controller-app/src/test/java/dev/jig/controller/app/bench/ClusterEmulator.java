package dev.jig.controller.app.bench;

import dev.jig.aws.loopback.Ec2World;
import dev.jig.controller.kube.KubeCluster;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What a real cluster does around the controller, played against the mock API server and the loopback EC2 so that
 * {@code jig-controller run} can be measured as it runs in a cluster: the <b>kubelet</b> of every running instance
 * registers a Node (named after its NodeClaim, with the NodeClaim's capacity, allocatable and labels, the
 * {@code karpenter.sh/unregistered} taint, and Ready once {@code boot} has passed); the <b>kube-scheduler</b> binds
 * pending pods first-fit by requests, each nominated pod to its nominated node when it fits, the others to what the
 * nominations leave free; <b>ReplicaSets</b> keep each deployment at its replicas (pending pods go first on a scale-down);
 * the <b>Eviction API</b> (which the CRUD mock cannot serve) removes the pods of a node tainted
 * {@code karpenter.sh/disrupted}; the <b>pod GC</b> deletes pods bound to nodes that are gone. One thread, every 250 ms.
 *
 * <p>It also records, from a NodeClaim informer, when each NodeClaim was first seen, by the memory its pods request
 * ({@code spec.resources.requests}): a pod of a memory no other pod asks for tells which NodeClaim is its; and, from an
 * Event informer, when each pod's first {@code Nominated} Event was seen (a pod placed on a NodeClaim already in
 * flight gets no NodeClaim of its own).
 */
public final class ClusterEmulator implements AutoCloseable {

    public static final String NAMESPACE = "bench";

    /** A deployment: its pods request {@code cpu} and {@code memory}. */
    public record Deployment(String name, String cpu, String memory) {
    }

    private final KubernetesClient client;
    private final Ec2World world;
    private final Duration boot;
    private final Map<String, Deployment> deployments = new LinkedHashMap<>();
    private final Map<String, Integer> replicas = new ConcurrentHashMap<>();
    private final Map<String, Long> createdAt = new ConcurrentHashMap<>();
    private final Map<Long, Long> claimSeenAt = new ConcurrentHashMap<>();
    private final Map<String, Long> nominatedAt = new ConcurrentHashMap<>();
    private final Map<String, Long> boundAt = new ConcurrentHashMap<>();
    private final Map<String, Long> firstSeen = new HashMap<>();
    private final AtomicLong names = new AtomicLong();
    private final ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "cluster-emulator");
        t.setDaemon(true);
        return t;
    });
    private final SharedIndexInformer<Pod> pods;
    private final SharedIndexInformer<GenericKubernetesResource> claims;
    private final SharedIndexInformer<io.fabric8.kubernetes.api.model.Event> events;
    private volatile String lastError;

    public ClusterEmulator(KubernetesClient client, Ec2World world, Duration boot) {
        this.client = client;
        this.world = world;
        this.boot = boot;
        this.pods = client.pods().inNamespace(NAMESPACE).inform();
        this.claims = client.genericKubernetesResources(KubeCluster.NODE_CLAIMS).inform(new ResourceEventHandler<>() {
            @Override
            public void onAdd(GenericKubernetesResource c) {
                Map<String, Object> requests = map(map(map(c.getAdditionalProperties().get("spec")).get("resources")).get("requests"));
                Object memory = requests.get("memory");
                if (memory != null) claimSeenAt.putIfAbsent(bytes(new Quantity(String.valueOf(memory))), System.nanoTime());
            }

            @Override
            public void onUpdate(GenericKubernetesResource old, GenericKubernetesResource now) {
            }

            @Override
            public void onDelete(GenericKubernetesResource c, boolean unknown) {
            }
        });
        this.events = client.v1().events().inNamespace(NAMESPACE).inform(new ResourceEventHandler<>() {
            @Override
            public void onAdd(io.fabric8.kubernetes.api.model.Event e) {
                if ("Nominated".equals(e.getReason()) && e.getInvolvedObject() != null) nominatedAt.putIfAbsent(e.getInvolvedObject().getName(), System.nanoTime());
            }

            @Override
            public void onUpdate(io.fabric8.kubernetes.api.model.Event old, io.fabric8.kubernetes.api.model.Event now) {
            }

            @Override
            public void onDelete(io.fabric8.kubernetes.api.model.Event e, boolean unknown) {
            }
        });
        thread.scheduleWithFixedDelay(this::tick, 250, 250, TimeUnit.MILLISECONDS);
    }

    void deployment(Deployment d, int count) {
        deployments.put(d.name(), d);
        replicas.put(d.name(), count);
    }

    void scale(String deployment, int count) {
        replicas.put(deployment, count);
    }

    /** Creates one pod of {@code d} now (outside any deployment's count); returns its name. */
    public String createPod(Deployment d) {
        String name = d.name() + "-" + names.incrementAndGet();
        createdAt.put(name, System.nanoTime());
        client.pods().inNamespace(NAMESPACE).resource(pod(name, d)).create();
        return name;
    }

    void deletePods(String app) {
        client.pods().inNamespace(NAMESPACE).withLabel("app", app).delete();
    }

    /**
     * Seconds from the creation of {@code pod} to the first sight of a NodeClaim for exactly its memory request, or -1
     * when none has been seen: for a pod that needs a node of its own and asks for a memory no other pod asks for.
     */
    double claimSeconds(String pod, String memory) {
        Long created = createdAt.get(pod);
        Long seen = claimSeenAt.get(bytes(new Quantity(memory)));
        return created == null || seen == null ? -1 : Math.max(0, seen - created) / 1e9;
    }

    /** Seconds from the creation of {@code pod} to this emulator's kube-scheduler binding it, or -1 when it has not. */
    double boundSeconds(String pod) {
        Long created = createdAt.get(pod);
        Long bound = boundAt.get(pod);
        return created == null || bound == null ? -1 : Math.max(0, bound - created) / 1e9;
    }

    /** Seconds from the creation of {@code pod} to the first sight of its {@code Nominated} Event, or -1 when none has been seen. */
    double nominatedSeconds(String pod) {
        Long created = createdAt.get(pod);
        Long seen = nominatedAt.get(pod);
        return created == null || seen == null ? -1 : Math.max(0, seen - created) / 1e9;
    }

    /** Pods of the namespace, bound and pending. */
    public int[] boundAndPending() {
        int bound = 0;
        int pending = 0;
        for (Pod p : pods.getStore().list()) {
            if (p.getMetadata().getDeletionTimestamp() != null) continue;
            if (p.getSpec().getNodeName() == null || p.getSpec().getNodeName().isEmpty()) pending++;
            else bound++;
        }
        return new int[] {bound, pending};
    }

    String lastError() {
        return lastError;
    }

    private void tick() {
        try {
            List<GenericKubernetesResource> claims = client.genericKubernetesResources(KubeCluster.NODE_CLAIMS).list().getItems();
            List<io.fabric8.kubernetes.api.model.Node> nodes = client.nodes().list().getItems();
            kubelets(claims, nodes);
            List<Pod> all = client.pods().inNamespace(NAMESPACE).list().getItems();
            Map<String, io.fabric8.kubernetes.api.model.Node> byName = new HashMap<>();
            for (var n : nodes) byName.put(n.getMetadata().getName(), n);
            List<Pod> live = evictAndCollect(all, byName);
            live = replicaSets(live);
            schedule(live, byName);
        } catch (RuntimeException e) {
            lastError = e.toString();
        }
    }

    private void kubelets(List<GenericKubernetesResource> claims, List<io.fabric8.kubernetes.api.model.Node> nodes) {
        Set<String> registered = new HashSet<>();
        for (var n : nodes) if (n.getSpec().getProviderID() != null) registered.add(n.getSpec().getProviderID());
        Set<String> running = new HashSet<>();
        for (Ec2World.LaunchedInstance i : world.running()) running.add(i.id());
        long now = System.nanoTime();
        for (GenericKubernetesResource c : claims) {
            if (c.getMetadata().getDeletionTimestamp() != null) continue;
            Map<String, Object> status = map(c.getAdditionalProperties().get("status"));
            Object providerId = status.get("providerID");
            if (!(providerId instanceof String id) || registered.contains(id)) continue;
            if (!running.contains(id.substring(id.lastIndexOf('/') + 1))) continue;
            long first = firstSeen.computeIfAbsent(id, k -> now);
            if (now - first < boot.toNanos()) continue;
            String name = c.getMetadata().getName();
            Map<String, String> labels = new HashMap<>(c.getMetadata().getLabels() == null ? Map.of() : c.getMetadata().getLabels());
            labels.put("kubernetes.io/hostname", name);
            try {
                client.nodes().resource(new NodeBuilder().withNewMetadata().withName(name).withLabels(labels).endMetadata()
                        .withNewSpec().withProviderID(id).withTaints(new Taint("NoExecute", "karpenter.sh/unregistered", null, null)).endSpec()
                        .withNewStatus().withCapacity(quantities(status.get("capacity"))).withAllocatable(quantities(status.get("allocatable")))
                        .addNewCondition().withType("Ready").withStatus("True").withReason("KubeletReady").endCondition().endStatus().build()).create();
            } catch (KubernetesClientException e) {
                if (e.getCode() != 409) throw e;
            }
        }
    }

    /** The Eviction API for nodes being disrupted, and the pod GC for nodes that are gone; returns the pods left. */
    private List<Pod> evictAndCollect(List<Pod> all, Map<String, io.fabric8.kubernetes.api.model.Node> nodes) {
        List<Pod> live = new ArrayList<>();
        for (Pod p : all) {
            if (p.getMetadata().getDeletionTimestamp() != null) continue;
            String node = p.getSpec().getNodeName();
            if (node != null && !node.isEmpty() && (!nodes.containsKey(node) || disrupted(nodes.get(node)))) {
                client.pods().inNamespace(NAMESPACE).withName(p.getMetadata().getName()).delete();
            } else {
                live.add(p);
            }
        }
        return live;
    }

    private static boolean disrupted(io.fabric8.kubernetes.api.model.Node n) {
        return n.getSpec().getTaints() != null && n.getSpec().getTaints().stream().anyMatch(t -> t.getKey().equals("karpenter.sh/disrupted"));
    }

    private List<Pod> replicaSets(List<Pod> live) {
        List<Pod> out = new ArrayList<>(live);
        for (Deployment d : deployments.values()) {
            List<Pod> mine = new ArrayList<>();
            for (Pod p : live) if (d.name().equals(p.getMetadata().getLabels().get("app"))) mine.add(p);
            int want = replicas.getOrDefault(d.name(), 0);
            for (int i = mine.size(); i < want; i++) {
                String name = createPod(d);
                out.add(pod(name, d));
            }
            if (mine.size() > want) {
                // pending pods first, then the newest, as a ReplicaSet picks the pods to delete
                mine.sort(Comparator.comparing((Pod p) -> p.getSpec().getNodeName() != null && !p.getSpec().getNodeName().isEmpty())
                        .thenComparing(p -> p.getMetadata().getName(), Comparator.reverseOrder()));
                for (Pod p : mine.subList(0, mine.size() - want)) {
                    client.pods().inNamespace(NAMESPACE).withName(p.getMetadata().getName()).delete();
                    out.remove(p);
                }
            }
        }
        return out;
    }

    private void schedule(List<Pod> live, Map<String, io.fabric8.kubernetes.api.model.Node> nodes) {
        Map<String, long[]> free = new HashMap<>();
        for (var n : nodes.values()) {
            if (!schedulable(n)) continue;
            Map<String, Quantity> a = n.getStatus().getAllocatable();
            free.put(n.getMetadata().getName(), new long[] {millis(a.get("cpu")), bytes(a.get("memory")), a.containsKey("pods") ? millis(a.get("pods")) / 1000 : 110});
        }
        List<Pod> pending = new ArrayList<>();
        for (Pod p : live) {
            String node = p.getSpec().getNodeName();
            if (node == null || node.isEmpty()) pending.add(p);
            else take(free.get(node), p);
        }
        pending.sort(Comparator.comparing(p -> p.getMetadata().getName()));
        // the nominated pods first, onto their nominated nodes: what they leave free is for the others
        List<Pod> unnominated = new ArrayList<>();
        for (Pod p : pending) {
            String nominated = p.getStatus() == null ? null : p.getStatus().getNominatedNodeName();
            if (nominated == null || nominated.isEmpty()) {
                unnominated.add(p);
                continue;
            }
            long[] room = free.get(nominated);
            if (room != null && fits(room, p)) bind(p, nominated, room);
            else if (room != null) unnominated.add(p); // its node is schedulable but full: as if not nominated
            // else its node has not registered or is not ready for pods yet: it waits for it
        }
        for (Pod p : unnominated) {
            for (Map.Entry<String, long[]> e : free.entrySet()) {
                if (fits(e.getValue(), p)) {
                    bind(p, e.getKey(), e.getValue());
                    break;
                }
            }
        }
    }

    private void bind(Pod p, String node, long[] room) {
        take(room, p);
        boundAt.putIfAbsent(p.getMetadata().getName(), System.nanoTime());
        try {
            client.pods().inNamespace(NAMESPACE).withName(p.getMetadata().getName()).edit(q -> new PodBuilder(q).editSpec().withNodeName(node).endSpec()
                    .editOrNewStatus().withPhase("Running").withNominatedNodeName(null).addNewCondition().withType("Ready").withStatus("True").endCondition()
                    .endStatus().build());
        } catch (KubernetesClientException e) {
            if (e.getCode() != 404 && e.getCode() != 409) throw e;
        }
    }

    private static boolean schedulable(io.fabric8.kubernetes.api.model.Node n) {
        if (n.getSpec().getTaints() != null) {
            for (Taint t : n.getSpec().getTaints()) if (!"PreferNoSchedule".equals(t.getEffect())) return false;
        }
        return n.getStatus() != null && n.getStatus().getAllocatable() != null;
    }

    private static boolean fits(long[] room, Pod p) {
        return room[0] >= millis(request(p, "cpu")) && room[1] >= bytes(request(p, "memory")) && room[2] >= 1;
    }

    private static void take(long[] room, Pod p) {
        if (room == null) return;
        room[0] -= millis(request(p, "cpu"));
        room[1] -= bytes(request(p, "memory"));
        room[2] -= 1;
    }

    private static Quantity request(Pod p, String resource) {
        Quantity sum = null;
        for (var c : p.getSpec().getContainers()) {
            if (c.getResources() == null || c.getResources().getRequests() == null) continue;
            Quantity q = c.getResources().getRequests().get(resource);
            if (q != null) sum = sum == null ? q : sum.add(q);
        }
        return sum;
    }

    private static long millis(Quantity q) {
        return q == null ? 0 : q.getNumericalAmount().movePointRight(3).longValue();
    }

    private static long bytes(Quantity q) {
        return q == null ? 0 : q.getNumericalAmount().longValue();
    }

    private static Pod pod(String name, Deployment d) {
        return new PodBuilder().withNewMetadata().withName(name).withNamespace(NAMESPACE).addToLabels("app", d.name()).endMetadata()
                .withNewSpec().addNewContainer().withName("app").withImage("registry.k8s.io/pause:3.10").withNewResources()
                .addToRequests("cpu", new Quantity(d.cpu())).addToRequests("memory", new Quantity(d.memory())).endResources().endContainer()
                .endSpec().build();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o) {
        return o instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    }

    private static Map<String, Quantity> quantities(Object o) {
        Map<String, Quantity> out = new HashMap<>();
        for (Map.Entry<String, Object> e : map(o).entrySet()) out.put(e.getKey(), new Quantity(String.valueOf(e.getValue())));
        return out;
    }

    @Override
    public void close() {
        thread.shutdownNow();
        pods.close();
        claims.close();
        events.close();
    }
}
