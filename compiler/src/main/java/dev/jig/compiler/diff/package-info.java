/**
 * Compiled-output diffing between two revisions: object and field changes, per-tenant limit
 * totals, and text or markdown rendering for terminals and pull-request comments. Pure: no git,
 * no files.
 */
package dev.jig.compiler.diff;
