package dev.jig.aws.loopback;

import io.javalin.Javalin;
import io.javalin.http.Context;
import java.net.URI;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.List;

/**
 * EC2's Query API on loopback, for pointing the real AWS SDK at ({@code endpointOverride}): form
 * POSTs with {@code Action=…}, answered in EC2's XML shapes ({@code <ActionResponse>} with a request
 * id, or {@code <Response><Errors>} with EC2's error codes and HTTP status). Each action is an
 * {@link Ec2Action} registered with {@link #on}, so a test can add or replace one. State lives in
 * the {@link Ec2World}; faults come from its {@link Faults}.
 */
public final class LoopbackEc2 implements AutoCloseable {

    private static final String NS = "http://ec2.amazonaws.com/doc/2016-11-15/";

    private final Ec2World world;
    private final Map<String, Ec2Action> actions = new ConcurrentHashMap<>();
    private final List<String> calls = new CopyOnWriteArrayList<>();
    private final Javalin app;

    public LoopbackEc2(Ec2World world) {
        this.world = world;
        new DescribeActions(world).register(this);
        new LaunchActions(world).register(this);
        this.app = Javalin.create(config -> {
            config.startup.showJavalinBanner = false;
            config.startup.showOldJavalinVersionWarning = false;
            config.routes.post("/", this::handle);
        });
        app.start("127.0.0.1", 0);
    }

    /** Serves {@code action} with {@code handler}, replacing any earlier one. */
    public LoopbackEc2 on(String action, Ec2Action handler) {
        actions.put(action, handler);
        return this;
    }

    public URI uri() {
        return URI.create("http://127.0.0.1:" + app.port());
    }

    public Ec2World world() {
        return world;
    }

    /** The actions called so far, in order. */
    public List<String> calls() {
        return List.copyOf(calls);
    }

    private void handle(Context ctx) {
        Map<String, String> form = new java.util.LinkedHashMap<>();
        ctx.formParamMap().forEach((k, v) -> form.put(k, v.isEmpty() ? "" : v.get(0)));
        String action = form.getOrDefault("Action", "");
        calls.add(action);
        String requestId = UUID.randomUUID().toString();
        ctx.contentType("text/xml;charset=UTF-8");
        try {
            Ec2Action handler = actions.get(action);
            if (handler == null) throw new Ec2Fault(400, "InvalidAction", "The action " + action + " is not valid for this web service.");
            world.faults.before(action);
            String body = handler.respond(new Params(form));
            ctx.result("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<" + action + "Response xmlns=\"" + NS + "\"><requestId>" + requestId
                    + "</requestId>" + body + "</" + action + "Response>");
        } catch (Ec2Fault f) {
            ctx.status(f.status);
            ctx.result("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Response>" + new Xml().open("Errors").open("Error").el("Code", f.code)
                    .el("Message", f.getMessage()).close("Error").close("Errors").el("RequestID", requestId) + "</Response>");
        }
    }

    @Override
    public void close() {
        app.stop();
    }
}
