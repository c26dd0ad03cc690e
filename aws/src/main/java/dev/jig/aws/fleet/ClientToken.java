package dev.jig.aws.fleet;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The CreateFleet client token of one launch attempt of a NodeClaim. EC2 refuses tokens longer than
 * 64 characters, and NodeClaim names may be 253, so the token is a hash of the name and of the attempt
 * (each attempt after capacity errors asks EC2 afresh). The same NodeClaim and attempt give the same
 * token after a restart, so EC2 answers with the instance it already launched instead of a second one.
 * The creation time is left out on purpose: the API server keeps it to the second, so a NodeClaim read
 * back after a restart would get another token than the one it launched with. NodeClaim names carry a
 * random suffix, so a name is not reused within the hours EC2 remembers a token.
 */
public final class ClientToken {

    /** EC2's limit on a client token's length. */
    public static final int MAX_LENGTH = 64;

    private ClientToken() {
    }

    /** {@code jig-} and 40 hex digits of SHA-256 over the name and attempt. */
    public static String of(String nodeClaim, int attempt) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest((nodeClaim + "\n" + attempt).getBytes(StandardCharsets.UTF_8));
            return "jig-" + HexFormat.of().formatHex(digest, 0, 20);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
