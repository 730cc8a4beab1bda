package wirebench.analyzer.compare;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import tech.tablesaw.api.DoubleColumn;
import wirebench.analyzer.model.Kind;
import wirebench.analyzer.model.ParsedInput;
import wirebench.analyzer.model.ResultTable;
import wirebench.analyzer.model.Row;
import wirebench.contract.Numbers;
import wirebench.analyzer.stats.Median;

/**
 * Compares two sets of runs on the benchstat model. Test points are matched by key (kind, the
 * table's context such as transport, reliability, keyed, method, and the size); each side may
 * hold several repetitions of a point (several runs, or rows differing only in a
 * {@code repetition} key). Per metric: medians, a distribution-free 95% confidence interval of
 * each median, the delta in percent, and a two-sided Mann-Whitney U test when both sides have at
 * least two repetitions. Percentiles are compared as measured, never averaged.
 */
public final class Comparison {
    /** The method name of the test over repetitions. */
    public static final String MANN_WHITNEY = "Mann-Whitney U";

    private final double alpha;
    private SingleRunTest singleRun;

    public Comparison(double alpha) {
        this.alpha = alpha;
    }

    /**
     * A significance test for a metric where a side has a single value (one run): returns the
     * judged delta (with its {@code method}), or null when it cannot judge this one.
     */
    public interface SingleRunTest {
        Delta judge(Delta untested, double alpha);

        /** This test, and {@code next} where this one cannot judge. */
        default SingleRunTest or(SingleRunTest next) {
            return (untested, alpha) -> {
                Delta d = judge(untested, alpha);
                return d != null ? d : next.judge(untested, alpha);
            };
        }
    }

    /** Judges single-value metrics with {@code test} where it can (see {@link SingleRunReplicates}). */
    public Comparison withSingleRunTest(SingleRunTest test) {
        this.singleRun = test;
        return this;
    }

    /**
     * One compared metric of one test point; {@code method} names the test behind the verdict
     * ({@code Mann-Whitney U} over repetitions, {@code interval bootstrap} within single runs, or
     * {@code none (...)}).
     */
    public record Delta(String point, Kind kind, String metric, Metric direction, double[] baseline,
            double[] candidate, double baselineMedian, double candidateMedian, double[] baselineCi,
            double[] candidateCi, Double deltaPct, Double pValue, String verdict, String note, String method) {

        /** A delta whose method follows from its sizes: Mann-Whitney U when tested, else none. */
        public Delta(String point, Kind kind, String metric, Metric direction, double[] baseline,
                double[] candidate, double baselineMedian, double candidateMedian, double[] baselineCi,
                double[] candidateCi, Double deltaPct, Double pValue, String verdict, String note) {
            this(point, kind, metric, direction, baseline, candidate, baselineMedian, candidateMedian, baselineCi,
                    candidateCi, deltaPct, pValue, verdict, note, pValue == null
                            ? "none (n=" + Math.min(baseline.length, candidate.length) + ")" : MANN_WHITNEY);
        }

        /** Whether a significance test was possible and found a change. */
        public boolean significant() {
            return pValue != null && verdict != null && !verdict.equals("~");
        }

        /** True when each side had one value only. */
        public boolean singleRun() {
            return baseline.length < 2 || candidate.length < 2;
        }
    }

    /** The result: deltas in point order, points present on one side only, and notes. */
    public record Result(List<Delta> deltas, List<String> onlyInBaseline, List<String> onlyInCandidate,
            List<String> notes) {
    }

    /**
     * Compares {@code baseline} with {@code candidate}: each list holds one entry per run
     * (repetition), each run being all the inputs read from one path.
     */
    public Result compare(List<List<ParsedInput>> baseline, List<List<ParsedInput>> candidate) {
        List<String> notes = new ArrayList<>();
        Set<Kind> ignoreContext = PointKeys.kindsWithOneContextEachSide(baseline, candidate);
        Map<String, Map<String, DoubleColumn>> base = PointKeys.collect(baseline, ignoreContext);
        Map<String, Map<String, DoubleColumn>> cand = PointKeys.collect(candidate, ignoreContext);
        Map<String, Kind> kinds = new LinkedHashMap<>();
        PointKeys.collectKinds(baseline, ignoreContext, kinds);
        PointKeys.collectKinds(candidate, ignoreContext, kinds);
        if (!ignoreContext.isEmpty()) {
            notes.add("matched " + ignoreContext.stream().map(Kind::id).sorted().toList()
                    + " points by size only: each side holds a single test of that kind (their labels differ)");
        }

        List<Delta> deltas = new ArrayList<>();
        List<String> onlyBase = new ArrayList<>();
        List<String> onlyCand = new ArrayList<>();
        Set<String> warnedSmallN = new HashSet<>();
        for (String point : base.keySet()) {
            if (!cand.containsKey(point)) {
                onlyBase.add(point);
                continue;
            }
            Map<String, DoubleColumn> b = base.get(point);
            Map<String, DoubleColumn> c = cand.get(point);
            for (String metric : b.keySet()) {
                if (!c.containsKey(metric) || Metric.of(metric) == Metric.NEUTRAL) {
                    continue;
                }
                Delta d = delta(point, kinds.get(point), metric, b.get(metric).asDoubleArray(),
                        c.get(metric).asDoubleArray());
                deltas.add(d);
                int nb = d.baseline().length;
                int nc = d.candidate().length;
                if (nb >= 2 && nc >= 2 && MannWhitney.minimumPValue(nb, nc) > alpha
                        && warnedSmallN.add(nb + "+" + nc)) {
                    notes.add("n=" + nb + "+" + nc + " repetitions can never reach significance at alpha="
                            + Numbers.plain(alpha) + " (smallest possible p=" + Numbers.upTo(
                                    MannWhitney.minimumPValue(nb, nc), 3) + "): no verdict, gates decide on the delta "
                                    + "alone; run more repetitions");
                }
            }
        }
        for (String point : cand.keySet()) {
            if (!base.containsKey(point)) {
                onlyCand.add(point);
            }
        }
        return new Result(deltas, onlyBase, onlyCand, notes);
    }

    /** The percentiles compared between merged latency distributions. */
    private static final double[] DIST_PERCENTILES = {50, 90, 99, 99.9, 99.99, 100};
    private static final String[] DIST_METRICS = {"p50_us", "p90_us", "p99_us", "p999_us", "p9999_us", "max_us"};

    /**
     * Deltas between latency distributions (HdrHistogram logs of the same name on both sides). The
     * values shown are percentiles of each side's histograms merged over its runs (percentiles are
     * never averaged); with at least two runs per side, the per-run percentiles feed the
     * Mann-Whitney test.
     *
     * @param baseline  log name -> one histogram (ns) per run
     * @param candidate the same for the candidate
     */
    public List<Delta> distributions(Map<String, List<org.HdrHistogram.Histogram>> baseline,
            Map<String, List<org.HdrHistogram.Histogram>> candidate) {
        List<Delta> out = new ArrayList<>();
        for (Map.Entry<String, List<org.HdrHistogram.Histogram>> e : baseline.entrySet()) {
            List<org.HdrHistogram.Histogram> cand = candidate.get(e.getKey());
            if (cand == null) {
                continue;
            }
            org.HdrHistogram.Histogram mb = merge(e.getValue());
            org.HdrHistogram.Histogram mc = merge(cand);
            for (int i = 0; i < DIST_PERCENTILES.length; i++) {
                double pct = DIST_PERCENTILES[i];
                double[] b = perRun(e.getValue(), pct);
                double[] c = perRun(cand, pct);
                Delta d = delta("distribution " + e.getKey() + " (n=" + mb.getTotalCount() + "+" + mc.getTotalCount()
                        + " values)", Kind.LATENCY, DIST_METRICS[i], b, c);
                double vb = mb.getValueAtPercentile(pct) / 1000.0;
                double vc = mc.getValueAtPercentile(pct) / 1000.0;
                Double deltaPct = vb == 0 ? null : (vc - vb) / Math.abs(vb) * 100.0;
                String note = d.note() + "; merged histograms";
                out.add(new Delta(d.point(), d.kind(), d.metric(), d.direction(), d.baseline(), d.candidate(), vb, vc,
                        d.baselineCi(), d.candidateCi(), deltaPct, d.pValue(), d.verdict(), note, d.method()));
            }
        }
        return out;
    }

    private static org.HdrHistogram.Histogram merge(List<org.HdrHistogram.Histogram> hs) {
        org.HdrHistogram.Histogram m = new org.HdrHistogram.Histogram(3);
        m.setAutoResize(true);
        hs.forEach(m::add);
        return m;
    }

    private static double[] perRun(List<org.HdrHistogram.Histogram> hs, double pct) {
        double[] v = new double[hs.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = hs.get(i).getValueAtPercentile(pct) / 1000.0;
        }
        return v;
    }

    Delta delta(String point, Kind kind, String metric, double[] b, double[] c) {
        double mb = Median.of(b);
        double mc = Median.of(c);
        // a zero baseline has no percentage (null: the writers and gates show the absolute change); written as
        // if/else because "mc == 0 ? 0.0 : null" unboxes the null
        Double pct;
        if (mb != 0) {
            pct = (mc - mb) / Math.abs(mb) * 100.0;
        } else {
            pct = mc == 0 ? Double.valueOf(0) : null;
        }
        Metric dir = Metric.of(metric);
        if (b.length < 2 || c.length < 2) {
            String note = "no significance test (n=" + Math.min(b.length, c.length) + ")";
            Delta untested = new Delta(point, kind, metric, dir, b, c, mb, mc, MedianInterval.of(b), MedianInterval.of(c), pct, null, null, note);
            Delta judged = singleRun == null ? null : singleRun.judge(untested, alpha);
            return judged == null ? untested : judged;
        }
        double p = MannWhitney.pValue(b, c);
        double minP = MannWhitney.minimumPValue(b.length, c.length);
        if (minP > alpha) {
            // no outcome could be significant: "~" would claim a test that cannot find anything
            return new Delta(point, kind, metric, dir, b, c, mb, mc, MedianInterval.of(b), MedianInterval.of(c), pct, null, null,
                    "no significance test possible (n=" + b.length + "+" + c.length + ": smallest p="
                            + Numbers.upTo(minP, 3) + " > alpha; p=" + Numbers.upTo(p, 3) + ")");
        }
        String verdict;
        if (p >= alpha || mc == mb) {
            verdict = "~";
        } else {
            boolean up = mc > mb;
            boolean better = dir == Metric.HIGHER_IS_BETTER ? up : !up;
            verdict = better ? "better" : "worse";
        }
        return new Delta(point, kind, metric, dir, b, c, mb, mc, MedianInterval.of(b), MedianInterval.of(c), pct, p, verdict,
                "p=" + Numbers.upTo(p, 3) + " n=" + b.length + "+" + c.length);
    }

    /** e.g. {@code latency transport=UDPv4 reliability=reliable 32 B} ({@link PointKeys#of}). */
    public static String pointKey(ResultTable t, Row r, boolean ignoreContext) {
        return PointKeys.of(t, r, ignoreContext);
    }
}
