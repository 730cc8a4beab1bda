package wirebench.analyzer.history;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One run as the history stores it: what run.json says about it (or what is known of a file that
 * has no run.json), its result rows and the percentiles of its HdrHistogram logs.
 *
 * @param runId       run.json's {@code run_id}, or {@code sha256:<hex>} of the inputs' content
 * @param source      the path the run was read from
 * @param format      run.json's {@code format}, or the detected formats of the files
 * @param startUtc    start of the run, null when unknown
 * @param endUtc      end of the run, null when unknown or interrupted
 * @param timeUtc     the time the run is ordered by: {@code startUtc}, else the newest input file's
 *                    modification time (see {@code timeFrom})
 * @param timeFrom    where {@code timeUtc} came from: {@code start_utc}, {@code created_utc} or
 *                    {@code file_mtime}
 * @param gitSha      the commit measured (run.json {@code git_sha}), null when unknown
 * @param toolVersion the tool that wrote the run
 * @param host        environment.host
 * @param commandLine the command line as typed
 * @param configSha   run.json {@code config_sha256}
 * @param runJson     the whole run.json text (null for inputs without one)
 * @param rows        every result row
 * @param histograms  one entry per HdrHistogram log
 */
public record RunData(String runId, String source, String format, Instant startUtc, Instant endUtc, Instant timeUtc,
        String timeFrom, String gitSha, String toolVersion, String host, String commandLine, String configSha,
        String runJson, List<StoredRow> rows, List<StoredHistogram> histograms) {

    /** True when the run holds nothing to store (no rows, no histograms). */
    public boolean isEmpty() {
        return rows.isEmpty() && histograms.isEmpty();
    }

    /**
     * One result row.
     *
     * @param point    the test point (the key compare matches on: kind, context, key columns, size)
     * @param kind     the table's kind ({@code latency}, {@code throughput}, ...)
     * @param source   the file the row came from
     * @param format   that file's detected format
     * @param keysJson the row's text columns and its table's context as a JSON object
     * @param measures every numeric column (units in the names)
     */
    public record StoredRow(String point, String kind, String source, String format, String keysJson,
            Map<String, Double> measures) {
    }

    /**
     * Percentiles of one HdrHistogram log (all intervals merged), in microseconds.
     *
     * @param name  the log's file name without {@code .hlog}
     * @param count number of recorded values
     */
    public record StoredHistogram(String name, long count, double p50Us, double p90Us, double p99Us, double p999Us,
            double p9999Us, double maxUs) {
    }
}
