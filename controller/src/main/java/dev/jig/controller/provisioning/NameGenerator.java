package dev.jig.controller.provisioning;

import java.util.Random;

/**
 * NodeClaim names as Karpenter makes them: the pool name and five random lower-case letters and
 * digits. The random source is injected, so a simulation with a fixed seed names its NodeClaims the
 * same way every run.
 */
public final class NameGenerator {

    private static final char[] ALPHABET = "bcdfghjklmnpqrstvwxz2456789".toCharArray();
    private final Random random;

    public NameGenerator(Random random) {
        this.random = random;
    }

    public synchronized String next(String pool) {
        StringBuilder s = new StringBuilder(pool).append('-');
        for (int i = 0; i < 5; i++) s.append(ALPHABET[random.nextInt(ALPHABET.length)]);
        return s.toString();
    }
}
