package dev.jig.compiler.generate;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.api.source.Position;

/**
 * One Kubernetes object Jig emits, with the policy place it comes from (where findings about it
 * point) and the file recorded in its provenance annotation.
 */
public record GeneratedObject(String apiVersion, String kind, String namespace, String name, ObjectNode body,
                              Position origin) {

    public String sourceFile() {
        return origin.file();
    }
}
