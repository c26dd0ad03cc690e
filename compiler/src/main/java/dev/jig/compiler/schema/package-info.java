/**
 * The policy JSON Schemas ({@code policies/schema/*.schema.json}, bundled on the classpath) and
 * the checker that turns schema violations into located, readable {@link dev.jig.api.diag.Diagnostic}s
 * with rule {@link dev.jig.api.diag.Rule#SCHEMA}.
 */
package dev.jig.compiler.schema;
