package dev.jig.compiler.cli;

import dev.jig.api.diag.ExitCode;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;

/**
 * Runs a picocli command line the way every Jig command does: usage errors print one line and a
 * pointer to {@code --help} (exit 2), unexpected failures print one line (exit 2, the trace only
 * with {@code JIG_DEBUG} set), so no stack trace ever reaches a user. Shared by {@code jig} and
 * {@code jig-controller}.
 */
public final class CliRunner {

    private CliRunner() {
    }

    public static int execute(CommandLine cli, String name, String[] args, PrintWriter out, PrintWriter err) {
        cli.setOut(out);
        cli.setErr(err);
        cli.registerConverter(Duration.class, new DurationConverter());
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            if (System.getenv("JIG_DEBUG") != null) e.printStackTrace(err);
            err.println(name + ": error: " + oneLine(e));
            err.flush();
            return ExitCode.USAGE;
        });
        cli.setParameterExceptionHandler((e, ignored) -> {
            err.println(name + ": error: " + e.getMessage());
            err.println("Try '" + e.getCommandLine().getCommandSpec().qualifiedName() + " --help' for more information.");
            err.flush();
            return ExitCode.USAGE;
        });
        int code = cli.execute(args);
        out.flush();
        err.flush();
        return code;
    }

    /** {@link #duration} for options declared with {@code converter = CliRunner.DurationConverter.class}. */
    public static final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            return duration(value);
        }
    }

    private static final Pattern GO_DURATION = Pattern.compile("(\\d+(ms|s|m|h))+");
    private static final Pattern GO_PART = Pattern.compile("(\\d+)(ms|s|m|h)");

    /**
     * A duration option: Go style as the policies write them ({@code 500ms}, {@code 90s}, {@code 5m},
     * {@code 1h30m}), or ISO-8601 ({@code PT5M}) as earlier releases documented.
     */
    public static Duration duration(String text) {
        String t = text.trim();
        if (GO_DURATION.matcher(t).matches()) {
            Duration d = Duration.ZERO;
            Matcher m = GO_PART.matcher(t);
            while (m.find()) {
                long n = Long.parseLong(m.group(1));
                d = d.plus(switch (m.group(2)) {
                    case "ms" -> Duration.ofMillis(n);
                    case "s" -> Duration.ofSeconds(n);
                    case "m" -> Duration.ofMinutes(n);
                    default -> Duration.ofHours(n);
                });
            }
            return d;
        }
        try {
            return Duration.parse(t);
        } catch (java.time.format.DateTimeParseException e) {
            throw new CommandLine.TypeConversionException("'" + text + "' is not a duration: write it as 500ms, 90s, 5m or 1h30m");
        }
    }

    static String oneLine(Throwable e) {
        String m = e.getMessage();
        if (m == null || m.isBlank()) m = e.getClass().getSimpleName();
        return m.replaceAll("\\s+", " ").trim();
    }
}
