package dev.jig.controller.simulate;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jig.api.diag.Diagnostic;
import dev.jig.api.diag.Rule;
import dev.jig.api.source.Position;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The port through which {@code simulate} gets the objects of a scenario's {@code policies:}
 * directory: NodePools, EC2NodeClasses and the tenancy ConfigMap, as Jig's compiler emits them. The
 * controller library does not depend on the compiler; the app wires it in.
 */
@FunctionalInterface
public interface PolicyCompiler {

    /** Compiles the policy directory. Findings come back as diagnostics; objects only when there is no error. */
    Compiled compile(Path directory) throws IOException;

    /** One compiled object: its kind and its manifest. */
    record CompiledObject(String kind, JsonNode body) {
    }

    /** The objects and the findings of one compile. */
    record Compiled(List<CompiledObject> objects, List<Diagnostic> diagnostics) {

        public Compiled {
            objects = List.copyOf(objects);
            diagnostics = List.copyOf(diagnostics);
        }

        public boolean hasErrors() {
            return diagnostics.stream().anyMatch(Diagnostic::isError);
        }
    }

    /** For worlds without a compiler: a scenario that names a policy directory is refused with a finding. */
    PolicyCompiler NONE = directory -> new Compiled(List.of(), List.of(Diagnostic.of(Rule.SCENARIO_REFERENCE, Position.ofFile(directory.toString()),
            "this build of simulate cannot compile policy directories", "Give the NodePools and EC2NodeClasses inline, or run `jig-controller simulate`.")));
}
