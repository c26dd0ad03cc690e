package dev.jig.controller.app;

import dev.jig.api.ec2.Catalog;
import dev.jig.compiler.pipeline.Compiler;
import dev.jig.compiler.source.DirectorySourceTree;
import dev.jig.controller.simulate.PolicyCompiler;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/** {@code simulate}'s {@link PolicyCompiler} port, served by Jig's compiler. */
final class CompilerPolicies implements PolicyCompiler {

    private final Catalog catalog;

    CompilerPolicies(Catalog catalog) {
        this.catalog = catalog;
    }

    @Override
    public Compiled compile(Path directory) throws IOException {
        Compiler.Result r = new Compiler(catalog).compile(new DirectorySourceTree(directory).files(), Optional.empty());
        return new Compiled(r.hasErrors() ? java.util.List.of()
                : r.objects().stream().map(o -> new CompiledObject(o.kind(), o.body())).toList(), r.diagnostics());
    }
}
