package dev.jig.compiler.testing;

import dev.jig.compiler.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs the jig CLI in-process and captures what it prints. */
public final class Cli {

    public record Outcome(int exit, String out, String err) {
    }

    private Cli() {
    }

    public static Outcome run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(args, new PrintWriter(out), new PrintWriter(err));
        return new Outcome(code, out.toString(), err.toString());
    }
}
