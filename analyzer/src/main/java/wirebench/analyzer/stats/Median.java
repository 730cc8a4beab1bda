package wirebench.analyzer.stats;

/**
 * The median, one rule for every place that takes one (repetitions of a point, compare's sides,
 * a history run's rows and the segments around a change point): the middle value of the sorted
 * values, the mean of the middle two for an even count, NaN values left out, NaN when none remain.
 * Computed by commons-math3 (Percentile's legacy estimate at 50%, the one Tablesaw's median uses),
 * by selection rather than a full sort.
 */
public final class Median {

    private Median() {
    }

    /** The median of {@code values}. */
    public static double of(double[] values) {
        return of(values, 0, values.length);
    }

    /** The median of {@code values[from, to)}; the array is not changed. */
    public static double of(double[] values, int from, int to) {
        return new org.apache.commons.math3.stat.descriptive.rank.Median().evaluate(values, from, to - from);
    }
}
