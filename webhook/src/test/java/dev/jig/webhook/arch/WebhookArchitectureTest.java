package dev.jig.webhook.arch;

import com.tngtech.archunit.core.domain.JavaClasses;
import dev.jig.api.arch.Layering;
import org.junit.jupiter.api.Test;

/**
 * An admission rule is a pure function of (request, tenancy view): Javalin, TLS, metrics and the
 * informers that keep the view are adapters around the rules.
 */
class WebhookArchitectureTest {

    private static final String[] CORE = {
        "dev.jig.webhook.admission..", "dev.jig.webhook.tenancy..", "dev.jig.webhook.pod..", "dev.jig.webhook.namespace..",
        "dev.jig.webhook.node..", "dev.jig.webhook.pool..", "dev.jig.webhook.rules..",
    };
    private static final JavaClasses WEBHOOK = Layering.mainClasses("dev.jig.webhook");

    @Test
    void theRulesImportNoAdapterLibraryNorTheWebhooksAdapters() {
        String[] forbidden = Layering.adaptersAnd("dev.jig.webhook.server..", "dev.jig.webhook.kube..", "dev.jig.webhook.tls..", "dev.jig.webhook.metrics..");
        Layering.coreImportsNone(CORE, forbidden).check(WEBHOOK);
    }

    @Test
    void theRulesReadNoWallClock() {
        Layering.coreReadsNoWallClock(CORE).check(WEBHOOK);
    }
}
