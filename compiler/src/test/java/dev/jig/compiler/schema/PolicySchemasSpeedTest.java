package dev.jig.compiler.schema;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jig.api.yaml.LoadedDocument;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A compile of a large repository validates every file: 1,000 tenants must take well under half a
 * second once the schemas are compiled. The bound is loose so that a busy CI machine passes;
 * a regression that recompiles schemas per document or walks them per finding is far slower.
 */
class PolicySchemasSpeedTest {

    @Test
    void thousandTenantsValidateWellUnderHalfASecond() {
        PolicySchemas schemas = PolicySchemas.bundled();
        List<LoadedDocument> documents = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            documents.add(Policies.load("tenants/t" + i + ".yaml", Policies.TENANT.replace("name: payments", "name: t" + i)));
        }
        schemas.validate(documents.get(0));
        long start = System.nanoTime();
        int findings = 0;
        for (LoadedDocument d : documents) findings += schemas.validate(d).size();
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertThat(findings).isZero();
        assertThat(millis).as("milliseconds for 1,000 tenants").isLessThan(500);
    }
}
