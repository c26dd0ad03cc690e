package dev.jig.aws.loopback;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * SSM on loopback, in its AWS JSON 1.1 protocol ({@code X-Amz-Target: AmazonSSM.GetParameter}): a
 * parameter store the test fills, answering {@code GetParameter} with the real result shape, and
 * {@code ParameterNotFound} (HTTP 400, no message, as SSM answers) for a name it does not hold.
 */
public final class LoopbackSsm extends JsonLoopbackService {

    private final Map<String, String> parameters = new ConcurrentHashMap<>();
    private final Map<String, Integer> versions = new ConcurrentHashMap<>();

    public LoopbackSsm() {
        super("AmazonSSM", "1.1");
    }

    /** Stores (or updates, bumping its version) a String parameter. */
    public LoopbackSsm put(String name, String value) {
        parameters.put(name, value);
        versions.merge(name, 1, Integer::sum);
        return this;
    }

    @Override
    protected ObjectNode perform(String action, JsonNode request) {
        if (!action.equals("GetParameter")) {
            throw new Refusal(400, "UnknownOperationException", null);
        }
        String name = text(request, "Name");
        String value = parameters.get(name);
        if (value == null) {
            throw new Refusal(400, "ParameterNotFound", null);
        }
        ObjectNode parameter = object()
                .put("ARN", "arn:aws:ssm:us-east-1::parameter" + name)
                .put("DataType", "text")
                .put("LastModifiedDate", 1.7321184E9)
                .put("Name", name)
                .put("Type", "String")
                .put("Value", value)
                .put("Version", versions.get(name));
        ObjectNode result = object();
        result.set("Parameter", parameter);
        return result;
    }
}
