package dev.jig.webhook.tls;

import java.security.cert.X509Certificate;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one place the running HTTPS server's certificate changes: swaps a key store into Jetty's
 * {@link SslContextFactory} so that new handshakes present it while open connections keep theirs —
 * no restart. Both certificate sources use it: the PEM files ({@link CertificateReloader}) and the
 * self-managed Secret. It counts swaps and failed attempts for {@code /metrics}.
 */
public final class ServingCertificate {

    private static final Logger LOG = LoggerFactory.getLogger(ServingCertificate.class);

    private final SslContextFactory.Server ssl;
    private final AtomicLong swaps = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();
    private volatile List<X509Certificate> chain;

    /** A Jetty TLS factory serving {@code initial}. */
    public ServingCertificate(PemKeyStore initial) {
        this.ssl = new SslContextFactory.Server();
        ssl.setKeyStore(initial.keyStore());
        ssl.setKeyStorePassword(new String(initial.password()));
        ssl.setIncludeProtocols("TLSv1.3", "TLSv1.2");
        this.chain = initial.chain();
    }

    /** The factory to build the server's TLS connector with. */
    public SslContextFactory.Server sslContextFactory() {
        return ssl;
    }

    /** Serves {@code next} from the next handshake on; {@code source} says where it came from in the log line. */
    public synchronized void swap(PemKeyStore next, String source) throws Exception {
        ssl.reload(f -> {
            f.setKeyStore(next.keyStore());
            f.setKeyStorePassword(new String(next.password()));
        });
        chain = next.chain();
        swaps.incrementAndGet();
        X509Certificate leaf = next.chain().get(0);
        LOG.atInfo().addKeyValue("event", "tls-reloaded").addKeyValue("source", source)
                .addKeyValue("subject", leaf.getSubjectX500Principal().getName())
                .addKeyValue("serial", leaf.getSerialNumber().toString(16))
                .addKeyValue("notAfter", leaf.getNotAfter().toInstant().toString()).log("serving certificate reloaded");
    }

    /** Counts an attempt to renew or reload that failed; the current certificate keeps serving. */
    public void failed() {
        failures.incrementAndGet();
    }

    /** The chain served now, leaf first. */
    public List<X509Certificate> chain() {
        return chain;
    }

    public long swaps() {
        return swaps.get();
    }

    public long failures() {
        return failures.get();
    }
}
