package dev.jig.aws.refresh;

import java.time.Instant;

/**
 * Something read from AWS and kept as an immutable snapshot, read again in the background by
 * {@link BackgroundRefresh} once its period has passed. {@link #refreshIfDue} never throws: a failed
 * read keeps the last good snapshot and is reported through the item's {@link Freshness}.
 */
public interface Refreshable {

    /** Reads AWS again when the period since the last attempt has passed at {@code now}. */
    void refreshIfDue(Instant now);
}
