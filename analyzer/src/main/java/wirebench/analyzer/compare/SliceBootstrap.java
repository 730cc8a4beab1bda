package wirebench.analyzer.compare;

import java.util.SplittableRandom;

/**
 * Judges one run's rate (samples/s, Mbps) against another's from the time slices each holds (the
 * runner's {@code pubsub-throughput-intervals} rows: the rate of each slice and its length): a
 * <b>block bootstrap</b> whose blocks are the slices, the same method as {@link IntervalBootstrap}
 * for latency. A side's rate is the length-weighted mean of its slices' rates (all samples over all
 * time, as the summary row counts it).
 *
 * <p>Per side, while the lag-1 autocorrelation of the slice rates is above {@code 2/sqrt(k)}
 * (k slices) and a merge leaves at least {@value BlockBootstrap#MIN_BLOCKS} blocks, adjacent slices
 * are merged pairwise (longer blocks); a side of fewer than {@value BlockBootstrap#MIN_BLOCKS}
 * slices is not testable. Then
 * {@value BlockBootstrap#RESAMPLES} times: draw k blocks with replacement on each side, the weighted
 * mean rate of each, its distance from the side's rate widened by {@link #spread} on the log scale
 * (the correlation left between blocks, and k/(k-1)), and the relative difference. The 95% interval of the differences is the
 * confidence interval of the delta; the two-sided p-value is twice the smaller share on either side
 * of zero. Seeded: the same inputs give the same verdict.
 *
 * <p>Limits: blocks are assumed independent once merged (a drift slower than the run is not seen);
 * a run measures one state of one machine, so only repetitions capture run-to-run variation.
 */
final class SliceBootstrap {
    private SliceBootstrap() {
    }

    /** A side's slices in time order: the rate of each and its weight (the slice's length). */
    record Slices(double[] rates, double[] weights) {
        int size() {
            return rates.length;
        }

        /** The weighted mean rate of the slices drawn {@code w[b]} times each. */
        double rate(int[] w) {
            double sum = 0;
            double weight = 0;
            for (int b = 0; b < rates.length; b++) {
                sum += w[b] * weights[b] * rates[b];
                weight += w[b] * weights[b];
            }
            return weight == 0 ? 0 : sum / weight;
        }
    }

    /**
     * Adjacent slices merged pairwise (a last odd one into the pair before it) while their rates are
     * correlated with their neighbours' and a merge leaves at least {@link BlockBootstrap#MIN_BLOCKS}
     * blocks: the correlation left then widens the bootstrap instead ({@link #spread}).
     */
    static Slices decorrelate(Slices s) {
        Slices cur = s;
        while (BlockBootstrap.correlated(cur.rates()) && cur.size() / 2 >= BlockBootstrap.MIN_BLOCKS) {
            cur = mergePairs(cur);
        }
        return cur;
    }

    private static Slices mergePairs(Slices s) {
        int n = s.size() / 2;
        double[] rates = new double[n];
        double[] weights = new double[n];
        for (int i = 0; i < n; i++) {
            int hi = i == n - 1 ? s.size() : 2 * i + 2; // the last pair takes an odd slice left over
            double sum = 0;
            double weight = 0;
            for (int k = 2 * i; k < hi; k++) {
                sum += s.weights()[k] * s.rates()[k];
                weight += s.weights()[k];
            }
            rates[i] = weight == 0 ? 0 : sum / weight;
            weights[i] = weight;
        }
        return new Slices(rates, weights);
    }

    /** How much a side's resampled rates are spread around its rate ({@link BlockBootstrap#spread}). */
    static double spread(Slices s) {
        return BlockBootstrap.spread(s.rates());
    }

    /** The outcome for the rate: baseline and candidate rates, intervals, p-value (null with why). */
    static IntervalBootstrap.Outcome compare(Slices baseline, Slices candidate, long seed) {
        Slices b = decorrelate(baseline);
        Slices c = decorrelate(candidate);
        double rb = b.rate(BlockBootstrap.once(b.size()));
        double rc = c.rate(BlockBootstrap.once(c.size()));
        String why = null;
        if (b.size() < BlockBootstrap.MIN_BLOCKS || c.size() < BlockBootstrap.MIN_BLOCKS) {
            why = b.size() + "+" + c.size() + " slices, fewer than " + BlockBootstrap.MIN_BLOCKS;
        } else if (rb == 0) {
            why = "the baseline's rate is 0";
        }
        if (why != null) {
            return new IntervalBootstrap.Outcome(rb, rc, new double[] {rb, rb}, new double[] {rc, rc}, null, null, why,
                    b.rates(), c.rates());
        }
        double[] db = new double[BlockBootstrap.RESAMPLES];
        double[] dc = new double[BlockBootstrap.RESAMPLES];
        double[] dd = new double[BlockBootstrap.RESAMPLES];
        SplittableRandom rnd = new SplittableRandom(seed);
        int[] wb = new int[b.size()];
        int[] wc = new int[c.size()];
        double gb = spread(b);
        double gc = spread(c);
        for (int r = 0; r < dd.length; r++) {
            BlockBootstrap.draw(rnd, wb);
            BlockBootstrap.draw(rnd, wc);
            db[r] = BlockBootstrap.widened(b.rate(wb), rb, gb);
            dc[r] = BlockBootstrap.widened(c.rate(wc), rc, gc);
            dd[r] = db[r] == 0 ? 0 : (dc[r] - db[r]) / Math.abs(db[r]) * 100.0;
        }
        return new IntervalBootstrap.Outcome(rb, rc, BlockBootstrap.interval(db), BlockBootstrap.interval(dc),
                BlockBootstrap.interval(dd), BlockBootstrap.pValue(dd), null, b.rates(), c.rates());
    }
}
