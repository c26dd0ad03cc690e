/**
 * The policy JSON Schemas ({@code policies/schema/*.schema.json}, bundled on the classpath) and
 * the one checker that turns schema violations into located, readable {@link dev.jig.api.diag.Diagnostic}s
 * ({@link dev.jig.compiler.schema.DocumentSchema}): rule {@link dev.jig.api.diag.Rule#SCHEMA} for
 * policies, and whatever rule another caller names ({@code jig-controller simulate} checks scenarios
 * with it, rule {@link dev.jig.api.diag.Rule#SCENARIO_SCHEMA}).
 */
package dev.jig.compiler.schema;
