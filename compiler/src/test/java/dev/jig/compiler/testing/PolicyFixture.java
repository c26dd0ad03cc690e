package dev.jig.compiler.testing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jig.api.ec2.Catalog;
import dev.jig.api.source.SourceFile;
import dev.jig.compiler.pipeline.Compiler;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A small valid policy repository held in memory, and edits to break it in one precise way. Every
 * check test starts from the same clean repository, so a failing case differs from the passing one
 * by exactly the edit under test.
 */
public final class PolicyFixture {

    public static final String PLATFORM = """
            apiVersion: jig.dev/v1alpha1
            kind: Platform
            metadata:
              name: test
            spec:
              cluster:
                name: test
                region: us-east-1
                zones: [us-east-1a, us-east-1b]
              discovery:
                subnetTags: {karpenter.sh/discovery: test}
                securityGroupTags: {karpenter.sh/discovery: test}
              nodeRole: KarpenterNodeRole-test
              images:
                al2023: al2023@latest
                bottlerocket: bottlerocket@latest
              defaultImage: al2023
              allowed:
                categories: [c, m, r, g]
                generations: {min: 5, max: 8}
                architectures: [amd64, arm64]
                capacityTypes: [on-demand, spot]
                gpus: {names: [l4, a10g], maxPerNode: 8}
              limits:
                cpu: 1000
                memory: 4000Gi
                gpu: 16
              reservations:
                - name: graviton
                  type: SavingsPlan
                  families: [m7g]
                  cpu: 64
                  allocations:
                    - {tenant: alpha, cpu: 32}
              maintenance:
                freezes:
                  - name: weekdays
                    schedule: "0 9 * * 1-5"
                    duration: 8h
                    timeZone: Europe/Berlin
              defaults:
                budgets:
                  - nodes: "10%"
            """;

    public static final String ALPHA = """
            apiVersion: jig.dev/v1alpha1
            kind: Tenant
            metadata:
              name: alpha
            spec:
              namespaces: [alpha, alpha-jobs]
              owners: [alpha@example.com]
              costCenter: CC-1
              isolation: dedicated
              quota: {cpu: 200, memory: 800Gi, gpu: 4}
              pools:
                - name: web
                  capacityTypes: [on-demand, spot]
                  architectures: [amd64, arm64]
                  categories: [c, m]
                  share: 50%
                - name: gpu
                  gpu: {names: [l4]}
                  share: 30%
                  weight: 20
            """;

    public static final String BETA = """
            apiVersion: jig.dev/v1alpha1
            kind: Tenant
            metadata:
              name: beta
            spec:
              namespaces: [beta]
              owners: [beta@example.com]
              costCenter: CC-2
              isolation: shared
              quota: {cpu: 100, memory: 400Gi}
              pools:
                - name: batch
                  capacityTypes: [spot]
                  categories: [c, m, r]
            """;

    private final Map<String, String> files = new LinkedHashMap<>();

    private PolicyFixture() {
        files.put("platform.yaml", PLATFORM);
        files.put("tenants/alpha.yaml", ALPHA);
        files.put("tenants/beta.yaml", BETA);
    }

    public static PolicyFixture valid() {
        return new PolicyFixture();
    }

    /** Replaces one exact snippet in one file; fails the test if the snippet is not there. */
    public PolicyFixture edit(String file, String from, String to) {
        String text = files.get(file);
        assertThat(text).as("fixture file %s", file).isNotNull();
        assertThat(text).as("fixture %s holds the snippet to edit", file).contains(from);
        files.put(file, text.replace(from, to));
        return this;
    }

    public PolicyFixture put(String file, String text) {
        files.put(file, text);
        return this;
    }

    public PolicyFixture remove(String file) {
        files.remove(file);
        return this;
    }

    public List<SourceFile> files() {
        List<SourceFile> out = new ArrayList<>();
        files.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> out.add(new SourceFile(e.getKey(), e.getValue())));
        return out;
    }

    public Compiler.Result compile() {
        return new Compiler(Catalog.bundled()).compile(files(), Optional.of("0123456789abcdef0123456789abcdef01234567"));
    }
}
