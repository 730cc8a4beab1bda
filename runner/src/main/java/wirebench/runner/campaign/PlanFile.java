package wirebench.runner.campaign;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import wirebench.contract.WirebenchException;

/**
 * A campaign plan file (docs/campaign.md): one {@code key = value} per line, keys named as the
 * long options without {@code --} ({@code sizes = 32,1024}), {@code #} starts a comment line,
 * blank lines are ignored. Options given on the command line override the file.
 */
final class PlanFile {
    static final Set<String> KEYS = new TreeSet<>(List.of("sizes", "sizes-extended", "tests", "transports", "keyed", "instances",
            "compression", "reliability", "batching", "repetitions", "execution-time", "domain", "extra-arguments",
            "extra-arguments-pub", "extra-arguments-sub", "file-suffix", "executable", "role", "nic", "peer",
            "test-timeout", "hosts", "ssh-config", "remote-dir", "remote-wirebench", "remote-java",
            "connect-timeout"));

    private final Path file;
    private final Map<String, String> values;
    private final Map<String, Integer> lines;

    private PlanFile(Path file, Map<String, String> values, Map<String, Integer> lines) {
        this.file = file;
        this.values = values;
        this.lines = lines;
    }

    static PlanFile empty() {
        return new PlanFile(null, Map.of(), Map.of());
    }

    static PlanFile read(Path file) {
        List<String> text;
        try {
            text = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw WirebenchException.badInput(file + ": cannot read the plan file (" + e.getMessage() + ")");
        }
        Map<String, String> values = new LinkedHashMap<>();
        Map<String, Integer> lines = new LinkedHashMap<>();
        for (int i = 0; i < text.size(); i++) {
            String line = text.get(i).strip();
            int n = i + 1;
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int eq = line.indexOf('=');
            if (eq < 0) {
                throw WirebenchException.badInput(file + ":" + n + ": expected 'key = value', got '" + line + "'");
            }
            String key = line.substring(0, eq).strip().replaceFirst("^--", "");
            if (!KEYS.contains(key)) {
                throw WirebenchException.badInput(file + ":" + n + ": expected a key among " + KEYS + ", got '" + key
                        + "'");
            }
            if (values.containsKey(key)) {
                throw WirebenchException.badInput(file + ":" + n + ": key '" + key + "' given twice (first on line "
                        + lines.get(key) + ")");
            }
            values.put(key, line.substring(eq + 1).strip());
            lines.put(key, n);
        }
        return new PlanFile(file, values, lines);
    }

    /** The command line's value if given, else the file's, else {@code fallback}. */
    String get(String key, String commandLine, String fallback) {
        if (commandLine != null) {
            return commandLine;
        }
        return values.getOrDefault(key, fallback);
    }

    /** Where a value came from, for error messages: {@code plan.txt:3} or {@code --sizes}. */
    String origin(String key, String commandLine) {
        if (commandLine == null && lines.containsKey(key)) {
            return file + ":" + lines.get(key) + ": " + key;
        }
        return "--" + key;
    }
}
