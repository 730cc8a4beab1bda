package wirebench.analyzer.history;

import java.time.Instant;
import java.util.List;

/**
 * One metric of one test point over the runs, in order (time, or commit).
 *
 * @param point   the test point's name
 * @param kind    its kind
 * @param metric  the column, units in its name
 * @param entries one value per run (or per commit): the median over the run's rows of that point
 */
public record Series(String point, String kind, String metric, List<Entry> entries) {

    /**
     * One value of the series.
     *
     * @param runId  the run (with {@code --order commit}: the commit's first run)
     * @param time   the run's time (with {@code --order commit}: the commit's first run's time)
     * @param commit the commit, or null
     * @param value  the value
     * @param runs   how many runs the value stands for (1 in time order)
     */
    public record Entry(String runId, Instant time, String commit, double value, int runs) {
    }

    public double[] values() {
        double[] v = new double[entries.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = entries.get(i).value();
        }
        return v;
    }

    /** A seed for this series' permutations: the same series name, the same random numbers. */
    public long seed() {
        long h = 1125899906842597L;
        for (char c : (point + "\u0000" + metric).toCharArray()) {
            h = 31 * h + c;
        }
        return h;
    }
}
