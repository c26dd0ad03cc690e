package dev.jig.compiler.diff;

import java.util.List;

/** An object present in both outputs whose content differs, with its field changes in path order. */
public record ObjectChange(ObjectRef object, List<FieldChange> fields) {

    public ObjectChange {
        fields = List.copyOf(fields);
    }
}
