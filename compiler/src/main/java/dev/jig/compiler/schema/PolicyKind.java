package dev.jig.compiler.schema;

import java.util.Optional;

/** The kinds of policy document, each with the JSON Schema that describes it. */
public enum PolicyKind {
    PLATFORM("Platform", "platform.schema.json"),
    TENANT("Tenant", "tenant.schema.json");


    private final String kindName;
    private final String schemaFile;

    PolicyKind(String kindName, String schemaFile) {
        this.kindName = kindName;
        this.schemaFile = schemaFile;
    }

    /** The value of the document's {@code kind} field. */
    public String kindName() {
        return kindName;
    }

    /** The schema's file name under {@code policies/schema/} and the classpath folder {@code dev/jig/compiler/schema/}. */
    public String schemaFile() {
        return schemaFile;
    }

    /** The kind named by a {@code kind} value; case-sensitive, as Kubernetes kinds are. */
    public static Optional<PolicyKind> of(String kindName) {
        for (PolicyKind k : values()) {
            if (k.kindName.equals(kindName)) return Optional.of(k);
        }
        return Optional.empty();
    }
}
