package dev.jig.api;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * The build's version, the one every program prints for {@code --version} ({@code jig}, {@code jig-controller},
 * {@code jig-webhook}): Maven writes it into {@code version.properties} when it builds this module, so the three
 * programs of one build always agree, whatever jar or classpath they run from.
 */
public final class Version {

    private static final String CURRENT = read();

    private Version() {
    }

    /** {@code 0.1.0-SNAPSHOT}, {@code 1.2.3}. */
    public static String current() {
        return CURRENT;
    }

    private static String read() {
        try (InputStream in = Version.class.getResourceAsStream("version.properties")) {
            if (in == null) throw new IllegalStateException("version.properties is missing from the api module's resources");
            Properties p = new Properties();
            p.load(in);
            String v = p.getProperty("version", "");
            if (v.isEmpty() || v.contains("${")) throw new IllegalStateException("version.properties was not filtered by the build: '" + v + "'");
            return v;
        } catch (IOException e) {
            throw new IllegalStateException("reading version.properties", e);
        }
    }
}
