package dev.jig.webhook.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jig.webhook.admission.AdmissionInput;
import dev.jig.webhook.admission.AdmissionInput.Principal;
import dev.jig.webhook.admission.Operation;
import io.fabric8.kubernetes.api.model.GroupVersionKind;
import io.fabric8.kubernetes.api.model.GroupVersionResource;
import io.fabric8.kubernetes.api.model.admission.v1.AdmissionRequest;
import io.fabric8.kubernetes.api.model.admission.v1.AdmissionReview;
import io.fabric8.kubernetes.api.model.authentication.UserInfo;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.IOException;

/**
 * Decodes AdmissionReview v1 bodies with fabric8's model classes (the types the webhooks
 * framework works on) and checks the envelope strictly: a JSON object of apiVersion
 * {@code admission.k8s.io/v1} and kind {@code AdmissionReview}, with a {@code request} that has a
 * uid, an operation, a kind, a resource and, for CREATE and UPDATE, an object. Anything else is a
 * {@link BadReviewException} naming what is wrong. Then it turns the request into the core's
 * {@link AdmissionInput}, with the objects as raw JSON trees (fabric8 keeps fields its model does
 * not know in {@code additionalProperties}, so nothing is lost on the way).
 */
public final class ReviewCodec {

    public static final String API_VERSION = "admission.k8s.io/v1";
    public static final String KIND = "AdmissionReview";

    private final ObjectMapper mapper = new ObjectMapper();

    public ReviewCodec() {
        // configures the mapper with fabric8's resource registry (typed objects) and its modules
        new KubernetesSerialization(mapper, true);
    }

    /** Decodes and checks a body; throws {@link BadReviewException} for anything that is not a review to answer. */
    public AdmissionReview decode(byte[] body) {
        if (body.length == 0) throw new BadReviewException(400, "empty", "empty body: expected an AdmissionReview " + API_VERSION);
        AdmissionReview review;
        try {
            review = mapper.readValue(body, AdmissionReview.class);
        } catch (IOException | RuntimeException e) {
            throw new BadReviewException(400, "not-json", "body is not an AdmissionReview " + API_VERSION + " JSON document: " + firstLine(e));
        }
        if (review == null) throw new BadReviewException(400, "not-json", "body is JSON null, not an AdmissionReview");
        if (!API_VERSION.equals(review.getApiVersion()) || !KIND.equals(review.getKind())) {
            throw new BadReviewException(400, "wrong-kind", "expected apiVersion " + API_VERSION + " kind " + KIND + ", got apiVersion '"
                    + review.getApiVersion() + "' kind '" + review.getKind() + "'; configure admissionReviewVersions: [v1]");
        }
        AdmissionRequest r = review.getRequest();
        if (r == null) throw new BadReviewException(400, "no-request", "AdmissionReview has no request");
        if (r.getUid() == null || r.getUid().isBlank()) throw new BadReviewException(400, "no-uid", "AdmissionReview request has no uid");
        if (r.getOperation() == null) throw new BadReviewException(400, "no-operation", "request has no operation");
        try {
            Operation.valueOf(r.getOperation());
        } catch (IllegalArgumentException e) {
            throw new BadReviewException(400, "bad-operation", "unknown operation '" + r.getOperation() + "'");
        }
        if (r.getKind() == null || r.getResource() == null || r.getResource().getResource() == null) {
            throw new BadReviewException(400, "no-resource", "request has no kind or resource");
        }
        boolean write = r.getOperation().equals("CREATE") || r.getOperation().equals("UPDATE");
        if (write && r.getObject() == null) throw new BadReviewException(400, "no-object", r.getOperation() + " request has no object");
        if (r.getOperation().equals("UPDATE") && r.getOldObject() == null) {
            throw new BadReviewException(400, "no-object", "UPDATE request has no oldObject");
        }
        return review;
    }

    /** The core's view of a decoded request. */
    public AdmissionInput input(AdmissionRequest r) {
        GroupVersionKind kind = r.getKind();
        GroupVersionResource resource = r.getResource();
        UserInfo user = r.getUserInfo();
        Principal principal = user == null ? new Principal("", null) : new Principal(user.getUsername(), user.getGroups());
        return new AdmissionInput(r.getUid(), Operation.valueOf(r.getOperation()), resource.getGroup(), kind.getKind(),
                resource.getResource(), r.getSubResource(), r.getNamespace(), r.getName(), principal, tree(r.getObject()), tree(r.getOldObject()));
    }

    /** Serialises a response review. */
    public byte[] encode(AdmissionReview review) {
        try {
            return mapper.writeValueAsBytes(review);
        } catch (IOException e) {
            throw new IllegalStateException("cannot encode AdmissionReview", e);
        }
    }

    private JsonNode tree(Object object) {
        return object == null ? null : mapper.valueToTree(object);
    }

    private static String firstLine(Exception e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int nl = m.indexOf('\n');
        m = nl < 0 ? m : m.substring(0, nl);
        return m.length() > 200 ? m.substring(0, 200) + "..." : m;
    }
}
