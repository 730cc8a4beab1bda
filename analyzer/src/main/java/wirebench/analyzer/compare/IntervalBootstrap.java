package wirebench.analyzer.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

import wirebench.contract.Numbers;

/**
 * Judges one run against one run from the intervals each holds (the {@code .hlog}'s consecutive
 * interval histograms): a <b>block bootstrap</b> whose blocks are the intervals, so that samples
 * close in time stay together and their correlation is kept inside a block.
 *
 * <p>Per side, the intervals are first checked for correlation between neighbours: while the
 * lag-1 autocorrelation of the interval medians is above {@code 2/sqrt(k)} (k intervals), adjacent
 * intervals are merged pairwise (longer blocks); with fewer than {@value #MIN_BLOCKS} blocks left
 * the point is not testable. Then {@value #RESAMPLES} times: draw k blocks with replacement on each
 * side, compute each statistic (a percentile or the mean) of the drawn samples, and the relative
 * difference candidate vs baseline. The 95% interval of those differences (2.5th and 97.5th
 * percentiles) is the confidence interval of the delta; a verdict is given when it excludes zero,
 * and the two-sided bootstrap p-value is twice the smaller share of differences on either side of
 * zero. The random generator is seeded from the point's name: the same inputs give the same verdict.
 *
 * <p>Limits: blocks are assumed independent once merged (slow drifts longer than a block are not
 * seen as correlation); a percentile is only tested where each side holds at least
 * {@value #MIN_TAIL} samples beyond it (p99.9 needs 10,000 samples); minimum and maximum are not
 * bootstrapped (a resample can never go beyond the observed extremes).
 */
public final class IntervalBootstrap {
    /** Blocks each side needs (after merging correlated neighbours). */
    public static final int MIN_BLOCKS = BlockBootstrap.MIN_BLOCKS;
    /** Resamples per comparison. */
    public static final int RESAMPLES = BlockBootstrap.RESAMPLES;
    /** Samples beyond a percentile that each side must hold for it to be tested. */
    public static final int MIN_TAIL = 10;
    private static final double NS_PER_US = 1000.0;

    /** Percentile levels computed per resample (0..100), and the mean after them. */
    private final double[] levels;
    private final boolean widen;

    /** @param levels the percentiles (0..100) to compare; the mean is always compared too */
    public IntervalBootstrap(double... levels) {
        this(false, levels);
    }

    private IntervalBootstrap(boolean widen, double... levels) {
        this.levels = levels.clone();
        this.widen = widen;
    }

    /**
     * The same method with each side's resampled statistics spread around its statistic by
     * {@link BlockBootstrap#spread} of its blocks' medians, as {@link SliceBootstrap} spreads rates:
     * for few short blocks (an RPC case's blocks of a few calls), whose bootstrap alone is too
     * narrow by the shortfall of k blocks and the correlation left between neighbours.
     */
    public IntervalBootstrap widened() {
        return new IntervalBootstrap(true, levels);
    }

    /**
     * The outcome for one statistic.
     *
     * @param baseline      the baseline's statistic over all its samples, us
     * @param candidate     the candidate's, us
     * @param baselineCi    95% bootstrap interval of the baseline's statistic
     * @param candidateCi   the same for the candidate
     * @param deltaCiPct    95% bootstrap interval of the delta, % of the baseline
     * @param pValue        two-sided bootstrap p-value (at least 1/{@value #RESAMPLES}), null when not testable
     * @param why           why it is not testable (null when tested)
     * @param baselineBlocks the statistic of each baseline block (interval, after merging), us
     * @param candidateBlocks the same for the candidate
     */
    public record Outcome(double baseline, double candidate, double[] baselineCi, double[] candidateCi,
            double[] deltaCiPct, Double pValue, String why, double[] baselineBlocks, double[] candidateBlocks) {
    }

    /** Per statistic (the levels in order, then the mean), with the blocks used per side. */
    public record Result(List<Outcome> outcomes, int baselineBlocks, int candidateBlocks) {
    }

    /** One side prepared: sorted distinct values and, per block, its count of each. */
    private static final class Side {
        final double[] values;
        final int[] block;
        final long[] count;
        final long[] blockTotal;
        final long total;

        Side(List<Histogram> blocks) {
            List<long[]> entries = new ArrayList<>();
            blockTotal = new long[blocks.size()];
            long t = 0;
            for (int b = 0; b < blocks.size(); b++) {
                for (HistogramIterationValue v : blocks.get(b).recordedValues()) {
                    entries.add(new long[] {blocks.get(b).highestEquivalentValue(v.getValueIteratedTo()), b,
                            v.getCountAtValueIteratedTo()});
                    blockTotal[b] += v.getCountAtValueIteratedTo();
                }
                t += blockTotal[b];
            }
            total = t;
            entries.sort((x, y) -> Long.compare(x[0], y[0]));
            values = new double[entries.size()];
            block = new int[entries.size()];
            count = new long[entries.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = entries.get(i)[0] / NS_PER_US;
                block[i] = (int) entries.get(i)[1];
                count[i] = entries.get(i)[2];
            }
        }

        /** The statistics (levels, then mean) of the samples of the blocks weighted by {@code w}. */
        double[] stats(double[] levels, int[] w) {
            long n = 0;
            for (int b = 0; b < w.length; b++) {
                n += w[b] * blockTotal[b];
            }
            double[] out = new double[levels.length + 1];
            long[] rank = new long[levels.length];
            for (int j = 0; j < levels.length; j++) {
                // HdrHistogram's rank: the value at which the running count reaches pct of the total
                rank[j] = Math.max(1, (long) (levels[j] / 100.0 * n + 0.5));
            }
            long seen = 0;
            double sum = 0;
            int next = 0;
            for (int i = 0; i < values.length; i++) {
                long c = w[block[i]] * count[i];
                if (c == 0) {
                    continue;
                }
                seen += c;
                sum += c * values[i];
                while (next < levels.length && seen >= rank[next]) {
                    out[next++] = values[i];
                }
            }
            while (next < levels.length) {
                out[next++] = values.length == 0 ? 0 : values[values.length - 1];
            }
            out[levels.length] = n == 0 ? 0 : sum / n;
            return out;
        }
    }

    /**
     * Compares the baseline's intervals with the candidate's (values in ns, time order), seeded by
     * {@code seed}. Each list is one run's intervals.
     */
    public Result compare(List<Histogram> baseline, List<Histogram> candidate, long seed) {
        List<Histogram> b = decorrelate(baseline);
        List<Histogram> c = decorrelate(candidate);
        Side sb = new Side(b);
        Side sc = new Side(c);
        double[] pb = sb.stats(levels, BlockBootstrap.once(b.size()));
        double[] pc = sc.stats(levels, BlockBootstrap.once(c.size()));
        int m = levels.length + 1;
        String why = null;
        if (b.size() < MIN_BLOCKS || c.size() < MIN_BLOCKS) {
            why = b.size() + "+" + c.size() + " intervals, fewer than " + MIN_BLOCKS;
        }
        List<Outcome> out = new ArrayList<>();
        if (why != null) {
            for (int j = 0; j < m; j++) {
                out.add(new Outcome(pb[j], pc[j], new double[] {pb[j], pb[j]}, new double[] {pc[j], pc[j]}, null,
                        null, why, blockStats(sb, b.size(), j), blockStats(sc, c.size(), j)));
            }
            return new Result(out, b.size(), c.size());
        }
        double[][] db = new double[m][RESAMPLES];
        double[][] dc = new double[m][RESAMPLES];
        double[][] dd = new double[m][RESAMPLES];
        SplittableRandom rnd = new SplittableRandom(seed);
        int[] wb = new int[b.size()];
        int[] wc = new int[c.size()];
        double gb = widen ? BlockBootstrap.spread(medians(b)) : 1;
        double gc = widen ? BlockBootstrap.spread(medians(c)) : 1;
        for (int r = 0; r < RESAMPLES; r++) {
            BlockBootstrap.draw(rnd, wb);
            BlockBootstrap.draw(rnd, wc);
            double[] xb = sb.stats(levels, wb);
            double[] xc = sc.stats(levels, wc);
            if (widen) {
                for (int j = 0; j < m; j++) {
                    xb[j] = BlockBootstrap.widened(xb[j], pb[j], gb);
                    xc[j] = BlockBootstrap.widened(xc[j], pc[j], gc);
                }
            }
            for (int j = 0; j < m; j++) {
                db[j][r] = xb[j];
                dc[j][r] = xc[j];
                dd[j][r] = xb[j] == 0 ? 0 : (xc[j] - xb[j]) / Math.abs(xb[j]) * 100.0;
            }
        }
        for (int j = 0; j < m; j++) {
            String tail = null;
            if (j < levels.length) {
                double beyond = (1 - levels[j] / 100.0);
                if (Math.min(sb.total, sc.total) * beyond < MIN_TAIL) {
                    tail = "p" + Numbers.plain(levels[j]) + " needs " + Math.round(MIN_TAIL / beyond) + " samples";
                }
            }
            double p = BlockBootstrap.pValue(dd[j]);
            out.add(new Outcome(pb[j], pc[j], BlockBootstrap.interval(db[j]), BlockBootstrap.interval(dc[j]),
                    BlockBootstrap.interval(dd[j]), tail == null ? p : null, tail, blockStats(sb, b.size(), j),
                    blockStats(sc, c.size(), j)));
        }
        return new Result(out, b.size(), c.size());
    }

    /** Statistic {@code j} of each block of a side on its own. */
    private double[] blockStats(Side s, int blocks, int j) {
        double[] out = new double[blocks];
        int[] w = new int[blocks];
        for (int b = 0; b < blocks; b++) {
            w[b] = 1;
            out[b] = s.stats(levels, w)[j];
            w[b] = 0;
        }
        return out;
    }

    /**
     * Merges adjacent intervals pairwise while their medians are correlated with their neighbours'
     * (lag-1 autocorrelation above {@code 2/sqrt(k)}, the usual bound for white noise); fewer than
     * {@link #MIN_BLOCKS} blocks may remain (then nothing is tested). Inputs are not modified.
     */
    static List<Histogram> decorrelate(List<Histogram> intervals) {
        List<Histogram> cur = new ArrayList<>();
        for (Histogram h : intervals) {
            if (h.getTotalCount() > 0) {
                cur.add(h);
            }
        }
        while (BlockBootstrap.correlated(medians(cur))) {
            cur = mergePairs(cur);
        }
        return cur;
    }

    /**
     * Adjacent intervals added pairwise (a last odd one into the pair before it), as new histograms;
     * the inputs are not modified.
     */
    static List<Histogram> mergePairs(List<Histogram> hs) {
        List<Histogram> merged = new ArrayList<>();
        for (int i = 0; i + 1 < hs.size(); i += 2) {
            Histogram m = hs.get(i).copy();
            m.setAutoResize(true);
            m.add(hs.get(i + 1));
            merged.add(m);
        }
        if (hs.size() % 2 == 1) {
            if (merged.isEmpty()) {
                merged.add(hs.get(0));
            } else {
                merged.get(merged.size() - 1).add(hs.get(hs.size() - 1));
            }
        }
        return merged;
    }

    /** The median of each interval, in order. */
    private static double[] medians(List<Histogram> hs) {
        double[] x = new double[hs.size()];
        for (int i = 0; i < x.length; i++) {
            x[i] = hs.get(i).getValueAtPercentile(50);
        }
        return x;
    }
}
