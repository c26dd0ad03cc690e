package dev.jig.webhook.testing;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.ec2.Catalog;
import dev.jig.compiler.generate.GeneratedObject;
import dev.jig.compiler.pipeline.Compiler;
import dev.jig.compiler.source.DirectorySourceTree;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** A policy directory compiled by the real compiler, and fresh copies of the objects it emits. */
record CompiledObjects(List<GeneratedObject> objects) {

    /** Compiles {@code policies}; a policy that does not compile fails the test run at once. */
    static CompiledObjects of(Path policies) {
        try {
            var result = new Compiler(Catalog.bundled()).compile(new DirectorySourceTree(policies).files(), Optional.empty());
            if (result.hasErrors()) throw new IllegalStateException(policies + " does not compile: " + result.diagnostics());
            return new CompiledObjects(result.objects());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A fresh copy of a compiled object. */
    ObjectNode object(String kind, String name) {
        return objects.stream().filter(o -> o.kind().equals(kind) && o.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(kind + " " + name)).body().deepCopy();
    }

    /** Fresh copies of every compiled object of a kind. */
    List<ObjectNode> all(String kind) {
        return objects.stream().filter(o -> o.kind().equals(kind)).map(o -> o.body().deepCopy()).toList();
    }
}
