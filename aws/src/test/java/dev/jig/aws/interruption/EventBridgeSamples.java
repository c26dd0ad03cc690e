package dev.jig.aws.interruption;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** The EventBridge events of {@code src/test/resources/interruption}, shaped as AWS documents them. */
public final class EventBridgeSamples {

    private EventBridgeSamples() {
    }

    public static String read(String name) {
        try (InputStream in = EventBridgeSamples.class.getResourceAsStream("/interruption/" + name + ".json")) {
            if (in == null) {
                throw new IllegalArgumentException("no sample " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
