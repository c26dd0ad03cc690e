/**
 * {@code jig plan}: what a policy change does to placement and cost. {@code workload} reads the pods
 * to replay, {@code engine} compiles nothing itself but schedules the workload against two compiled
 * revisions with the controller's scheduling core and builds the report document (whose shape is
 * {@code policies/schema/plan-report.schema.json}), {@code render} turns that document into text and
 * markdown, {@code cli} is the command.
 */
package dev.jig.plan;
