package wirebench.runner.campaign;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import wirebench.contract.CsvFamilyReader;
import wirebench.contract.CsvFamilyWriter;
import wirebench.contract.Numbers;
import wirebench.contract.perftest.PerftestCells;
import wirebench.contract.perftest.PerftestSummaries;
import wirebench.runner.campaign.CommandLines.Role;
import wirebench.runner.results.ResultsDirectory;

/**
 * A finished test's rows merged into the campaign's results directory: a wirebench child's
 * families and histogram logs with a repetition (and host) key, or a Perftest child's summary rows
 * as the pub/sub families' rows. A row that does not fit is an error naming its file and line,
 * never dropped (the commit then keeps nothing of the test).
 */
final class ResultsMerge {
    /** Columns of docs/pubsub.md (the families {@code wirebench run pubsub} writes), for Perftest's rows. */
    static final List<String> LATENCY_KEYS = List.of("transport", "reliability", "keyed", "instances", "batch_bytes",
            "compression", "size_bytes", "test", "repetition");
    static final List<String> LATENCY_MEASURES = List.of("samples", "ave_us", "std_us", "min_us", "max_us", "p50_us",
            "p90_us", "p99_us", "p9999_us", "p999999_us", "cpu_pct");
    static final List<String> THROUGHPUT_KEYS = List.of("transport", "reliability", "keyed", "instances",
            "batch_bytes", "compression", "size_bytes", "repetition");
    static final List<String> THROUGHPUT_MEASURES = List.of("total_samples", "samples_per_s", "mbps", "lost",
            "lost_pct", "cpu_pct");

    private final CommandLines lines;

    /** A merge for a campaign whose processes run {@code lines}. */
    ResultsMerge(CommandLines lines) {
        this.lines = lines;
    }

    /**
     * The rows of a child's results directory (pub/sub families and, for compressed tests, the
     * compression family), with a repetition key; its .hlog files.
     */
    static void copyResults(Path from, ResultsDirectory dir, TestPoint p, String host) throws IOException {
        for (String family : List.of("pubsub-latency", "pubsub-throughput", "pubsub-throughput-intervals",
                "compression")) {
            Path f = from.resolve(family + ".csv");
            if (!Files.exists(f)) {
                continue;
            }
            try (CsvFamilyReader reader = CsvFamilyReader.open(f)) {
                List<String> keys = new ArrayList<>(reader.declaration().keys());
                int keyCount = keys.size();
                keys.add("repetition");
                if (!p.engine().isEmpty()) {
                    keys.add("engine"); // --engines: Aeron and raw sockets both write transport UDPv4
                }
                if (host != null) {
                    keys.add("host");
                }
                List<String> header = reader.header();
                List<String> measures = header.subList(keyCount, header.size());
                CsvFamilyWriter target = dir.family(family, keys, measures);
                for (CsvFamilyReader.Row rec = reader.next(); rec != null; rec = reader.next()) {
                    if (rec.size() != header.size()) {
                        // never dropped silently: the test is not kept (the commit rolls back) and says where
                        throw rec.error("expected " + header.size() + " fields (the header's), found " + rec.size());
                    }
                    // cells as the text they stand for, numbers in measure columns as numbers: the
                    // writer neutralises text again and never prefixes a number (CsvCells)
                    Map<String, Object> row = new LinkedHashMap<>();
                    for (int i = 0; i < header.size(); i++) {
                        String v = rec.text(i);
                        Double d = i < keyCount || v.isEmpty() ? null : Numbers.parseOrNull(v);
                        row.put(header.get(i), v.isEmpty() ? null : d != null ? d : v);
                    }
                    row.put("repetition", p.repetition());
                    if (!p.engine().isEmpty()) {
                        row.put("engine", p.engine());
                    }
                    if (host != null) {
                        row.put("host", host);
                    }
                    target.append(row);
                }
            }
        }
        try (Stream<Path> s = Files.list(from)) {
            for (Path h : s.filter(x -> x.getFileName().toString().endsWith(".hlog")).toList()) {
                String name = h.getFileName().toString();
                if (p.compressed()) {
                    name = name.replaceFirst("\\.hlog$", "-" + p.compression() + ".hlog");
                }
                if (p.repetition() > 1) {
                    name = name.replaceFirst("\\.hlog$", "-r" + p.repetition() + ".hlog");
                }
                Files.copy(h, dir.dir().resolve(name), StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    /**
     * Perftest's summary rows as the pub/sub families' rows (docs/campaign.md), read from the
     * child's stdout against the seed file it is about to be appended to (its headers give
     * header-less output its unit), times in microseconds; keys from the command lines the test ran.
     * The subscriber's rates are left empty when the test's publisher printed nanoseconds (a build
     * with the nanosecond clock prints them 1000 times too small, {@link PerftestCells#CLOCK_RATES});
     * run.json says so.
     */
    void perftestRows(CampaignRunner.Child c, List<CampaignRunner.Child> test, TestPoint p, ResultsDirectory dir)
            throws IOException {
        PerftestSummaries r = PerftestSummaries.read(c.seedFile(), c.stdout());
        List<String> publisherArgs = c.role() == Role.PUB ? c.args() : lines.arguments(p, Role.PUB, false);
        boolean latencyTest = PerftestKeys.latencyTest(publisherArgs);
        if (c.role() == Role.PUB) {
            CsvFamilyWriter f = dir.family("pubsub-latency", LATENCY_KEYS, LATENCY_MEASURES);
            for (PerftestSummaries.Row m : r.latency()) {
                Map<String, Object> row = PerftestKeys.of(c.args(), publisherArgs, m.sizeBytes(), p.repetition());
                row.put("test", latencyTest ? "latency" : "throughput");
                f.append(measures(row, m.values(), LATENCY_MEASURES));
            }
        } else if (!latencyTest) {
            boolean nanosecondClock = r.nanosecondClock() || nanosecondPublisher(test);
            if (nanosecondClock && !r.throughput().isEmpty()) {
                dir.note("perftest_rates", PerftestCells.NANOSECOND_RATES);
            }
            CsvFamilyWriter f = dir.family("pubsub-throughput", THROUGHPUT_KEYS, THROUGHPUT_MEASURES);
            for (PerftestSummaries.Row m : r.throughput()) {
                Map<String, Object> row = PerftestKeys.of(c.args(), publisherArgs, m.sizeBytes(), p.repetition());
                Map<String, Double> values = new LinkedHashMap<>(m.values());
                if (nanosecondClock) {
                    PerftestCells.withoutClockRates(values);
                }
                f.append(measures(row, values, THROUGHPUT_MEASURES));
            }
        }
    }

    /** Whether the test's publisher (the same executable as its subscriber) printed nanosecond latencies. */
    private static boolean nanosecondPublisher(List<CampaignRunner.Child> test) throws IOException {
        for (CampaignRunner.Child c : test) {
            if (c.role() == Role.PUB && c.resultsDir() == null
                    && PerftestSummaries.read(c.seedFile(), c.stdout()).nanosecondClock()) {
                return true;
            }
        }
        return false;
    }

    /** {@code row} with the measures of {@code values} (null where Perftest printed none: samples, CPU). */
    private static Map<String, Object> measures(Map<String, Object> row, Map<String, Double> values,
            List<String> measures) {
        for (String k : measures) {
            row.put(k, values.get(k));
        }
        return row;
    }
}
