package dev.jig.compiler.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jig.api.ec2.Catalog;
import dev.jig.api.karpenter.rules.KarpenterRules;
import dev.jig.api.source.SourceFile;
import dev.jig.compiler.generate.GeneratedObject;
import dev.jig.compiler.pipeline.Compiler;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The benchmark's 1,000-tenant repository compiles cleanly and every object it emits passes the CRD rules. */
class SyntheticRepoTest {

    @Test
    void aThousandTenantsCompileCleanlyToConformingObjects() {
        List<SourceFile> files = SyntheticRepo.policies(1000).entrySet().stream()
                .map(e -> new SourceFile(e.getKey(), e.getValue())).toList();
        Compiler.Result r = new Compiler(Catalog.bundled()).compile(files, Optional.empty());
        assertThat(r.diagnostics()).isEmpty();
        assertThat(r.objects().stream().filter(o -> o.kind().equals("NodePool"))).hasSize(3000);
        assertThat(r.objects().stream().filter(o -> o.kind().equals("EC2NodeClass"))).hasSize(1000);
        for (GeneratedObject o : r.objects()) {
            if (o.kind().equals("NodePool") || o.kind().equals("EC2NodeClass")) {
                assertThat(KarpenterRules.validate(o.body())).as(o.name()).isEmpty();
            }
        }
    }
}
