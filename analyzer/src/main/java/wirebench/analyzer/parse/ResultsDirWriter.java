package wirebench.analyzer.parse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import wirebench.analyzer.model.Kind;
import wirebench.analyzer.model.ResultTable;
import wirebench.analyzer.model.Row;
import wirebench.contract.AtomicFiles;
import wirebench.contract.CsvCells;
import wirebench.contract.CsvFamilies;
import wirebench.contract.Json;
import wirebench.contract.VersionProvider;
import wirebench.contract.WirebenchException;

/**
 * Writes tables as a wirebench results directory (docs/results-format.md): {@code run.json} and
 * one CSV file per family, each written to a temporary file and renamed into place.
 */
public final class ResultsDirWriter {
    private static final Map<Kind, String> FAMILY = Map.of(
            Kind.LATENCY, CsvFamilies.PUBSUB_LATENCY,
            Kind.THROUGHPUT, CsvFamilies.PUBSUB_THROUGHPUT,
            Kind.LATENCY_INTERVAL, CsvFamilies.PUBSUB_LATENCY_INTERVALS,
            Kind.THROUGHPUT_INTERVAL, CsvFamilies.PUBSUB_THROUGHPUT_INTERVALS,
            Kind.UDP, CsvFamilies.UDP,
            Kind.UDP_INTERVAL, CsvFamilies.UDP_INTERVALS,
            Kind.RPC, CsvFamilies.RPC,
            Kind.COMPRESSION, CsvFamilies.COMPRESSION);

    private ResultsDirWriter() {
    }

    /** The family (file name without {@code .csv}) for a kind. */
    public static String family(Kind kind) {
        return FAMILY.get(kind);
    }

    /**
     * Writes {@code tables} into {@code dir}. Each table's context entries other than
     * {@code format}/{@code family} become key columns before its own columns.
     *
     * @param runInfo extra run.json fields (command line, sources...), written after the standard ones
     */
    public static void write(Path dir, List<ResultTable> tables, Map<String, Object> runInfo) {
        try {
            Files.createDirectories(dir);
            Map<Kind, List<ResultTable>> byKind = new LinkedHashMap<>();
            for (ResultTable t : tables) {
                byKind.computeIfAbsent(t.kind(), k -> new ArrayList<>()).add(t);
            }
            for (Map.Entry<Kind, List<ResultTable>> e : byKind.entrySet()) {
                atomicWrite(dir.resolve(family(e.getKey()) + ".csv"), csv(e.getKey(), e.getValue()));
            }
            Map<String, Object> run = new LinkedHashMap<>();
            run.put("format", "wirebench-run 1");
            run.put("run_id", UUID.randomUUID().toString());
            run.put("tool_version", VersionProvider.version());
            run.put("created_utc", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
            run.putAll(runInfo);
            atomicWrite(dir.resolve("run.json"), Json.write(run));
        } catch (IOException e) {
            throw WirebenchException.badInput(dir + ": cannot write results (" + e.getMessage() + ")");
        }
    }

    static String csv(Kind kind, List<ResultTable> tables) {
        LinkedHashSet<String> keys = new LinkedHashSet<>();
        LinkedHashSet<String> measures = new LinkedHashSet<>();
        for (ResultTable t : tables) {
            t.context().keySet().stream().filter(k -> !k.equals("format") && !k.equals("family")).forEach(keys::add);
        }
        for (ResultTable t : tables) {
            // a column holding text is a key column (Row: keys are Strings, measures Doubles), e.g. udp's schedulers
            for (String c : t.columns()) {
                if (t.rows().stream().anyMatch(r -> r.get(c) instanceof String) && !c.equals("size_bytes")) {
                    keys.add(c);
                }
            }
        }
        for (ResultTable t : tables) {
            for (String c : t.columns()) {
                if (!keys.contains(c)) {
                    measures.add(c);
                }
            }
        }
        List<String> keyCols = new ArrayList<>(keys);
        if (measures.remove("size_bytes")) {
            keyCols.add("size_bytes");
        }
        List<String> header = new ArrayList<>(keyCols);
        header.addAll(measures);
        StringBuilder sb = new StringBuilder();
        sb.append(CsvFamilies.formatLine(family(kind), keyCols)).append('\n');
        List<String> names = new ArrayList<>();
        header.forEach(c -> names.add(CsvCells.text(c)));
        sb.append(String.join(",", names)).append('\n');
        for (ResultTable t : tables) {
            for (Row r : t.rows()) {
                List<String> f = new ArrayList<>();
                for (String c : header) {
                    Object v = r.has(c) ? r.get(c) : t.context().get(c);
                    f.add(CsvCells.field(v));
                }
                sb.append(String.join(",", f)).append('\n');
            }
        }
        return sb.toString();
    }

    private static void atomicWrite(Path target, String content) {
        AtomicFiles.writeString(target, content, "results");
    }
}
