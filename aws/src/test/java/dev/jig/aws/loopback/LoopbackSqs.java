package dev.jig.aws.loopback;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.http.Context;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * SQS on loopback, in its AWS JSON 1.0 protocol ({@code X-Amz-Target: AmazonSQS.ReceiveMessage}):
 * {@code GetQueueUrl}, {@code GetQueueAttributes} (the ARN and the policy {@link #policy} sets), {@code SendMessage}, {@code ReceiveMessage} with long polling and visibility
 * ({@code ChangeMessageVisibility} extends it),
 * timeouts, {@code DeleteMessage}. Answers carry the MD5 digests the SDK checks; errors carry SQS's
 * {@code __type} and its {@code x-amzn-query-error} header ({@code QueueDoesNotExist} is
 * {@code AWS.SimpleQueueService.NonExistentQueue;Sender}).
 */
public final class LoopbackSqs extends JsonLoopbackService {

    private static final int DEFAULT_VISIBILITY_SECONDS = 30;

    private static final class Stored {
        final String id = UUID.randomUUID().toString();
        final String body;
        final long sent = System.currentTimeMillis();
        long visibleAt;
        int receives;
        String handle;

        Stored(String body) {
            this.body = body;
        }
    }

    private final Map<String, List<Stored>> queues = new LinkedHashMap<>();
    private final Map<String, String> policies = new LinkedHashMap<>();

    public LoopbackSqs() {
        super("AmazonSQS", "1.0");
    }

    /** Creates queue {@code name}. */
    public synchronized LoopbackSqs createQueue(String name) {
        queues.putIfAbsent(name, new ArrayList<>());
        return this;
    }

    /** Sets the access policy of queue {@code name} (the JSON document GetQueueAttributes answers). */
    public synchronized LoopbackSqs policy(String name, String policy) {
        queue(name);
        policies.put(name, policy);
        return this;
    }

    /** Deletes queue {@code name} and its messages. */
    public synchronized void deleteQueue(String name) {
        queues.remove(name);
    }

    /** How many messages {@code name} holds, visible or not. */
    public synchronized int depth(String name) {
        return queues.get(name).size();
    }

    /** How many times each message still on {@code name} was received. */
    public synchronized List<Integer> receiveCounts(String name) {
        return queues.get(name).stream().map(m -> m.receives).toList();
    }

    @Override
    protected ObjectNode perform(String action, JsonNode request) {
        return switch (action) {
            case "GetQueueUrl" -> getQueueUrl(request);
            case "SendMessage" -> send(request);
            case "ReceiveMessage" -> receive(request);
            case "DeleteMessage" -> delete(request);
            case "ChangeMessageVisibility" -> changeVisibility(request);
            case "GetQueueAttributes" -> attributes(request);
            default -> throw new Refusal(400, "UnsupportedOperation", "Action " + action + " is not supported by the loopback SQS.");
        };
    }

    @Override
    protected void refuse(AwsError error, Context ctx) {
        String legacy = error.code().equals("QueueDoesNotExist") ? "AWS.SimpleQueueService.NonExistentQueue" : error.code();
        ctx.header("x-amzn-query-error", legacy + ";" + (error.status() >= 500 ? "Receiver" : "Sender"));
        super.refuse(error, ctx);
    }

    @Override
    protected String errorType(String code) {
        return "com.amazonaws.sqs#" + code;
    }

    private synchronized ObjectNode getQueueUrl(JsonNode request) {
        String name = text(request, "QueueName");
        queue(name);
        return object().put("QueueUrl", endpoint() + "/" + ACCOUNT + "/" + name);
    }

    private synchronized ObjectNode attributes(JsonNode request) {
        String name = nameOf(request);
        queue(name);
        ObjectNode result = object();
        ObjectNode attributes = result.putObject("Attributes");
        attributes.put("QueueArn", "arn:aws:sqs:us-east-1:" + ACCOUNT + ":" + name);
        String policy = policies.get(name);
        if (policy != null) attributes.put("Policy", policy);
        return result;
    }

    private synchronized ObjectNode send(JsonNode request) {
        Stored message = new Stored(text(request, "MessageBody"));
        queue(nameOf(request)).add(message);
        notifyAll();
        return object().put("MD5OfMessageBody", md5(message.body)).put("MessageId", message.id);
    }

    private synchronized ObjectNode receive(JsonNode request) {
        String name = nameOf(request);
        int max = request.path("MaxNumberOfMessages").asInt(1);
        int wait = request.path("WaitTimeSeconds").asInt(0);
        int visibility = request.path("VisibilityTimeout").asInt(DEFAULT_VISIBILITY_SECONDS);
        if (max < 1 || max > 10) {
            throw new Refusal(400, "InvalidParameterValue", "Value " + max + " for parameter MaxNumberOfMessages is invalid. Reason: Must be between 1 and 10, if provided.");
        }
        if (wait < 0 || wait > 20) {
            throw new Refusal(400, "InvalidParameterValue", "Value " + wait + " for parameter WaitTimeSeconds is invalid. Reason: Must be >= 0 and <= 20, if provided.");
        }
        long deadline = System.currentTimeMillis() + wait * 1000L;
        List<Stored> taken = take(queue(name), max, visibility);
        while (taken.isEmpty() && System.currentTimeMillis() < deadline) {
            try {
                wait(Math.max(1, Math.min(deadline - System.currentTimeMillis(), 100)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            taken = take(queue(name), max, visibility);
        }
        ObjectNode result = object();
        if (!taken.isEmpty()) {
            ArrayNode messages = result.putArray("Messages");
            for (Stored m : taken) {
                ObjectNode out = messages.addObject().put("MessageId", m.id).put("ReceiptHandle", m.handle)
                        .put("MD5OfBody", md5(m.body)).put("Body", m.body);
                out.putObject("Attributes").put("SentTimestamp", Long.toString(m.sent))
                        .put("ApproximateReceiveCount", Integer.toString(m.receives));
            }
        }
        return result;
    }

    private synchronized ObjectNode delete(JsonNode request) {
        List<Stored> queue = queue(nameOf(request));
        String handle = text(request, "ReceiptHandle");
        if (!handle.startsWith("AQEB")) {
            throw new Refusal(400, "ReceiptHandleIsInvalid", "The input receipt handle \"" + handle + "\" is not a valid receipt handle.");
        }
        // like SQS, a stale or repeated handle is not an error: the call succeeds and changes nothing
        queue.removeIf(m -> handle.equals(m.handle));
        return object();
    }

    /** As SQS: only the newest handle of a message in flight (received and still hidden) can change it. */
    private synchronized ObjectNode changeVisibility(JsonNode request) {
        String handle = text(request, "ReceiptHandle");
        int seconds = request.path("VisibilityTimeout").asInt(-1);
        if (seconds < 0 || seconds > 43_200) {
            throw new Refusal(400, "InvalidParameterValue", "Value " + seconds + " for parameter VisibilityTimeout is invalid. Reason: Must be >= 0 and <= 43200.");
        }
        long now = System.currentTimeMillis();
        Stored message = queue(nameOf(request)).stream().filter(m -> handle.equals(m.handle)).findFirst().orElseThrow(() -> new Refusal(400,
                "ReceiptHandleIsInvalid", "The input receipt handle \"" + handle + "\" is not a valid receipt handle."));
        if (message.visibleAt <= now) {
            throw new Refusal(400, "MessageNotInflight", "Value " + handle + " for parameter ReceiptHandle is invalid. Reason: Message does not exist or is not available for visibility timeout change.");
        }
        message.visibleAt = now + seconds * 1000L;
        return object();
    }

    private static List<Stored> take(List<Stored> queue, int max, int visibility) {
        long now = System.currentTimeMillis();
        List<Stored> taken = new ArrayList<>();
        for (Stored m : queue) {
            if (taken.size() == max) {
                break;
            }
            if (m.visibleAt <= now) {
                m.visibleAt = now + visibility * 1000L;
                m.receives++;
                m.handle = "AQEB" + UUID.randomUUID().toString().replace("-", "");
                taken.add(m);
            }
        }
        return taken;
    }

    private List<Stored> queue(String name) {
        List<Stored> queue = queues.get(name);
        if (queue == null) {
            throw new Refusal(400, "QueueDoesNotExist", "The specified queue does not exist.");
        }
        return queue;
    }

    private static String nameOf(JsonNode request) {
        String url = text(request, "QueueUrl");
        return url.substring(url.lastIndexOf('/') + 1);
    }

    private static String md5(String body) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(body.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
