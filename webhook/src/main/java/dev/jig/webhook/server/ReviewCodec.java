package dev.jig.webhook.server;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.deser.std.JsonNodeDeserializer;
import com.fasterxml.jackson.databind.type.LogicalType;
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
 * {@link AdmissionInput}. The envelope is fabric8's typed model; the admitted objects are decoded
 * straight into raw JSON trees (a mix-in), never into fabric8's Pod or generic resource classes,
 * so the rules, the content hash and the JSON patch see exactly the bytes the API server sent.
 */
public final class ReviewCodec {

    public static final String API_VERSION = "admission.k8s.io/v1";
    public static final String KIND = "AdmissionReview";

    private final ObjectMapper mapper = new ObjectMapper();

    public ReviewCodec() {
        // fabric8's modules and settings for its model classes...
        new KubernetesSerialization(mapper, true);
        strict(mapper);
        // ...but the admitted objects stay raw JSON trees: no typed model in between, so no field
        // is lost or reshaped, and a pod is parsed once instead of decoded and re-encoded.
        mapper.addMixIn(AdmissionRequest.class, RawObjects.class);
    }

    /**
     * Only JSON as RFC 8259 and the API server write it (with {@link #decode}'s check that one
     * document fills the body, nothing after it but whitespace): no duplicate keys at any depth, no comments, single quotes, unquoted names,
     * {@code NaN}/{@code Infinity}, leading zeros or control characters in strings (Jackson's
     * defaults refuse the last five; this pins them), and no value of the wrong type for a field of
     * the envelope (a number for a uid, a string for {@code dryRun}, a single string for a list):
     * Jackson's scalar coercions are off. A body that two parsers could read differently is refused,
     * never guessed at. Unknown envelope fields are kept (the API server may add some), as fabric8's
     * model does.
     */
    static void strict(ObjectMapper mapper) {
        mapper.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
        mapper.enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY);
        mapper.enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);
        mapper.disable(DeserializationFeature.ACCEPT_SINGLE_VALUE_AS_ARRAY);
        mapper.disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT);
        mapper.disable(MapperFeature.ALLOW_COERCION_OF_SCALARS);
        // a number or boolean where a string belongs (Jackson turns them into text even without scalar coercion)
        for (CoercionInputShape shape : new CoercionInputShape[] {CoercionInputShape.Integer, CoercionInputShape.Float, CoercionInputShape.Boolean}) {
            mapper.coercionConfigFor(LogicalType.Textual).setCoercion(shape, CoercionAction.Fail);
        }
        for (JsonParser.Feature lenient : new JsonParser.Feature[] {JsonParser.Feature.ALLOW_COMMENTS, JsonParser.Feature.ALLOW_YAML_COMMENTS,
                JsonParser.Feature.ALLOW_SINGLE_QUOTES, JsonParser.Feature.ALLOW_UNQUOTED_FIELD_NAMES, JsonParser.Feature.ALLOW_NUMERIC_LEADING_ZEROS,
                JsonParser.Feature.ALLOW_NON_NUMERIC_NUMBERS, JsonParser.Feature.ALLOW_UNQUOTED_CONTROL_CHARS,
                JsonParser.Feature.ALLOW_BACKSLASH_ESCAPING_ANY_CHARACTER, JsonParser.Feature.ALLOW_MISSING_VALUES,
                JsonParser.Feature.ALLOW_TRAILING_COMMA}) {
            mapper.disable(lenient);
        }
    }

    /** Mix-in: {@code object} and {@code oldObject} decode as {@link JsonNode}. */
    abstract static class RawObjects {
        @JsonProperty("object")
        @JsonDeserialize(using = JsonNodeDeserializer.class)
        Object object;

        @JsonProperty("oldObject")
        @JsonDeserialize(using = JsonNodeDeserializer.class)
        Object oldObject;

        @JsonProperty("object")
        @JsonDeserialize(using = JsonNodeDeserializer.class)
        abstract void setObject(Object object);

        @JsonProperty("oldObject")
        @JsonDeserialize(using = JsonNodeDeserializer.class)
        abstract void setOldObject(Object oldObject);
    }

    /** Decodes and checks a body; throws {@link BadReviewException} for anything that is not a review to answer. */
    public AdmissionReview decode(byte[] body) {
        if (body.length == 0) throw new BadReviewException(400, "empty", "empty body: expected an AdmissionReview " + API_VERSION);
        AdmissionReview review;
        try (JsonParser parser = mapper.createParser(body)) {
            review = mapper.readValue(parser, AdmissionReview.class);
            // one document only: FAIL_ON_TRAILING_TOKENS would also fire inside fabric8's nested readers
            if (parser.nextToken() != null) {
                throw new BadReviewException(400, "not-json", "body is not one JSON document: more follows the AdmissionReview at byte "
                        + parser.currentTokenLocation().getByteOffset());
            }
        } catch (IOException | RuntimeException e) {
            if (e instanceof BadReviewException bad) throw bad;
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
        if (write && !isObject(r.getObject())) {
            throw new BadReviewException(400, "no-object", r.getOperation() + " request has no object (a JSON object)");
        }
        if (r.getOperation().equals("UPDATE") && !isObject(r.getOldObject())) {
            throw new BadReviewException(400, "no-object", "UPDATE request has no oldObject (a JSON object)");
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

    private static boolean isObject(Object o) {
        return o instanceof JsonNode n && n.isObject();
    }

    private JsonNode tree(Object object) {
        if (object == null || object instanceof com.fasterxml.jackson.databind.node.NullNode) return null;
        return object instanceof JsonNode node ? node : mapper.valueToTree(object);
    }

    private static String firstLine(Exception e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int nl = m.indexOf('\n');
        m = nl < 0 ? m : m.substring(0, nl);
        return m.length() > 200 ? m.substring(0, 200) + "..." : m;
    }
}
