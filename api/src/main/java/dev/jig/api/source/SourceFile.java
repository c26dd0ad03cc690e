package dev.jig.api.source;

/** One policy file: its path relative to the policy repository root ('/' separated) and its text. */
public record SourceFile(String path, String text) {
}
