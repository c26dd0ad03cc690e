package dev.jig.webhook.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.jig.webhook.admission.AdmissionInput;
import dev.jig.webhook.admission.Decision;
import dev.jig.webhook.admission.WebhookSettings;
import dev.jig.webhook.rules.UnknownResourceException;
import dev.jig.webhook.rules.WebhookRules;
import dev.jig.webhook.tenancy.TenancyView;
import dev.jig.webhook.testing.Acme;
import io.fabric8.kubernetes.api.model.admission.v1.AdmissionReview;
import java.util.Optional;

/**
 * Fuzzes AdmissionReview decoding and every rule behind it with arbitrary bodies. In CI it
 * replays the seed corpus (src/test/resources/.../AdmissionReviewFuzzTestInputs) as a regression
 * test; with {@code JAZZER_FUZZ=1} it searches for new failures. The property: a body is either
 * refused as a bad review with a 4xx status and a message, or decided (validate and mutate) —
 * never any other exception, which the server would turn into a 5xx.
 */
class AdmissionReviewFuzzTest {

    private static final ReviewCodec CODEC = new ReviewCodec();
    private static final WebhookRules RULES = new WebhookRules(WebhookSettings.defaults());
    private static final Optional<TenancyView> VIEW = Optional.of(Acme.view());

    @FuzzTest(maxDuration = "60s")
    void anyBodyIsAClear4xxOrADecision(byte[] body) {
        AdmissionReview review;
        try {
            review = CODEC.decode(body);
        } catch (BadReviewException e) {
            assertThat(e.status()).isBetween(400, 499);
            assertThat(e.getMessage()).isNotBlank();
            return;
        }
        AdmissionInput input = CODEC.input(review.getRequest());
        try {
            Decision validated = RULES.validate(input, VIEW);
            Decision mutated = RULES.mutate(input, VIEW);
            assertThat(validated.allowed() || !validated.message().isBlank()).isTrue();
            assertThat(mutated.patchNode().isArray()).isTrue();
        } catch (UnknownResourceException e) {
            assertThat(e.getMessage()).contains("no rules for resource");
        }
    }
}
