/**
 * Reading AWS off the callers' threads: {@link dev.jig.aws.refresh.Refreshable} snapshots, the one
 * {@link dev.jig.aws.refresh.BackgroundRefresh} thread that refreshes them when due on the injected
 * clock, and {@link dev.jig.aws.refresh.Freshness}, which tells (log, metrics) how old the snapshot in
 * use is when a refresh fails. An adapter package: it owns a thread and registers meters.
 */
package dev.jig.aws.refresh;
