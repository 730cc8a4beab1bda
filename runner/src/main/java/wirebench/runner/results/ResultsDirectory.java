package wirebench.runner.results;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import wirebench.contract.AtomicFiles;
import wirebench.contract.CsvFamilyWriter;
import wirebench.contract.EndReason;
import wirebench.contract.Json;
import wirebench.contract.VersionProvider;

/**
 * A results directory (docs/results-format.md): {@code run.json} written atomically at the start
 * (without an end time) and again at {@link #finish()}, plus one {@link CsvFamilyWriter} per test family
 * appended row by row. Thread-safe.
 */
public final class ResultsDirectory implements AutoCloseable {
    private final Path dir;
    private final Map<String, Object> run = new LinkedHashMap<>();
    private final Map<String, CsvFamilyWriter> families = new LinkedHashMap<>();

    private ResultsDirectory(Path dir) {
        this.dir = dir;
    }

    /**
     * Creates (or reopens) {@code dir} and writes run.json.
     *
     * @param commandLine the full command line as the user typed it
     * @param config      the resolved configuration (every option with its effective value)
     */
    public static ResultsDirectory create(Path dir, String commandLine, Map<String, Object> config) {
        ResultsDirectory r = new ResultsDirectory(dir);
        r.run.put("format", "wirebench-run 1");
        r.run.put("run_id", UUID.randomUUID().toString());
        r.run.put("tool_version", VersionProvider.version());
        r.run.put("git_sha", VersionProvider.gitSha().isBlank() ? null : VersionProvider.gitSha());
        r.run.put("start_utc", Instant.now().toString());
        r.run.put("end_utc", null);
        r.run.put("command_line", commandLine);
        r.run.put("config", config);
        r.run.put("config_sha256", sha256(Json.write(config)));
        r.run.put("environment", Environment.collect());
        r.writeRunJson();
        return r;
    }

    /**
     * The command line as the user typed it, for run.json: {@code wirebench} and every argument
     * of the whole command (a subcommand's parse result holds the root's original arguments).
     */
    public static String commandLine(picocli.CommandLine.Model.CommandSpec spec) {
        picocli.CommandLine.ParseResult pr = spec.commandLine().getParseResult();
        return "wirebench" + (pr == null ? "" : " " + String.join(" ", pr.originalArgs()));
    }

    public Path dir() {
        return dir;
    }

    /** Adds a top-level entry to run.json (e.g. the engine and its threading mode) and rewrites it. */
    public synchronized void note(String key, Object value) {
        run.put(key, value);
        writeRunJson();
    }

    /** The CSV file of {@code family}, opened on first use. */
    public synchronized CsvFamilyWriter family(String family, List<String> keys, List<String> measures) {
        return families.computeIfAbsent(family, f -> CsvFamilyWriter.open(dir, f, keys, measures));
    }

    /** Writes the end time into run.json, and {@code end_reason} {@link EndReason#COMPLETED}. */
    public synchronized void finish() {
        run.put("end_utc", Instant.now().toString());
        run.put("end_reason", EndReason.COMPLETED);
        writeRunJson();
    }

    @Override
    public synchronized void close() {
        families.values().forEach(CsvFamilyWriter::close);
        families.clear();
    }

    private void writeRunJson() {
        AtomicFiles.writeString(dir.resolve("run.json"), Json.write(run), "run.json");
    }

    static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java platform", e);
        }
    }
}
