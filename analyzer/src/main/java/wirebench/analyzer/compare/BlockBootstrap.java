package wirebench.analyzer.compare;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The rules shared by the single-run tests ({@link IntervalBootstrap} for latency,
 * {@link SliceBootstrap} for rates): how many blocks a side needs, when neighbouring blocks count
 * as correlated, how blocks are drawn, and the percentile interval and two-sided p-value of the
 * resampled differences.
 */
final class BlockBootstrap {
    /** Blocks each side needs (after merging correlated neighbours). */
    static final int MIN_BLOCKS = 8;
    /** Resamples per comparison. */
    static final int RESAMPLES = 2000;

    private BlockBootstrap() {
    }

    /**
     * Whether neighbouring blocks of {@code x} (one value per block, in time order) are correlated:
     * their lag-1 autocorrelation is above {@code 2/sqrt(k)}, the usual bound for white noise.
     */
    static boolean correlated(double[] x) {
        return x.length >= 2 && lag1(x) > 2 / Math.sqrt(x.length);
    }

    /** Lag-1 autocorrelation of {@code x}; 0 when it does not vary. */
    static double lag1(double[] x) {
        int k = x.length;
        double mean = 0;
        for (double v : x) {
            mean += v / k;
        }
        double num = 0;
        double den = 0;
        for (int i = 0; i < k; i++) {
            den += (x[i] - mean) * (x[i] - mean);
            if (i > 0) {
                num += (x[i] - mean) * (x[i - 1] - mean);
            }
        }
        return den == 0 ? 0 : num / den;
    }

    /**
     * How much a side's resampled statistics are spread around its statistic: the bootstrap of k
     * blocks underestimates the variance of their mean by (k-1)/k, and neighbouring blocks still
     * correlated (lag-1 autocorrelation r &gt; 0 of {@code x}, one value per block, but under the
     * merging bound; its estimate corrected for its small-sample bias) make the mean vary
     * (1+r)/(1-r) times more than independent blocks would (an AR(1) process's long-run variance):
     * the square root of the product of both, at least 1.
     */
    static double spread(double[] x) {
        int k = x.length;
        // the lag-1 estimate of k values falls short of an AR(1) process's phi by about (1 + 4 phi)/k
        // (Marriott and Pope, 1954): corrected, at most 0.9
        double r = (lag1(x) + 1.0 / k) / (1 - 4.0 / k);
        r = Math.min(0.9, Math.max(0, r));
        return Math.sqrt(k / (k - 1.0) * (1 + r) / (1 - r));
    }

    /**
     * A resampled statistic {@code x} moved {@code g} times as far from the side's statistic
     * {@code at}, on the log scale (statistics are positive and vary by factors: a widened one never
     * goes below 0).
     */
    static double widened(double x, double at, double g) {
        return x <= 0 || at <= 0 ? x : at * Math.exp(Math.log(x / at) * g);
    }

    /** Draws {@code w.length} blocks with replacement: {@code w[b]} is how often block b was drawn. */
    static void draw(SplittableRandom rnd, int[] w) {
        Arrays.fill(w, 0);
        for (int i = 0; i < w.length; i++) {
            w[rnd.nextInt(w.length)]++;
        }
    }

    /** Every block once. */
    static int[] once(int blocks) {
        int[] w = new int[blocks];
        Arrays.fill(w, 1);
        return w;
    }

    /** The 2.5th and 97.5th percentiles of {@code v} (not changed). */
    static double[] interval(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return new double[] {at(s, 0.025), at(s, 0.975)};
    }

    /**
     * Two-sided bootstrap p-value of resampled differences: twice the smaller share on either side
     * of zero, at least {@code 1/RESAMPLES}, at most 1.
     */
    static double pValue(double[] deltas) {
        long le = Arrays.stream(deltas).filter(x -> x <= 0).count();
        long ge = Arrays.stream(deltas).filter(x -> x >= 0).count();
        return Math.min(1.0, Math.max(1.0 / deltas.length, 2.0 * Math.min(le, ge) / deltas.length));
    }

    /** The {@code q} quantile of sorted {@code s} (nearest rank). */
    private static double at(double[] s, double q) {
        int i = (int) Math.ceil(q * s.length) - 1;
        return s[Math.max(0, Math.min(s.length - 1, i))];
    }
}
