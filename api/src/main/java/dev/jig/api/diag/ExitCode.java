package dev.jig.api.diag;

/**
 * The exit codes of every Jig program ({@code jig}, {@code jig-controller}, {@code jig-webhook}). CI
 * gates, git hooks and the ArgoCD plugin tell findings from broken input by them.
 */
public final class ExitCode {

    /** Clean: nothing to report. */
    public static final int OK = 0;
    /** The input was read and judged, and something is wrong with it (lint findings, a failed expectation). */
    public static final int FINDINGS = 1;
    /** The program could not do its job: bad usage, unreadable input, an unreachable API server, an I/O error. */
    public static final int USAGE = 2;

    private ExitCode() {
    }
}
