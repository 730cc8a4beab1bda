package wirebench.analyzer.parse;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import wirebench.analyzer.model.Row;

/**
 * The progress lines as interval rows, bounded: at most {@link #MAX_PER_RUN} rows per run. When
 * a run has more (the original prints one a second, forever once END was lost), every other row
 * of that run is dropped and from then on only every 2nd, 4th, ... line is kept; the count is
 * cumulative, so a kept row is exact at its interval. Only the first {@link #MAX_RUNS} runs with
 * progress lines are kept (the rest are counted). Memory does not grow with the lines. The
 * interval rows of {@link SpeedTestParser} (speed_test's {@code debug: N packets received}).
 */
final class SpeedTestProgress {
    static final int MAX_PER_RUN = 2000;
    static final int MAX_RUNS = 20;
    private final List<Row> rows = new ArrayList<>();
    private final Set<Integer> runs = new HashSet<>();
    private int run;
    private int runStart;
    private int stride = 1;
    private long droppedRuns;

    void add(int runNo, int interval, long received) {
        if (runNo != run && runs.size() >= MAX_RUNS && !runs.contains(runNo)) {
            if (interval == 1) {
                droppedRuns++;
            }
            return;
        }
        runs.add(runNo);
        if (runNo != run) {
            run = runNo;
            runStart = rows.size();
            stride = 1;
        }
        if ((interval - 1) % stride != 0) {
            return;
        }
        rows.add(Row.builder().measure("run", (double) runNo).measure("interval", (double) interval)
                .measure("received", (double) received).build());
        if (rows.size() - runStart > MAX_PER_RUN) {
            List<Row> kept = new ArrayList<>();
            for (int i = runStart; i < rows.size(); i++) {
                if ((i - runStart) % 2 == 0) {
                    kept.add(rows.get(i));
                }
            }
            rows.subList(runStart, rows.size()).clear();
            rows.addAll(kept);
            stride *= 2;
        }
    }

    List<Row> rows() {
        return rows;
    }

    /** A note when runs' progress lines were left out. */
    Optional<String> dropped() {
        return droppedRuns == 0 ? Optional.empty() : Optional.of("progress lines ('N packets "
                + "received') of " + droppedRuns + " runs after the first " + MAX_RUNS + " not kept as interval rows");
    }
}
