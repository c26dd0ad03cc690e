package dev.jig.aws.loopback;

import io.javalin.http.Context;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * EC2's Query API on loopback, for pointing the real AWS SDK at ({@code endpointOverride}): form
 * POSTs with {@code Action=…}, answered in EC2's XML shapes ({@code <ActionResponse>} with a request
 * id, or {@code <Response><Errors>} with EC2's error codes and HTTP status). Each action is an
 * {@link Ec2Action} registered with {@link #on}, so a test can add or replace one. State lives in
 * the {@link Ec2World}; faults come from its {@link Faults} (and, as for every
 * {@link LoopbackService}, from {@link #failNext}).
 */
public final class LoopbackEc2 extends LoopbackService {

    private static final String NS = "http://ec2.amazonaws.com/doc/2016-11-15/";

    private final Ec2World world;
    private final Map<String, Ec2Action> actions = new ConcurrentHashMap<>();

    public LoopbackEc2(Ec2World world) {
        this.world = world;
        new DescribeActions(world).register(this);
        new LaunchActions(world).register(this);
    }

    /** Serves {@code action} with {@code handler}, replacing any earlier one. */
    public LoopbackEc2 on(String action, Ec2Action handler) {
        actions.put(action, handler);
        return this;
    }

    public URI uri() {
        return endpoint();
    }

    public Ec2World world() {
        return world;
    }

    @Override
    protected String action(Context ctx) {
        String action = ctx.formParam("Action");
        return action == null ? "" : action;
    }

    @Override
    protected void answer(String action, Context ctx) {
        Map<String, String> form = new LinkedHashMap<>();
        ctx.formParamMap().forEach((k, v) -> form.put(k, v.isEmpty() ? "" : v.get(0)));
        ctx.contentType("text/xml;charset=UTF-8");
        try {
            Ec2Action handler = actions.get(action);
            if (handler == null) throw new Ec2Fault(400, "InvalidAction", "The action " + action + " is not valid for this web service.");
            world.faults.before(action);
            String body = handler.respond(new Params(form));
            ctx.result("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<" + action + "Response xmlns=\"" + NS + "\"><requestId>" + UUID.randomUUID()
                    + "</requestId>" + body + "</" + action + "Response>");
        } catch (Ec2Fault f) {
            throw new Refusal(f.status, f.code, f.getMessage());
        }
    }

    @Override
    protected void refuse(AwsError error, Context ctx) {
        ctx.contentType("text/xml;charset=UTF-8");
        ctx.result("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Response>" + new Xml().open("Errors").open("Error").el("Code", error.code())
                .el("Message", error.message()).close("Error").close("Errors").el("RequestID", UUID.randomUUID().toString()) + "</Response>");
    }
}
