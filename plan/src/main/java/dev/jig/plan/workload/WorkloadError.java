package dev.jig.plan.workload;

/**
 * A workload file that cannot be read, located: {@code file:line:col} for YAML and for JSON syntax,
 * {@code file#/json/pointer} for a JSON value. The command prints {@link #getMessage()} and exits 2.
 */
public final class WorkloadError extends Exception {

    private final String location;
    private final String reason;

    public WorkloadError(String location, String reason) {
        super(location + ": error: " + reason);
        this.location = location;
        this.reason = reason;
    }

    /** Where: {@code file:line:col} or {@code file#/pointer}. */
    public String location() {
        return location;
    }

    /** What, without the location. */
    public String reason() {
        return reason;
    }
}
