package dev.jig.compiler.schema;

import dev.jig.api.source.SourceFile;
import dev.jig.api.yaml.LoadedDocument;
import dev.jig.api.yaml.YamlLoader;

/** Test fixtures: small valid policies, and a loader that fails loudly on YAML errors. */
final class Policies {

    static final String TENANT = """
            apiVersion: jig.dev/v1alpha1
            kind: Tenant
            metadata:
              name: payments
            spec:
              namespaces: [payments, payments-jobs]
              owners: [payments-team@acme.example]
              costCenter: CC-1042
              isolation: dedicated
              quota:
                cpu: 800
                memory: 3200Gi
              pools:
                - name: web
                  capacityTypes: [spot, on-demand]
                  share: 60%
                  weight: 20
            """;

    static final String PLATFORM = """
            apiVersion: jig.dev/v1alpha1
            kind: Platform
            metadata:
              name: acme-prod
            spec:
              cluster:
                name: acme-prod
                region: us-east-1
                zones: [us-east-1a, us-east-1b]
              discovery:
                subnetTags: {karpenter.sh/discovery: acme-prod}
                securityGroupTags: {karpenter.sh/discovery: acme-prod}
              nodeRole: KarpenterNodeRole-acme-prod
              images:
                al2023: al2023@latest
              defaultImage: al2023
            """;

    private Policies() {
    }

    static LoadedDocument load(String path, String yaml) {
        YamlLoader.Result result = new YamlLoader().load(new SourceFile(path, yaml));
        return result.document().orElseThrow(() -> new AssertionError("fixture does not load: " + result.diagnostics()));
    }
}
