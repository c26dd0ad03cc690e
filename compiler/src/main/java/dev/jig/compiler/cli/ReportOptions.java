package dev.jig.compiler.cli;

import dev.jig.compiler.report.ReportFormat;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** {@code --format}, shared by every command that prints findings as a report ({@code lint}, {@code validate}). */
final class ReportOptions {

    @Option(names = {"-f", "--format"}, paramLabel = "FORMAT", defaultValue = "text",
            description = "text, json, github (Actions annotations), sarif or junit. Default: ${DEFAULT-VALUE}.")
    String format;

    /** The chosen report; an unknown name is a usage error (exit 2). */
    ReportFormat report(CommandLine commandLine) {
        try {
            return ReportFormat.named(format);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(commandLine, e.getMessage());
        }
    }
}
