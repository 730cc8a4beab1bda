package wirebench.runner.rpc;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;

import wirebench.contract.CsvFamilyWriter;
import wirebench.runner.results.ResultsDirectory;

/**
 * The {@code rpc} family of a results directory (docs/rpc.md): one row per finished case, appended
 * and flushed as soon as the case ends.
 */
public final class RpcCsv {
    /** The family name, i.e. the file {@code rpc.csv}. */
    public static final String FAMILY = "rpc";
    /** Key columns: which client, how many threads, which case (id and the original's label). */
    public static final List<String> KEYS = List.of("client", "threads", "case", "label");
    /** Measure columns, units in the names. */
    public static final List<String> MEASURES = List.of("case_no", "size_bytes", "calls", "calls_per_thread",
            "orig_time_ms", "orig_ms_per_call", "time_ms", "ms_per_call", "calls_per_s", "samples", "ave_us",
            "std_us", "min_us", "p50_us", "p90_us", "p99_us", "p999_us", "p9999_us", "max_us");

    private final CsvFamilyWriter csv;

    public RpcCsv(ResultsDirectory dir) {
        this.csv = dir.family(FAMILY, KEYS, MEASURES);
    }

    /** Appends the row of {@code r} and flushes. */
    public void append(CaseResult r) {
        csv.append(row(r));
    }

    static Map<String, Object> row(CaseResult r) {
        Histogram h = r.latencyNs();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("client", r.multiThreaded() ? "multi" : "single");
        m.put("threads", Integer.toString(r.threads()));
        m.put("case", r.speedCase().id());
        m.put("label", r.speedCase().label());
        m.put("case_no", r.number());
        m.put("size_bytes", r.speedCase().sizeBytes() == 0 ? null : r.speedCase().sizeBytes());
        m.put("calls", r.calls());
        m.put("calls_per_thread", r.calls() / r.threads());
        m.put("orig_time_ms", r.origTimeMs());
        m.put("orig_ms_per_call", r.origMsPerCall());
        m.put("time_ms", round(r.timeMs(), 6));
        m.put("ms_per_call", round(r.msPerCall(), 9));
        m.put("calls_per_s", round(r.callsPerS(), 3));
        m.put("samples", h.getTotalCount());
        boolean any = h.getTotalCount() > 0;
        m.put("ave_us", any ? round(h.getMean() / 1e3, 3) : null);
        m.put("std_us", any ? round(h.getStdDeviation() / 1e3, 3) : null);
        m.put("min_us", any ? h.getMinValue() / 1e3 : null);
        m.put("p50_us", any ? r.latencyUs(50) : null);
        m.put("p90_us", any ? r.latencyUs(90) : null);
        m.put("p99_us", any ? r.latencyUs(99) : null);
        m.put("p999_us", any ? r.latencyUs(99.9) : null);
        m.put("p9999_us", any ? r.latencyUs(99.99) : null);
        m.put("max_us", any ? h.getMaxValue() / 1e3 : null);
        return m;
    }

    private static double round(double v, int decimals) {
        double f = Math.pow(10, decimals);
        return Math.round(v * f) / f;
    }
}
