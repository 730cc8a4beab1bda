package wirebench.analyzer.compare;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Two-sided Mann-Whitney U test (Wilcoxon rank-sum), as benchstat uses it to decide whether two
 * sets of repetitions differ. Exact p-value by enumerating rank sums for small samples without
 * ties (n1 + n2 &lt;= 20), normal approximation with tie and continuity correction otherwise.
 */
public final class MannWhitney {
    private MannWhitney() {
    }

    /** The U statistic of {@code a} (number of (a, b) pairs with a &gt; b, ties counting 1/2). */
    public static double u(double[] a, double[] b) {
        double u = 0;
        for (double x : a) {
            for (double y : b) {
                u += x > y ? 1 : x == y ? 0.5 : 0;
            }
        }
        return u;
    }

    /** Two-sided p-value that {@code a} and {@code b} come from the same distribution. */
    public static double pValue(double[] a, double[] b) {
        int n1 = a.length;
        int n2 = b.length;
        if (n1 == 0 || n2 == 0) {
            return 1.0;
        }
        double u = u(a, b);
        boolean ties = hasTies(a, b);
        if (!ties && n1 + n2 <= 20) {
            return exact(u, n1, n2);
        }
        return normal(u, a, b);
    }

    /**
     * The smallest two-sided p-value any outcome can reach with these sample sizes: when it is
     * above alpha, no difference can ever be called significant.
     */
    public static double minimumPValue(int n1, int n2) {
        if (n1 == 0 || n2 == 0) {
            return 1.0;
        }
        return Math.min(1.0, 2.0 / binomial(n1 + n2, n1));
    }

    private static double exact(double u, int n1, int n2) {
        double[] dist = distribution(n1, n2);
        double total = 0;
        for (double d : dist) {
            total += d;
        }
        double mean = n1 * (double) n2 / 2.0;
        double dev = Math.abs(u - mean);
        double tail = 0;
        for (int k = 0; k < dist.length; k++) {
            if (Math.abs(k - mean) >= dev - 1e-9) {
                tail += dist[k];
            }
        }
        return Math.min(1.0, tail / total);
    }

    /** Frequencies of U = 0..n1*n2 over all C(n1+n2, n1) arrangements. */
    static double[] distribution(int n1, int n2) {
        // f(m, n, k) = f(m-1, n, k-n) + f(m, n-1, k)
        double[][][] f = new double[n1 + 1][n2 + 1][];
        for (int m = 0; m <= n1; m++) {
            for (int n = 0; n <= n2; n++) {
                double[] d = new double[m * n + 1];
                if (m == 0 || n == 0) {
                    d[0] = 1;
                } else {
                    double[] a = f[m - 1][n];
                    double[] b = f[m][n - 1];
                    for (int k = 0; k < d.length; k++) {
                        double v = 0;
                        if (k - n >= 0 && k - n < a.length) {
                            v += a[k - n];
                        }
                        if (k < b.length) {
                            v += b[k];
                        }
                        d[k] = v;
                    }
                }
                f[m][n] = d;
            }
        }
        return f[n1][n2];
    }

    private static double normal(double u, double[] a, double[] b) {
        int n1 = a.length;
        int n2 = b.length;
        double n = n1 + n2;
        double mean = n1 * (double) n2 / 2.0;
        double[] all = new double[n1 + n2];
        System.arraycopy(a, 0, all, 0, n1);
        System.arraycopy(b, 0, all, n1, n2);
        Arrays.sort(all);
        double tieSum = 0;
        for (int i = 0; i < all.length;) {
            int j = i;
            while (j < all.length && all[j] == all[i]) {
                j++;
            }
            double t = j - i;
            tieSum += t * t * t - t;
            i = j;
        }
        double var = n1 * (double) n2 / 12.0 * ((n + 1) - tieSum / (n * (n - 1)));
        if (var <= 0) {
            return 1.0;
        }
        double z = (Math.abs(u - mean) - 0.5) / Math.sqrt(var);
        if (z <= 0) {
            return 1.0;
        }
        return Math.min(1.0, 2 * (1 - phi(z)));
    }

    /** Standard normal CDF (Abramowitz-Stegun 7.1.26 erf approximation, error &lt; 1.5e-7). */
    static double phi(double z) {
        double x = Math.abs(z) / Math.sqrt(2);
        double t = 1 / (1 + 0.3275911 * x);
        double y = 1 - (((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t
                + 0.254829592) * t * Math.exp(-x * x);
        return z >= 0 ? 0.5 * (1 + y) : 0.5 * (1 - y);
    }

    private static boolean hasTies(double[] a, double[] b) {
        List<Double> all = new ArrayList<>();
        for (double x : a) {
            all.add(x);
        }
        for (double x : b) {
            all.add(x);
        }
        return all.stream().distinct().count() < all.size();
    }

    private static double binomial(int n, int k) {
        double r = 1;
        for (int i = 1; i <= k; i++) {
            r = r * (n - k + i) / i;
        }
        return r;
    }
}
