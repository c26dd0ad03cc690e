package dev.jig.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine;

/** The command lines of the three programs users run, as they are composed for real. */
public final class Programs {

    private Programs() {
    }

    public static Map<String, CommandLine> all() {
        Map<String, CommandLine> out = new LinkedHashMap<>();
        out.put("jig", Jig.commandLine());
        out.put("jig-controller", new CommandLine(new dev.jig.controller.app.Main()));
        out.put("jig-webhook", new CommandLine(new dev.jig.webhook.Main()));
        return out;
    }
}
