package dev.jig.controller.scheduling;

import dev.jig.api.karpenter.ResourceList;
import dev.jig.controller.model.Pod;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static dev.jig.controller.testing.Fixtures.AL2023;
import static dev.jig.controller.testing.Fixtures.RESOLVER;
import static dev.jig.controller.testing.Fixtures.pool;
import static org.assertj.core.api.Assertions.assertThat;

/** The indexed search finds the score a scan of every open claim finds, whatever claims are open and closed. */
class OpenClaimsTest {

    private static final Domains DOMAINS = new Domains();
    private static final PoolTemplate TEMPLATE = new PoolTemplate(0, pool("default"), null, RESOLVER.resolve(AL2023), List.of(), DOMAINS);
    private static final Topology TOPOLOGY = new Topology(DOMAINS, List.of(TEMPLATE), List.of());

    private static PodFacts pod(Random r, int i) {
        Pod p = Pod.of("default", "p-" + i, ResourceList.of(50 + r.nextInt(4000), 64 + r.nextInt(16_000)), Map.of());
        PodFacts f = new PodFacts(i, p);
        f.refresh(p, true, TOPOLOGY, DOMAINS);
        f.fits = new PodFacts.TemplateFit[] {TemplateFits.of(f, TEMPLATE, DOMAINS)};
        return f;
    }

    /** Feasible when the pod fits the claim's target room and (for some claims) a made-up rule allows it. */
    private static double score(PodFacts p, ClaimPlan c, boolean[] forbidden) {
        long[] room = c.room();
        if (forbidden[c.host] || c.cpu + p.cpu > room[PoolTemplate.CPU] || c.mem + p.mem > room[PoolTemplate.MEM]) return Double.NaN;
        return OpenClaims.score(p, c);
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void findsTheBestScoreOfAFullScan(long seed) {
        Random r = new Random(seed);
        OpenClaims index = new OpenClaims();
        List<ClaimPlan> open = new ArrayList<>();
        int[] targets = {TEMPLATE.typeCount() / 10, TEMPLATE.typeCount() / 2, TEMPLATE.typeCount() - 1};
        boolean[] forbidden = new boolean[600];
        for (int host = 0; host < 600; host++) {
            ClaimPlan c = new ClaimPlan(TEMPLATE, host, targets[r.nextInt(targets.length)]);
            long[] room = c.room();
            c.cpu = (long) (room[PoolTemplate.CPU] * r.nextDouble());
            c.mem = (long) (room[PoolTemplate.MEM] * r.nextDouble());
            if (r.nextInt(4) == 0) c.zones = Long.lowestOneBit(c.zones);
            forbidden[host] = r.nextInt(3) == 0;
            index.add(c);
            open.add(c);
        }
        for (int i = 0; i < 300; i++) {
            PodFacts p = pod(r, i);
            double scan = Double.NEGATIVE_INFINITY;
            for (ClaimPlan c : open) {
                double s = score(p, c, forbidden);
                if (s > scan) scan = s;
            }
            ClaimPlan best = index.best(p, -1L, null, c -> score(p, c, forbidden));
            if (scan == Double.NEGATIVE_INFINITY) {
                assertThat(best).isNull();
            } else {
                assertThat(best).isNotNull();
                assertThat(score(p, best, forbidden)).isEqualTo(scan);
            }
            // Claims change as pods land and close: re-index one, close another.
            ClaimPlan moved = open.get(r.nextInt(open.size()));
            index.remove(moved);
            moved.cpu = Math.min(moved.room()[PoolTemplate.CPU], moved.cpu + 100);
            index.add(moved);
            if (open.size() > 50) index.remove(open.remove(r.nextInt(open.size())));
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {11, 12, 13})
    void hostCandidatesLimitTheSearchToThoseHosts(long seed) {
        Random r = new Random(seed);
        OpenClaims index = new OpenClaims();
        List<ClaimPlan> open = new ArrayList<>();
        for (int host = 0; host < 300; host++) {
            ClaimPlan c = new ClaimPlan(TEMPLATE, host, TEMPLATE.typeCount() / 2);
            c.cpu = (long) (c.room()[PoolTemplate.CPU] * r.nextDouble() * 0.5);
            index.add(c);
            open.add(c);
        }
        boolean[] none = new boolean[300];
        for (int few : new int[] {3, 200}) {
            long[] hosts = new long[5];
            List<ClaimPlan> allowed = new ArrayList<>();
            for (int k = 0; k < few; k++) {
                ClaimPlan c = open.get(r.nextInt(open.size()));
                hosts[c.host >>> 6] |= 1L << c.host;
                allowed.add(c);
            }
            PodFacts p = pod(r, few);
            double scan = allowed.stream().mapToDouble(c -> score(p, c, none)).filter(s -> !Double.isNaN(s)).max().orElseThrow();
            ClaimPlan best = index.best(p, -1L, hosts, c -> score(p, c, none));
            assertThat(allowed).contains(best);
            assertThat(score(p, best, none)).isEqualTo(scan);
        }
    }
}
