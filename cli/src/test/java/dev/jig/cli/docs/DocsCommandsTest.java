package dev.jig.cli.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jig.cli.Programs;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runnable blocks of the docs print what the docs quote. A runnable block is a fenced {@code console}
 * block: each {@code $ bin/jig …} or {@code $ bin/jig-controller …} line is run in-process, and every line
 * quoted under it (other than {@code ...}) must be a line of what the command printed. Paths under
 * {@code build/} go to a temporary directory; other relative paths are the repository's.
 */
class DocsCommandsTest {

    private static final Path ROOT = Path.of(System.getProperty("jig.repo.root", "..")).toAbsolutePath().normalize();

    @TempDir
    static Path tmp;

    record Command(Path file, int line, List<String> args, List<String> expected) {
    }

    static List<Command> commands() throws IOException {
        List<Command> out = new ArrayList<>();
        for (Path md : MarkdownLinksTest.markdown()) {
            List<String> lines = Files.readAllLines(md);
            boolean console = false;
            boolean fenced = false;
            int indent = 0;
            Command current = null;
            for (int i = 0; i < lines.size(); i++) {
                String raw = lines.get(i);
                if (raw.strip().startsWith("```")) {
                    fenced = !fenced;
                    console = fenced && raw.strip().equals("```console");
                    indent = raw.indexOf('`');
                    current = null;
                    continue;
                }
                if (!console) continue;
                String line = raw.length() >= indent && raw.substring(0, indent).isBlank() ? raw.substring(indent) : raw;
                if (line.startsWith("$ ")) {
                    current = new Command(md, i + 1, Arrays.asList(line.substring(2).trim().split("\\s+")), new ArrayList<>());
                    out.add(current);
                } else if (current != null && !line.isBlank() && !line.strip().equals("...")) {
                    current.expected().add(line.stripTrailing());
                }
            }
        }
        return out;
    }

    @TestFactory
    Stream<DynamicTest> everyRunnableBlockPrintsWhatTheDocsQuote() throws IOException {
        List<Command> commands = commands();
        assertThat(commands).as("runnable blocks in the docs").hasSizeGreaterThanOrEqualTo(4);
        return commands.stream().map(c -> DynamicTest.dynamicTest(ROOT.relativize(c.file()) + ":" + c.line() + " " + String.join(" ", c.args()),
                () -> {
                    String program = c.args().get(0).replace("bin/", "");
                    assertThat(Programs.all()).as("a program the docs can run").containsKey(program);
                    List<String> args = c.args().subList(1, c.args().size()).stream().map(DocsCommandsTest::path).toList();
                    StringWriter out = new StringWriter();
                    StringWriter err = new StringWriter();
                    dev.jig.compiler.cli.CliRunner.execute(Programs.all().get(program), program, args.toArray(String[]::new),
                            new PrintWriter(out), new PrintWriter(err));
                    List<String> printed = new ArrayList<>();
                    for (String l : (out + "\n" + err).replace(tmp.toString() + "/", "").replace(ROOT.toString() + "/", "").split("\n")) printed.add(l.stripTrailing());
                    assertThat(printed).as("what `%s` printed", String.join(" ", c.args())).containsAll(c.expected());
                }));
    }

    /** {@code build/…} in a temporary directory, a repository path as the repository's, anything else as given. */
    private static String path(String arg) {
        if (arg.startsWith("build/")) return tmp.resolve(arg).toString();
        if (!arg.startsWith("-") && Files.exists(ROOT.resolve(arg))) return ROOT.resolve(arg).toString();
        return arg;
    }
}
