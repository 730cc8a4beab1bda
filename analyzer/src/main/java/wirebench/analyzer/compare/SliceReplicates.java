package wirebench.analyzer.compare;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import wirebench.analyzer.model.Kind;
import wirebench.analyzer.model.ParsedInput;
import wirebench.analyzer.model.ResultTable;
import wirebench.analyzer.model.Row;
import wirebench.contract.Columns;

/**
 * A verdict for one run's throughput against another's: {@code samples_per_s} and {@code mbps}
 * of a pub/sub throughput point, {@code packets_per_s}, {@code data_mbps} and {@code wire_mbps} of a
 * UDP point, are judged on the rate slices the runner writes beside the summary row
 * ({@code pubsub-throughput-intervals} and {@code udp-intervals} rows with {@code duration_us}), one
 * run per side, by {@link SliceBootstrap}. A point is matched to its slices by the same key as the summary rows
 * (kind, context, size). Runs without slices (written before the runner recorded them, converted
 * from Perftest, other tools) are not testable, and the note says why.
 */
public final class SliceReplicates implements Comparison.SingleRunTest {
    /** The rates judged per kind of summary row, and the kind of its slices. */
    private static final Map<Kind, Set<String>> RATES = Map.of(Kind.THROUGHPUT, Set.of(Columns.SAMPLES_PER_S,
            Columns.MBPS), Kind.UDP, Set.of("packets_per_s", "data_mbps", "wire_mbps"));
    private static final Map<Kind, Kind> SLICES_OF = Map.of(Kind.THROUGHPUT_INTERVAL, Kind.THROUGHPUT,
            Kind.UDP_INTERVAL, Kind.UDP);
    private static final String DURATION_US = "duration_us";

    private final Map<String, Map<String, SliceBootstrap.Slices>> baseline;
    private final Map<String, Map<String, SliceBootstrap.Slices>> candidate;

    /** The slices of each side's runs (each list holds one entry per run), as read for the comparison. */
    public SliceReplicates(List<List<ParsedInput>> baseline, List<List<ParsedInput>> candidate) {
        this.baseline = slices(baseline);
        this.candidate = slices(candidate);
    }

    /**
     * point -> metric -> slices. A point found in two runs of a side is a repetition (judged over
     * runs instead): left out.
     */
    private static Map<String, Map<String, SliceBootstrap.Slices>> slices(List<List<ParsedInput>> runs) {
        Map<String, Map<String, SliceBootstrap.Slices>> out = new LinkedHashMap<>();
        Set<String> twice = new HashSet<>();
        for (List<ParsedInput> run : runs) {
            Map<String, List<Row>> rows = new LinkedHashMap<>();
            for (ParsedInput p : run) {
                for (ResultTable t : p.series()) {
                    Kind of = SLICES_OF.get(t.kind());
                    if (of == null || !t.columns().contains(DURATION_US)) {
                        continue;
                    }
                    for (Row r : t.rows()) {
                        String key = of.id() + PointKeys.of(t, r, false).substring(t.kind().id().length());
                        rows.computeIfAbsent(key, k -> new ArrayList<>()).add(r);
                    }
                }
            }
            rows.forEach((point, rs) -> {
                if (out.put(point, perMetric(rs)) != null) {
                    twice.add(point);
                }
            });
        }
        out.keySet().removeAll(twice);
        return out;
    }

    private static Map<String, SliceBootstrap.Slices> perMetric(List<Row> rows) {
        Map<String, SliceBootstrap.Slices> out = new HashMap<>();
        for (String metric : RATES.values().stream().flatMap(Set::stream).toList()) {
            double[] rates = new double[rows.size()];
            double[] weights = new double[rows.size()];
            int n = 0;
            for (Row r : rows) {
                Double v = r.number(metric);
                Double w = r.number(DURATION_US);
                if (v != null && w != null && w > 0) {
                    rates[n] = v;
                    weights[n++] = w;
                }
            }
            if (n > 0) {
                out.put(metric, new SliceBootstrap.Slices(java.util.Arrays.copyOf(rates, n),
                        java.util.Arrays.copyOf(weights, n)));
            }
        }
        return out;
    }

    @Override
    public Comparison.Delta judge(Comparison.Delta untested, double alpha) {
        if (!RATES.getOrDefault(untested.kind(), Set.of()).contains(untested.metric())
                || untested.baseline().length != 1 || untested.candidate().length != 1) {
            return null;
        }
        SliceBootstrap.Slices b = find(baseline, untested.point(), untested.metric());
        SliceBootstrap.Slices c = find(candidate, untested.point(), untested.metric());
        if (b == null || c == null) {
            String which = b == null && c == null ? "either run" : b == null ? "the baseline" : "the candidate";
            return new Comparison.Delta(untested.point(), untested.kind(), untested.metric(), untested.direction(),
                    untested.baseline(), untested.candidate(), untested.baselineMedian(), untested.candidateMedian(),
                    untested.baselineCi(), untested.candidateCi(), untested.deltaPct(), null, null,
                    untested.note() + ": no rate slices in " + which + " (written before the runner recorded "
                            + "them, or not by the runner); run repetitions", untested.method());
        }
        IntervalBootstrap.Outcome o = SliceBootstrap.compare(b, c, (untested.point() + untested.metric()).hashCode());
        return SingleRunReplicates.judged(untested, o, "slices", alpha);
    }

    /** The slices of {@code point}: by its key, else the only point whose fields include all of its own. */
    private static SliceBootstrap.Slices find(Map<String, Map<String, SliceBootstrap.Slices>> side, String point,
            String metric) {
        Map<String, SliceBootstrap.Slices> m = side.get(point);
        if (m == null) {
            Map<String, String> want = SingleRunReplicates.pointFields(point);
            for (Map.Entry<String, Map<String, SliceBootstrap.Slices>> e : side.entrySet()) {
                if (SingleRunReplicates.pointFields(e.getKey()).entrySet().containsAll(want.entrySet())) {
                    if (m != null) {
                        return null; // several match: none is the point's
                    }
                    m = e.getValue();
                }
            }
        }
        return m == null ? null : m.get(metric);
    }
}
