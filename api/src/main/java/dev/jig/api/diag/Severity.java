package dev.jig.api.diag;

/** How bad a finding is. Errors stop a compile; warnings are reported and make {@code jig lint} fail. */
public enum Severity {
    ERROR, WARNING, NOTE;

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
