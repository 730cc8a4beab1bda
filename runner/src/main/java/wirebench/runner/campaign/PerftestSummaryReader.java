package wirebench.runner.campaign;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the summary rows of RTI Perftest 4.x CSV output written with {@code -noPrintIntervals}
 * (PERFTEST-FORMATS.md section 2.2): an optional header line, then one row per data size. Header
 * lines, titles and blank lines (Java prints one per size) are skipped; a row is a line whose
 * comma-separated fields are all numbers. Latency summary rows (publisher) have 10 fields, plus 3
 * with {@code -showSerializationTime}, plus 1 with {@code -cpu}; throughput summary rows
 * (subscriber) have 6, plus 1 with {@code -cpu}. Values are Perftest's own (whole microseconds).
 * This is deliberately small: the analyzer's Perftest parsers read every other layout.
 */
final class PerftestSummaryReader {
    static final List<String> LATENCY = List.of("size_bytes", "ave_us", "std_us", "min_us", "max_us", "p50_us",
            "p90_us", "p99_us", "p9999_us", "p999999_us");
    static final List<String> THROUGHPUT = List.of("size_bytes", "total_samples", "samples_per_s", "mbps", "lost",
            "lost_pct");

    private final List<Map<String, Double>> latency = new ArrayList<>();
    private final List<Map<String, Double>> throughput = new ArrayList<>();

    private PerftestSummaryReader() {
    }

    static PerftestSummaryReader read(String stdout) {
        PerftestSummaryReader r = new PerftestSummaryReader();
        for (String line : stdout.split("\\R")) {
            double[] v = numbers(line);
            if (v == null || v[0] <= 0) {
                continue; // not a row, or Perftest 4.3's size-0 "no pong / no sample" row: no result
            }
            if (v.length == 10 || v.length == 11 || v.length == 13 || v.length == 14) {
                r.latency.add(row(LATENCY, v, v.length == 11 || v.length == 14));
            } else if (v.length == 6 || v.length == 7) {
                r.throughput.add(row(THROUGHPUT, v, v.length == 7));
            }
        }
        return r;
    }

    private static Map<String, Double> row(List<String> names, double[] v, boolean cpu) {
        Map<String, Double> m = new LinkedHashMap<>();
        for (int i = 0; i < names.size(); i++) {
            m.put(names.get(i), v[i]);
        }
        m.put("cpu_pct", cpu ? v[v.length - 1] : null);
        return m;
    }

    /** The fields of a data row, or null for anything else (headers, titles, blank lines). */
    private static double[] numbers(String line) {
        if (line.isBlank()) {
            return null;
        }
        String[] f = line.split(",");
        double[] v = new double[f.length];
        for (int i = 0; i < f.length; i++) {
            String s = f[i].trim();
            if (s.isEmpty() || !(Character.isDigit(s.charAt(0)) || s.charAt(0) == '-')) {
                return null;
            }
            try {
                v[i] = Double.parseDouble(s);
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return v;
    }

    /** Latency summaries (publisher output), in order. */
    List<Map<String, Double>> latency() {
        return latency;
    }

    /** Throughput summaries (subscriber output), in order. */
    List<Map<String, Double>> throughput() {
        return throughput;
    }
}
