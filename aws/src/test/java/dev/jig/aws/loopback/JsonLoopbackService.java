package dev.jig.aws.loopback;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.http.Context;

import java.io.IOException;

/**
 * A service of the AWS JSON protocols (1.0 for SQS, 1.1 for SSM): {@code POST /} with
 * {@code X-Amz-Target: <prefix>.<Action>} and a JSON body; results are JSON objects; errors are
 * {@code {"__type": "...", "message": "..."}} with a 4xx or 5xx status.
 */
public abstract class JsonLoopbackService extends LoopbackService {

    protected static final ObjectMapper JSON = new ObjectMapper();

    private final String targetPrefix;
    private final String contentType;

    protected JsonLoopbackService(String targetPrefix, String jsonVersion) {
        this.targetPrefix = targetPrefix + ".";
        this.contentType = "application/x-amz-json-" + jsonVersion;
    }

    @Override
    protected final String action(Context ctx) {
        String target = ctx.header("X-Amz-Target");
        return target != null && target.startsWith(targetPrefix) ? target.substring(targetPrefix.length()) : String.valueOf(target);
    }

    @Override
    protected final void answer(String action, Context ctx) {
        JsonNode request;
        try {
            request = JSON.readTree(ctx.body().isEmpty() ? "{}" : ctx.body());
        } catch (IOException e) {
            throw new Refusal(400, "SerializationException", "Start of structure or map found where not expected.");
        }
        ObjectNode result = perform(action, request);
        ctx.contentType(contentType).result(result.toString());
    }

    /** Performs {@code action} on {@code request} and returns its result. */
    protected abstract ObjectNode perform(String action, JsonNode request);

    @Override
    protected void refuse(AwsError error, Context ctx) {
        ObjectNode body = JSON.createObjectNode().put("__type", errorType(error.code()));
        if (error.message() != null) {
            body.put("message", error.message());
        }
        ctx.contentType(contentType).result(body.toString());
    }

    /** The {@code __type} a service writes for {@code code} (SQS prefixes its namespace). */
    protected String errorType(String code) {
        return code;
    }

    protected static ObjectNode object() {
        return JSON.createObjectNode();
    }

    protected static String text(JsonNode request, String field) {
        JsonNode node = request.get(field);
        if (node == null || node.isNull()) {
            throw new Refusal(400, "ValidationException", "1 validation error detected: Value null at '" + field
                    + "' failed to satisfy constraint: Member must not be null");
        }
        return node.asText();
    }
}
