package dev.jig.compiler.cli;

import dev.jig.api.diag.ExitCode;
import dev.jig.compiler.schema.PolicySchemas;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code jig schema --out DIR}: writes the policy JSON Schemas this jig checks with, so that a policy
 * repository kept apart from Jig can point its editors' {@code yaml-language-server} modeline at them.
 */
@Command(name = "schema", mixinStandardHelpOptions = true,
        description = "Write the policy JSON Schemas (platform.schema.json, tenant.schema.json) this jig checks with, for editors.")
final class SchemaCommand implements Callable<Integer> {

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Directory to write the schemas to (created if missing).")
    Path out;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        Map<String, String> files = PolicySchemas.files();
        Files.createDirectories(out);
        for (Map.Entry<String, String> f : files.entrySet()) Files.writeString(out.resolve(f.getKey()), f.getValue());
        spec.commandLine().getErr().println("jig: wrote " + String.join(", ", files.keySet()) + " to " + out
                + "; start each policy file with: # yaml-language-server: $schema=<path to " + out + ">/tenant.schema.json (platform.schema.json for the Platform)");
        return ExitCode.OK;
    }
}
