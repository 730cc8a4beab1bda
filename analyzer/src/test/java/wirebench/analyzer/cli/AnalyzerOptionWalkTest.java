package wirebench.analyzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import wirebench.analyzer.AnalyzerMain;
import wirebench.analyzer.Cli;

/**
 * The runner's option walk ({@code OptionWalkTest}) for the analyzer's commands: every numeric
 * option of every command (found through picocli's CommandSpec, so a new one cannot be forgotten)
 * with -1, 0 and the type's maximum, each against the decision recorded here: U = usage error (exit
 * 2, one line, before any input is read), A = accepted (the command goes on to its inputs, which do
 * not exist: exit 3). A value beyond an integral type is always a usage error. The options whose
 * value is text are walked the same way with a value no syntax allows (issue 29 item 5).
 */
class AnalyzerOptionWalkTest {
    private static final Set<Class<?>> NUMERIC = Set.of(int.class, Integer.class, long.class, Long.class,
            double.class, Double.class, float.class, Float.class);

    /**
     * Decisions: outcome of -1, 0 and the maximum. compare --alpha: a significance level in (0, 1);
     * history --wait: 0 (do not wait) or more, 1e300 s refused (more milliseconds than a long holds);
     * report --last N runs per chart, at least 1; --window, --min-segment, --permutations, --threads
     * and --recent count things, at least 1 (huge values are accepted: the series bounds them);
     * --max-pvalue in (0, 1]; --min-magnitude a percentage, 0 (any change) or more; --seed any long.
     */
    private static final Map<String, String> EXPECTED = new TreeMap<>(Map.ofEntries(
            Map.entry("compare --alpha", "UUU"),
            Map.entry("history add --wait", "UAU"),
            Map.entry("history changes --max-pvalue", "UUU"),
            Map.entry("history changes --min-magnitude", "UAA"),
            Map.entry("history changes --min-segment", "UUA"),
            Map.entry("history changes --permutations", "UUA"),
            Map.entry("history changes --recent", "UUA"),
            Map.entry("history changes --seed", "AAA"),
            Map.entry("history changes --threads", "UUA"),
            Map.entry("history changes --wait", "UAU"),
            Map.entry("history changes --window", "UUA"),
            Map.entry("history list --wait", "UAU"),
            Map.entry("history report --last", "UUA"),
            Map.entry("history report --max-pvalue", "UUU"),
            Map.entry("history report --min-magnitude", "UAA"),
            Map.entry("history report --min-segment", "UUA"),
            Map.entry("history report --permutations", "UUA"),
            Map.entry("history report --seed", "AAA"),
            Map.entry("history report --threads", "UUA"),
            Map.entry("history report --wait", "UAU"),
            Map.entry("history report --window", "UUA"),
            Map.entry("history show --wait", "UAU"),
            Map.entry("history sql --wait", "UAU")));

    /**
     * Decisions for every option whose value is text (neither a number, a switch nor a path), given
     * "nonsense%": U = usage error (exit 2, one line, before any input is read), A = accepted (free
     * text, or a name checked against the inputs: exit 3 on the missing input). --format, --order,
     * --since, --commit and --fail-on have a syntax; --host, --point, --title and --metric are names.
     */
    private static final Map<String, String> TEXT_EXPECTED = new TreeMap<>(Map.ofEntries(
            Map.entry("compare --fail-on", "U"),
            Map.entry("compare --format", "U"),
            Map.entry("history changes --commit", "U"),
            Map.entry("history changes --fail-on", "U"),
            Map.entry("history changes --format", "U"),
            Map.entry("history changes --host", "A"),
            Map.entry("history changes --metric", "A"),
            Map.entry("history changes --order", "U"),
            Map.entry("history changes --point", "A"),
            Map.entry("history changes --since", "U"),
            Map.entry("history list --commit", "U"),
            Map.entry("history list --format", "U"),
            Map.entry("history list --host", "A"),
            Map.entry("history list --point", "A"),
            Map.entry("history list --since", "U"),
            Map.entry("history report --commit", "U"),
            Map.entry("history report --host", "A"),
            Map.entry("history report --metric", "A"),
            Map.entry("history report --order", "U"),
            Map.entry("history report --point", "A"),
            Map.entry("history report --since", "U"),
            Map.entry("history report --title", "A"),
            Map.entry("history show --commit", "U"),
            Map.entry("history show --format", "U"),
            Map.entry("history show --host", "A"),
            Map.entry("history show --point", "A"),
            Map.entry("history show --since", "U"),
            Map.entry("history sql --format", "U"),
            Map.entry("report --format", "U"),
            Map.entry("report --title", "A"),
            Map.entry("stats --format", "U")));

    @TempDir
    Path tmp;

    /** Every numeric option of every analyzer command, as "command path option" to its type. */
    private static Map<String, Class<?>> numericOptions() {
        Map<String, Class<?>> found = new TreeMap<>();
        walk(AnalyzerMain.commandLine(), found);
        return found;
    }

    private static void walk(CommandLine cl, Map<String, Class<?>> found) {
        CommandSpec spec = cl.getCommandSpec();
        String path = spec.qualifiedName(" ").replaceFirst("^wirebench ?", "");
        for (OptionSpec o : spec.options()) {
            Class<?> t = o.auxiliaryTypes().length > 0 && o.isMultiValue() ? o.auxiliaryTypes()[0] : o.type();
            if (NUMERIC.contains(t) || NUMERIC.contains(o.type())) {
                found.put(path + " " + o.longestName(), t);
            }
        }
        cl.getSubcommands().values().forEach(c -> walk(c, found));
    }

    /** Every option of every analyzer command whose value is text, as "command path option". */
    private static Set<String> textOptions() {
        Set<String> found = new java.util.TreeSet<>();
        walkText(AnalyzerMain.commandLine(), found);
        return found;
    }

    private static void walkText(CommandLine cl, Set<String> found) {
        CommandSpec spec = cl.getCommandSpec();
        String path = spec.qualifiedName(" ").replaceFirst("^wirebench ?", "");
        for (OptionSpec o : spec.options()) {
            Class<?> t = o.auxiliaryTypes().length > 0 && o.isMultiValue() ? o.auxiliaryTypes()[0] : o.type();
            if (o.arity().max() > 0 && !NUMERIC.contains(t) && t != boolean.class && t != Boolean.class
                    && t != Path.class && t != java.io.File.class && !o.usageHelp() && !o.versionHelp()) {
                found.add(path + " " + o.longestName());
            }
        }
        cl.getSubcommands().values().forEach(c -> walkText(c, found));
    }

    private static String huge(Class<?> t) {
        if (t == long.class || t == Long.class) {
            return Long.toString(Long.MAX_VALUE);
        }
        if (t == double.class || t == Double.class || t == float.class || t == Float.class) {
            return "1e300";
        }
        return Integer.toString(Integer.MAX_VALUE);
    }

    /** The command's other arguments: inputs that do not exist, and its required options. */
    private List<String> base(List<String> path) {
        String missing = tmp.resolve("no-such-input").toString();
        String db = tmp.resolve("no-such-dir").resolve("h.duckdb").toString();
        String html = tmp.resolve("out.html").toString();
        return switch (String.join(" ", path)) {
            case "compare" -> List.of(missing, missing);
            case "report" -> List.of("-o", html, missing);
            case "convert" -> List.of("--out", tmp.resolve("converted").toString(), missing);
            case "history add" -> List.of("--db", db, missing);
            case "history report" -> List.of("--db", db, "-o", html);
            case "history show" -> List.of("--db", db, "p99_us");
            case "history sql" -> List.of("--db", db, "SELECT 1");
            default -> path.get(0).equals("history") ? List.of("--db", db) : List.of(missing);
        };
    }

    /** 'U' (usage error, one line), 'A' (accepted: exit 3 on the missing input), or what else happened. */
    private String outcome(String key, String value) {
        List<String> path = new ArrayList<>(Arrays.asList(key.split(" ")));
        String option = path.remove(path.size() - 1);
        List<String> args = new ArrayList<>(path);
        args.addAll(List.of(option, value));
        args.addAll(base(path));
        Cli r = Cli.run(args.toArray(new String[0]));
        if (r.exitCode() == 2 && r.err().strip().lines().count() == 1) {
            return "U";
        }
        return r.exitCode() == 3 ? "A" : "[exit " + r.exitCode() + ": " + r.err().strip() + "]";
    }

    @Test
    @Timeout(300)
    void shouldRefuseOrAcceptEveryNumericAnalyzerOptionAsDecidedWhenGivenNegativeZeroAndHugeValues() {
        Map<String, Class<?>> options = numericOptions();
        Map<String, String> actual = new LinkedHashMap<>();
        Map<String, String> overflow = new LinkedHashMap<>();
        for (Map.Entry<String, Class<?>> o : options.entrySet()) {
            String key = o.getKey();
            actual.put(key, outcome(key, "-1") + outcome(key, "0") + outcome(key, huge(o.getValue())));
            if (!huge(o.getValue()).equals("1e300")) { // a double holds 1e23: no overflow to test
                overflow.put(key, outcome(key, "99999999999999999999999"));
            }
        }
        assertThat(actual).isEqualTo(EXPECTED);
        assertThat(overflow).allSatisfy((k, v) -> assertThat(v).as(k).isEqualTo("U"));
    }

    @Test
    @Timeout(300)
    void shouldRefuseOrAcceptEveryTextAnalyzerOptionAsDecidedWhenGivenNonsense() {
        Map<String, String> actual = new TreeMap<>();
        for (String key : textOptions()) {
            actual.put(key, outcome(key, "nonsense%"));
        }
        assertThat(actual).isEqualTo(TEXT_EXPECTED);
    }
}
