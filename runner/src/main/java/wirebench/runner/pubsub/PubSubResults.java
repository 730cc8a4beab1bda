package wirebench.runner.pubsub;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.HistogramLogWriter;

import wirebench.contract.Columns;
import wirebench.contract.CsvFamilyWriter;
import wirebench.contract.EndReason;
import wirebench.contract.WirebenchException;
import wirebench.runner.compression.CompressionSettings;
import wirebench.runner.results.RateSlices;
import wirebench.runner.results.ResultsDirectory;

/**
 * Rows of a pub/sub run in a results directory (docs/results-format.md, docs/pubsub.md): one
 * {@code pubsub-latency.csv} row per latency summary and one {@code pubsub-throughput.csv} row per
 * throughput summary, appended as each size finishes; the latency histogram of each size as an
 * HdrHistogram log ({@code .hlog}, values in ns). A null directory makes every call a no-op.
 */
final class PubSubResults {
    static final List<String> LATENCY_KEYS = List.of("transport", "reliability", "keyed", "instances", "batch_bytes",
            "compression", "size_bytes", "test");
    static final List<String> LATENCY_MEASURES = List.of("samples", "ave_us", "std_us", "min_us", "max_us", "p50_us",
            "p90_us", "p99_us", "p999_us", "p9999_us", "p999999_us", "cpu_pct", Columns.END_REASON);
    static final List<String> THROUGHPUT_KEYS = List.of("transport", "reliability", "keyed", "instances",
            "batch_bytes", "compression", "size_bytes");
    static final List<String> THROUGHPUT_MEASURES = List.of("total_samples", "samples_per_s", "mbps", "lost",
            "lost_pct", "cpu_pct", Columns.END_REASON);

    /** The rate slices of a throughput test (family pubsub-throughput-intervals, docs/results-format.md). */
    static final List<String> SLICE_MEASURES = List.of("start_us", "duration_us", "samples", "samples_per_s",
            "mbps");

    static final List<String> COMPRESSION_KEYS = List.of("transport", "reliability", "algorithm", "level",
            "threshold_bytes", "batch_samples", "size_bytes");
    static final List<String> COMPRESSION_MEASURES = List.of("samples", "raw_bytes", "wire_bytes", "saved_bytes",
            "saved_pct", "p50_us", "p99_us", "samples_per_s", "mbps");

    private final ResultsDirectory dir;
    private final PubSubConfig cfg;

    PubSubResults(ResultsDirectory dirOrNull, PubSubConfig cfg) {
        this.dir = dirOrNull;
        this.cfg = cfg;
    }

    /** Sets run.json's {@code key} (a results directory's; nothing without one). */
    void note(String key, Object value) {
        if (dir != null) {
            dir.note(key, value);
        }
    }

    /** Whether rows are written (a results directory was given). */
    boolean writes() {
        return dir != null;
    }

    /** The key columns; {@code compression} is the algorithm in use (NONE, LZ4, ZLIB, ZSTD). */
    private Map<String, Object> keys(int sizeBytes, Integer batchBytes, CompressionSettings compression) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("transport", cfg.transportName());
        row.put("reliability", cfg.reliability());
        row.put("keyed", cfg.keyed() ? "keyed" : "unkeyed");
        row.put("instances", cfg.instances());
        row.put("batch_bytes", batchBytes);
        row.put("compression", compression.algorithm().name());
        row.put("size_bytes", sizeBytes);
        return row;
    }

    void latency(int sizeBytes, int batchBytes, LatencyStats s, Double cpuPct) {
        if (dir == null) {
            return;
        }
        Map<String, Object> row = keys(sizeBytes, batchBytes, cfg.compression());
        row.put("test", cfg.latencyTest() ? "latency" : "throughput");
        row.put("samples", s.count());
        row.put("ave_us", round3(s.aveUs()));
        row.put("std_us", round3(s.stdUs()));
        row.put("min_us", round3(s.minUs()));
        row.put("max_us", round3(s.maxUs()));
        row.put("p50_us", round3(s.percentileUs(50)));
        row.put("p90_us", round3(s.percentileUs(90)));
        row.put("p99_us", round3(s.percentileUs(99)));
        row.put("p999_us", round3(s.percentileUs(99.9)));
        row.put("p9999_us", round3(s.percentileUs(99.99)));
        row.put("p999999_us", round3(s.percentileUs(99.9999)));
        row.put("cpu_pct", cpuPct);
        row.put(Columns.END_REASON, EndReason.COMPLETED);
        family("pubsub-latency", LATENCY_KEYS, LATENCY_MEASURES).append(row);
        writeHlog(sizeBytes, batchBytes, s);
    }

    void throughput(int sizeBytes, int batchBytes, CompressionSettings compression, long packets, long packetsPerS,
            double mbps, long lost, double lostPct, Double cpuPct) {
        throughput(sizeBytes, batchBytes, compression, packets, packetsPerS, mbps, lost, lostPct, cpuPct,
                EndReason.COMPLETED);
    }

    /**
     * A throughput row; {@code endReason} other than {@link EndReason#COMPLETED} marks it partial
     * (the samples counted until the size was cut short); {@code batchBytes} null: unknown (empty).
     */
    void throughput(int sizeBytes, Integer batchBytes, CompressionSettings compression, long packets, long packetsPerS,
            double mbps, long lost, double lostPct, Double cpuPct, String endReason) {
        if (dir == null) {
            return;
        }
        Map<String, Object> row = keys(sizeBytes, batchBytes, compression);
        row.put("total_samples", packets);
        row.put("samples_per_s", packetsPerS);
        row.put("mbps", round3(mbps));
        row.put("lost", lost);
        row.put("lost_pct", round3(lostPct));
        row.put("cpu_pct", cpuPct);
        row.put(Columns.END_REASON, endReason);
        family("pubsub-throughput", THROUGHPUT_KEYS, THROUGHPUT_MEASURES).append(row);
    }

    /**
     * One {@code pubsub-throughput-intervals.csv} row per rate slice of a finished throughput test
     * (what {@code compare} judges a single run's throughput on): its start after the first sample,
     * its length, the samples received in it and their rate.
     */
    void throughputSlices(int sizeBytes, int batchBytes, CompressionSettings compression,
            List<RateSlices.Slice> slices) {
        if (dir == null) {
            return;
        }
        CsvFamilyWriter f = family("pubsub-throughput-intervals", THROUGHPUT_KEYS, SLICE_MEASURES);
        for (RateSlices.Slice sl : slices) {
            Map<String, Object> row = keys(sizeBytes, batchBytes, compression);
            row.put("start_us", round3(sl.startNs() / 1000.0));
            row.put("duration_us", round3(sl.durationNs() / 1000.0));
            row.put("samples", sl.samples());
            double perS = sl.samples() * 1e9 / sl.durationNs();
            row.put("samples_per_s", round3(perS));
            row.put("mbps", round3(perS * sizeBytes * 8 / 1e6));
            f.append(row);
        }
    }

    /**
     * Records in run.json why the run ended early ({@code end_reason}; {@code end_utc} stays null,
     * as for every run that did not complete).
     */
    void endedEarly(String endReason) {
        if (dir != null) {
            dir.note("end_reason", endReason);
        }
    }

    /**
     * One {@code compression.csv} row (docs/compression.md): the publisher's in the latency test (with
     * p50/p99), each subscriber's in the throughput test (with samples/s and Mbps).
     */
    void compression(CompressionSettings c, int sizeBytes, int batchSamples, WireCount count, Double p50Us,
            Double p99Us, Long samplesPerS, Double mbps) {
        if (dir == null) {
            return;
        }
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("transport", cfg.transportName());
        row.put("reliability", cfg.reliability());
        row.put("algorithm", c.algorithm().name());
        row.put("level", c.level());
        row.put("threshold_bytes", c.thresholdBytes());
        row.put("batch_samples", batchSamples);
        row.put("size_bytes", sizeBytes);
        row.put("samples", count.samples);
        row.put("raw_bytes", count.rawBytes);
        row.put("wire_bytes", count.wireBytes);
        row.put("saved_bytes", count.savedBytes());
        row.put("saved_pct", round3(count.savedPct()));
        row.put("p50_us", p50Us == null ? null : round3(p50Us));
        row.put("p99_us", p99Us == null ? null : round3(p99Us));
        row.put("samples_per_s", samplesPerS);
        row.put("mbps", mbps == null ? null : round3(mbps));
        family("compression", COMPRESSION_KEYS, COMPRESSION_MEASURES).append(row);
    }

    private CsvFamilyWriter family(String name, List<String> keys, List<String> measures) {
        return dir.family(name, keys, measures);
    }

    /** The .hlog file name of one test point. */
    String hlogName(int sizeBytes, int batchBytes) {
        return "pubsub-latency-" + (cfg.latencyTest() ? "latency" : "throughput") + "-" + cfg.transportName() + "-"
                + cfg.reliability() + "-" + (cfg.keyed() ? "keyed" : "unkeyed") + "-" + cfg.instances() + "-b"
                + batchBytes + "-" + sizeBytes + ".hlog";
    }

    /**
     * Writes the size's histogram log. PrintStream swallows I/O errors, so its error flag is checked
     * after the last byte is flushed: a short or failed write (a full disk) fails the run at once,
     * naming the file, and the incomplete file is removed rather than left empty for the analyzer.
     */
    private void writeHlog(int sizeBytes, int batchBytes, LatencyStats s) {
        Path file = dir.dir().resolve(hlogName(sizeBytes, batchBytes));
        PrintStream ps;
        try {
            ps = new PrintStream(file.toFile(), StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            throw new WirebenchException(WirebenchException.RUN_FAILED, file + ": cannot write the latency histogram ("
                    + e.getMessage() + ")");
        }
        try {
            HistogramLogWriter w = new HistogramLogWriter(ps);
            w.outputComment("wirebench pubsub one-way latency (RTT/2), values in ns, " + LatencyStats.SIGNIFICANT_DIGITS
                    + " significant digits; size_bytes=" + sizeBytes + " transport=" + cfg.transportName()
                    + " reliability=" + cfg.reliability() + "; consecutive intervals of equal sample counts");
            w.outputLogFormatVersion();
            w.outputStartTime(s.startEpochMs);
            w.setBaseTime(s.startEpochMs);
            w.outputLegend();
            List<org.HdrHistogram.Histogram> intervals = s.intervals();
            if (intervals.isEmpty()) {
                s.histogram.setStartTimeStamp(s.startEpochMs);
                s.histogram.setEndTimeStamp(System.currentTimeMillis());
                intervals = List.of(s.histogram);
            }
            for (org.HdrHistogram.Histogram h : intervals) {
                w.outputIntervalHistogram(h);
            }
        } finally {
            ps.close();
        }
        if (ps.checkError()) {
            try {
                java.nio.file.Files.deleteIfExists(file);
            } catch (java.io.IOException e) {
                // reported below either way
            }
            throw new WirebenchException(WirebenchException.RUN_FAILED, file + ": writing the latency histogram of size "
                    + sizeBytes + " failed (disk full?); the incomplete file is removed, the size's row in "
                    + "pubsub-latency.csv has no histogram; free space and run again");
        }
    }

    private static double round3(double v) {
        return Math.round(v * 1000.0) / 1000.0;
    }
}
