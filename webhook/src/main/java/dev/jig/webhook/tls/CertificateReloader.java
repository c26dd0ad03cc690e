package dev.jig.webhook.tls;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Rotates the serving certificate without a restart: polls the PEM files and, when their content
 * changes, loads them and swaps them in through {@link ServingCertificate} (new handshakes use
 * the new certificate, open connections keep theirs). Polling the content rather
 * than watching for file events, because Kubernetes updates a mounted secret by swapping a
 * symlinked directory, which file watchers see unreliably. A half-written or mismatched pair is
 * logged and retried on the next poll; the old certificate keeps serving meanwhile.
 */
public final class CertificateReloader implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(CertificateReloader.class);

    private final Path certFile;
    private final Path keyFile;
    private final ServingCertificate serving;
    private final ScheduledExecutorService timer;
    private byte[] digest;

    /**
     * The serving key store and the digest of exactly the bytes it was built from. Reading the
     * files once for both closes the startup race in which the files were loaded, then rotated,
     * then digested: the digest would name the new pair while the old one served, and no poll
     * would ever see a change to reload.
     */
    public record Snapshot(PemKeyStore keyStore, byte[] digest) {

        /** Reads both files once; fails like {@link PemKeyStore#load} with a message naming the file. */
        public static Snapshot read(Path certFile, Path keyFile) {
            byte[] cert = PemKeyStore.readBytes(certFile, "certificate");
            byte[] key = PemKeyStore.readBytes(keyFile, "private key");
            PemKeyStore store = PemKeyStore.fromPem(new String(cert, StandardCharsets.US_ASCII), new String(key, StandardCharsets.US_ASCII),
                    certFile, keyFile);
            return new Snapshot(store, CertificateReloader.digest(cert, key));
        }
    }

    public CertificateReloader(Path certFile, Path keyFile, ServingCertificate serving, byte[] initialDigest) {
        this.certFile = certFile;
        this.keyFile = keyFile;
        this.serving = serving;
        this.digest = initialDigest;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "tls-reloader");
            t.setDaemon(true);
            return t;
        });
    }

    /** Starts polling every {@code period}. */
    public CertificateReloader start(long period, TimeUnit unit) {
        timer.scheduleWithFixedDelay(this::poll, period, period, unit);
        return this;
    }

    /** Checks the files once; reloads when their content changed. Returns whether it reloaded. */
    public synchronized boolean poll() {
        byte[] now;
        try {
            now = digest(certFile, keyFile);
        } catch (IOException e) {
            serving.failed();
            LOG.atWarn().addKeyValue("event", "tls-reload-failed").log("cannot read TLS files for rotation, keeping the current certificate: {}", e.toString());
            return false;
        }
        if (Arrays.equals(now, digest)) return false;
        try {
            Snapshot snapshot = Snapshot.read(certFile, keyFile);
            serving.swap(snapshot.keyStore(), certFile.toString());
            digest = snapshot.digest();
            return true;
        } catch (Exception e) {
            serving.failed();
            LOG.atWarn().addKeyValue("event", "tls-reload-failed").log("TLS files changed but cannot be loaded, keeping the current certificate: {}", e.getMessage());
            return false;
        }
    }

    public long reloads() {
        return serving.swaps();
    }

    public long failures() {
        return serving.failures();
    }

    /** SHA-256 over both files' content. */
    public static byte[] digest(Path certFile, Path keyFile) throws IOException {
        return digest(Files.readAllBytes(certFile), Files.readAllBytes(keyFile));
    }

    /** SHA-256 over both PEM texts, as {@link #digest(Path, Path)} computes it from the files. */
    public static byte[] digest(byte[] cert, byte[] key) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            md.update(cert);
            md.update(key);
            return md.digest();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
