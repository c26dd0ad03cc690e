package dev.jig.compiler.schedule;

/** A window as Karpenter evaluates it: a cron in UTC and a duration in whole minutes. */
public record UtcWindow(String schedule, long durationMinutes) {
}
