package dev.jig.webhook.server;

import dev.jig.webhook.admission.AdmissionInput;
import dev.jig.webhook.admission.Decision;
import dev.jig.webhook.admission.Finding;
import dev.jig.webhook.metrics.WebhookMetrics;
import dev.jig.webhook.rules.UnknownResourceException;
import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.api.model.admission.v1.AdmissionResponse;
import io.fabric8.kubernetes.api.model.admission.v1.AdmissionReview;
import io.javalin.http.Context;
import io.javalin.http.Handler;
import io.javaoperatorsdk.webhook.admission.AdmissionController;
import io.micrometer.core.instrument.Timer;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One admission endpoint ({@code /validate}, {@code /mutate}): body → {@link ReviewCodec} →
 * rules → AdmissionReview response, through the webhooks framework's {@link AdmissionController}
 * (which answers with the request's uid). The framework's typed {@code Validator}/{@code Mutator}
 * are not used: they see neither the user, nor the subresource, nor the namespace of a binding,
 * and the mutator diffs fabric8's typed model; Jig's rules need the whole request and build their
 * JSON patch on the raw object. Every call is timed and counted by decision; every denial is one
 * structured log line; a malformed body is a 4xx with the reason.
 */
public final class AdmissionEndpoint implements Handler {

    private static final Logger AUDIT = LoggerFactory.getLogger("dev.jig.webhook.audit");

    private final String name;
    private final ReviewCodec codec;
    private final Function<AdmissionInput, Decision> rules;
    private final WebhookMetrics metrics;
    private final Timer timer;

    public AdmissionEndpoint(String name, ReviewCodec codec, Function<AdmissionInput, Decision> rules, WebhookMetrics metrics) {
        this.name = name;
        this.codec = codec;
        this.rules = rules;
        this.metrics = metrics;
        this.timer = metrics.timer(name);
    }

    @Override
    public void handle(Context ctx) {
        long start = System.nanoTime();
        try {
            String type = ctx.contentType();
            if (type == null || !type.toLowerCase(java.util.Locale.ROOT).startsWith("application/json")) {
                throw new BadReviewException(415, "content-type", "content type must be application/json, got '" + type + "'");
            }
            AdmissionReview review = codec.decode(ctx.bodyAsBytes());
            AdmissionInput input = codec.input(review.getRequest());
            Decision[] decided = new Decision[1];
            AdmissionReview answer = new AdmissionController<>(request -> {
                decided[0] = rules.apply(input);
                return response(decided[0]);
            }).handle(review);
            Decision decision = decided[0];
            metrics.decision(name, decision);
            log(input, decision);
            ctx.status(200).contentType("application/json").result(codec.encode(answer));
        } catch (BadReviewException e) {
            metrics.rejected(e.reason());
            ctx.status(e.status()).contentType("application/json").result(error(e.getMessage()));
        } catch (UnknownResourceException e) {
            metrics.rejected("unknown-resource");
            ctx.status(400).contentType("application/json").result(error(e.getMessage()));
        } finally {
            timer.record(System.nanoTime() - start, java.util.concurrent.TimeUnit.NANOSECONDS);
        }
    }

    private static AdmissionResponse response(Decision d) {
        AdmissionResponse r = new AdmissionResponse();
        r.setAllowed(d.allowed());
        if (!d.allowed()) {
            r.setStatus(new StatusBuilder().withStatus("Failure").withCode(403).withReason("Forbidden").withMessage(d.message()).build());
        } else if (d.hasPatch()) {
            r.setPatchType("JSONPatch");
            r.setPatch(Base64.getEncoder().encodeToString(d.patchNode().toString().getBytes(StandardCharsets.UTF_8)));
        }
        if (d.allowed() && !d.notes().isEmpty()) {
            r.setWarnings(d.notes().stream().map(Finding::message).toList());
        }
        return r;
    }

    private void log(AdmissionInput in, Decision d) {
        if (!d.allowed()) {
            AUDIT.atWarn().addKeyValue("event", "denied").addKeyValue("webhook", name).addKeyValue("uid", in.uid())
                    .addKeyValue("operation", in.operation().name()).addKeyValue("resource", in.group() + "/" + in.resourcePath())
                    .addKeyValue("namespace", in.namespace()).addKeyValue("name", in.name()).addKeyValue("user", in.user().username())
                    .addKeyValue("rules", String.join(",", d.ruleIds())).log(d.message());
        }
        for (Finding note : d.notes()) {
            AUDIT.atWarn().addKeyValue("event", "break-glass").addKeyValue("webhook", name).addKeyValue("uid", in.uid())
                    .addKeyValue("operation", in.operation().name()).addKeyValue("resource", in.group() + "/" + in.resourcePath())
                    .addKeyValue("name", in.name()).addKeyValue("user", in.user().username()).addKeyValue("rule", note.rule().id())
                    .log(note.message());
        }
    }

    static String error(String message) {
        return "{\"error\":" + com.fasterxml.jackson.databind.node.TextNode.valueOf(message) + "}";
    }
}
