package wirebench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * Issue 28 item 3, "no upward imports in the runner": every reference from one runner package to
 * another (an import, or a class named in full in code) points down the layers of
 * docs/ARCHITECTURE.md, read from the production sources as they are. Comments and string literals
 * do not count: naming the entry point in a string ({@code cli.MainClass}) couples nothing.
 */
class PackageLayersTest {
    private static final Path SOURCES = Path.of("src/main/java");
    /** docs/ARCHITECTURE.md's layers: a package may refer only to packages of a lower layer. */
    private static final Map<String, Integer> LAYER = Map.ofEntries(Map.entry("wirebench.runner", 7),
            Map.entry("wirebench.runner.campaign", 6), Map.entry("wirebench.runner.udp", 6),
            Map.entry("wirebench.runner.rpc", 6), Map.entry("wirebench.runner.pubsub", 5),
            Map.entry("wirebench.runner.engines", 4), Map.entry("wirebench.runner.transport.aeron", 3),
            Map.entry("wirebench.runner.transport.raw", 3), Map.entry("wirebench.runner.transport.tcp", 3),
            Map.entry("wirebench.runner.transport.dds", 3), Map.entry("wirebench.runner.transport", 2),
            Map.entry("wirebench.runner.transport.idle", 1), Map.entry("wirebench.runner.compression", 0),
            Map.entry("wirebench.runner.results", 0), Map.entry("wirebench.runner.cli", 0));
    private static final Pattern PACKAGE = Pattern.compile("(?m)^package ([\\w.]+);");
    /** {@code wirebench.runner[.pkg...].Class}: the package is the lower-case words before the class. */
    private static final Pattern REFERENCE = Pattern.compile("\\bwirebench\\.runner((?:\\.[a-z]\\w*)*)\\.[A-Z]");
    private static final Pattern COMMENT_OR_STRING = Pattern.compile(
            "/\\*(?s:.*?)\\*/|//[^\\n]*|\"(?:\\\\.|[^\"\\\\\\n])*\"|'(?:\\\\.|[^'\\\\\\n])'");

    @Test
    void shouldFindNoReferenceToAHigherOrSiblingLayerWhenTheRunnersSourcesAreRead() throws IOException {
        List<String> upward = new ArrayList<>();
        List<String> unplaced = new ArrayList<>();
        int references = 0;
        List<Path> files;
        try (Stream<Path> s = Files.walk(SOURCES)) {
            files = s.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
        assertThat(files).as("the runner's production sources under " + SOURCES.toAbsolutePath()).hasSizeGreaterThan(
                100);
        for (Path f : files) {
            String text = Files.readString(f, StandardCharsets.UTF_8);
            Matcher pm = PACKAGE.matcher(text);
            assertThat(pm.find()).as(f + " declares its package").isTrue();
            String from = pm.group(1);
            if (!LAYER.containsKey(from)) {
                unplaced.add(from + " (" + f + ")");
                continue;
            }
            Matcher m = REFERENCE.matcher(COMMENT_OR_STRING.matcher(text).replaceAll(" "));
            while (m.find()) {
                String to = "wirebench.runner" + m.group(1);
                if (to.equals(from)) {
                    continue;
                }
                references++;
                if (!LAYER.containsKey(to)) {
                    unplaced.add(to + " (named in " + f + ")");
                } else if (LAYER.get(to) >= LAYER.get(from)) {
                    upward.add(f.getFileName() + ": " + from + " -> " + m.group().substring(0, m.group().length() - 2));
                }
            }
        }
        assertThat(unplaced).as("packages without a layer in this test and docs/ARCHITECTURE.md").isEmpty();
        assertThat(references).as("references between runner packages found (the reader works)").isGreaterThan(50);
        assertThat(upward).as("references to a package of the same or a higher layer").isEmpty();
    }

    @Test
    void shouldCountAnImportOfTheCommandTreeFromTheCampaignWhenOneIsWritten() {
        String code = "package wirebench.runner.campaign;\nimport wirebench.runner.RunnerMain;\n"
                + "// wirebench.runner.pubsub.PubSubCommand in a comment\nclass X { String s = \"wirebench.runner.RunnerMain\";"
                + " Object o = wirebench.runner.udp.UdpCommand.class; }\n";
        Matcher m = REFERENCE.matcher(COMMENT_OR_STRING.matcher(code).replaceAll(" "));
        List<String> found = new ArrayList<>();
        while (m.find()) {
            found.add("wirebench.runner" + m.group(1));
        }
        // the import and the class literal; not the comment, not the string
        assertThat(found).containsExactly("wirebench.runner", "wirebench.runner.udp");
    }
}
