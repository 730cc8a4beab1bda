package wirebench.analyzer.history;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import picocli.CommandLine.Option;
import wirebench.contract.WirebenchException;

/** Options of the change point detection (Otava's parameters). */
final class DetectOptions {
    @Option(names = "--window", defaultValue = "50", paramLabel = "N",
            description = "Values per sliding window of the split step, at least 4 (Otava's window; default: "
                    + "${DEFAULT-VALUE}).")
    int window;

    @Option(names = {"--p-value", "--max-pvalue"}, defaultValue = "0.001", paramLabel = "P",
            description = "Significance threshold of a change point (Otava's max_pvalue; default: "
                    + "${DEFAULT-VALUE}).")
    double pValue;

    @Option(names = "--min-magnitude", defaultValue = "0", paramLabel = "PCT",
            description = "Smallest change kept, in percent of the median before (Otava's min_magnitude as a "
                    + "percentage; default: ${DEFAULT-VALUE}).")
    double minMagnitudePct;

    @Option(names = "--min-segment", defaultValue = "" + EDivisive.Params.DEFAULT_MIN_SEGMENT, paramLabel = "N",
            description = "Values at least on each side of a change point: shorter runs of values are "
                    + "never split off, which keeps single outliers from becoming changes "
                    + "(default: ${DEFAULT-VALUE}).")
    int minSegment;

    @Option(names = "--permutations", defaultValue = "99", paramLabel = "N",
            description = "Permutations per significance test, raised to 1/P-1 when fewer cannot reach P "
                    + "(default: ${DEFAULT-VALUE}).")
    int permutations;

    @Option(names = "--seed", defaultValue = "1", paramLabel = "N",
            description = "Seed of the permutations: the same history and seed give the same answer "
                    + "(default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--order", defaultValue = "time", paramLabel = "ORDER",
            description = "time: one value per run in time order; commit: one value per commit (the median of "
                    + "its runs), commits in the order of their first run, runs without a commit left out "
                    + "(default: ${DEFAULT-VALUE}).")
    String order;

    @Option(names = "--metric", paramLabel = "METRIC", split = ",",
            description = "Only these metrics (default: every metric whose better direction is known).")
    List<String> metrics = new ArrayList<>();

    @Option(names = "--threads", defaultValue = "2", paramLabel = "N",
            description = "Series analysed in parallel (default: ${DEFAULT-VALUE}).")
    int threads;

    EDivisive.Params params() {
        byCommit(); // --order checked with the others, before the database is opened
        if (threads < 1) {
            throw new WirebenchException(WirebenchException.USAGE, "--threads: expected 1 or more, got " + threads);
        }
        try {
            return new EDivisive.Params(window, pValue, minMagnitudePct / 100.0, permutations, seed, minSegment);
        } catch (IllegalArgumentException e) {
            throw new WirebenchException(WirebenchException.USAGE, "history: " + e.getMessage());
        }
    }

    boolean byCommit() {
        if (!order.equals("time") && !order.equals("commit")) {
            throw new WirebenchException(WirebenchException.USAGE, "--order '" + order + "': expected time or "
                    + "commit");
        }
        return order.equals("commit");
    }

    /** Refuses (usage error) a {@code --metric} that no run of {@code db} has; {@code stored}: the metrics it has. */
    void checkStored(Set<String> stored, java.nio.file.Path db) {
        for (String m : metrics) {
            if (!stored.contains(m)) {
                throw new WirebenchException(WirebenchException.USAGE, "--metric '" + m + "': not stored in " + db);
            }
        }
    }

    Set<String> metricSet() {
        return new LinkedHashSet<>(metrics);
    }
}
