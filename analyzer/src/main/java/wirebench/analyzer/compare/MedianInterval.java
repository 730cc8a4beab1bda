package wirebench.analyzer.compare;

import java.util.Arrays;

/**
 * A distribution-free confidence interval of the median from order statistics: the widest rank
 * pair whose binomial coverage is at least 95%. With fewer than 6 values no pair reaches 95% and
 * the interval returned is [min, max], which is a range, not a 95% interval (its coverage is
 * 1 - 2/2^n: 50% at n=2, 75% at n=3): {@link #hasCoverage} tells which.
 */
public final class MedianInterval {
    private MedianInterval() {
    }

    /** The interval of the median of {@code v} (not changed): {lower, upper}. */
    public static double[] of(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        int n = s.length;
        int k = rank(n);
        if (k == 0) {
            return new double[] {s[0], s[n - 1]};
        }
        return new double[] {s[k - 1], s[n - k]};
    }

    /** Whether {@link #of} of {@code n} values is a 95% confidence interval (else it is the range). */
    public static boolean hasCoverage(int n) {
        return rank(n) > 0;
    }

    /** The largest k with P(X &lt;= k-1) &lt;= 0.025 for X ~ Binomial(n, 1/2); 0 when there is none. */
    private static int rank(int n) {
        int k = 0;
        double cum = 0;
        for (int j = 0; j < n; j++) {
            cum += binomialPmf(n, j);
            if (cum > 0.025) {
                break;
            }
            k = j + 1;
        }
        return k;
    }

    private static double binomialPmf(int n, int j) {
        double logC = 0;
        for (int i = 1; i <= j; i++) {
            logC += Math.log(n - j + i) - Math.log(i);
        }
        return Math.exp(logC - n * Math.log(2));
    }
}
