package dev.jig.compiler.schema;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * One raw JSON Schema error (the validator's {@code Error}), detached from the validator library so
 * that pruning and wording are plain functions over data. Not a Karpenter CRD rule's
 * {@link dev.jig.api.karpenter.rules.Violation}: this one is about a policy file against Jig's schema.
 *
 * @param keyword        the failing keyword ({@code type}, {@code required}, ...)
 * @param pointer        JSON Pointer of the instance that failed ({@code /spec/pools/0})
 * @param evaluationPath the schema keywords walked to reach the failing one, {@code $ref} included
 * @param schemaPointer  JSON Pointer, inside the schema document, of the failing keyword
 * @param property       the property a keyword is about ({@code required}, {@code additionalProperties}, ...), or null
 * @param arguments      the keyword's message arguments, as the validator reports them
 * @param instance       the failing instance value
 * @param message        the validator's own message, used when no better wording is known
 */
record SchemaError(String keyword, String pointer, List<String> evaluationPath, String schemaPointer,
                   String property, List<Object> arguments, JsonNode instance, String message) {
}
