package dev.jig.webhook.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jig.webhook.admission.AdmissionInput;
import dev.jig.webhook.admission.Operation;
import dev.jig.webhook.testing.Acme;
import dev.jig.webhook.testing.Pods;
import dev.jig.webhook.testing.Requests;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ReviewCodecTest {

    private final ReviewCodec codec = new ReviewCodec();

    @Test
    void admittedObjectReachesTheRulesByteForByteIncludingFieldsNoModelKnows() {
        ObjectNode pod = Pods.with(Pods.pod("storefront", "p"), "{\"futureScheduling\":{\"gate\":\"x\"},\"tolerations\":[]}");
        AdmissionInput original = Requests.binding("storefront", "p", "n");
        String body = Requests.review(Requests.pod(Operation.CREATE, pod, null));
        AdmissionInput in = codec.input(codec.decode(body.getBytes(StandardCharsets.UTF_8)).getRequest());
        assertThat(in.object()).isEqualTo(pod);
        assertThat(in.oldObject().isMissingNode()).isTrue();
        assertThat(in.user()).isEqualTo(Requests.DEVELOPER);
        assertThat(in.resourcePath()).isEqualTo("pods");
        AdmissionInput binding = codec.input(codec.decode(Requests.review(original).getBytes(StandardCharsets.UTF_8)).getRequest());
        assertThat(binding.subResource()).isEqualTo("binding");
        assertThat(binding.object()).isEqualTo(original.object());
    }

    @Test
    void objectThatIsNotAJsonObjectIsABadReview() {
        ObjectNode review = Acme.parse(Requests.review(Requests.pod(Operation.CREATE, Pods.pod("a", "b"), null)));
        ((ObjectNode) review.get("request")).putArray("object").add(1);
        assertThatThrownBy(() -> codec.decode(review.toString().getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(BadReviewException.class).hasMessageContaining("has no object (a JSON object)");
    }
}
